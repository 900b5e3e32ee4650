// A Green Button file the customer uploaded (from a previous home or another utility), shown on the
// same charts as the meter's data but never mixed with it: its readings are folded into the same
// views, by the file's own local days, with no cost (another utility's tariff is not ours to apply)
// and no weather (the file's home may be elsewhere).
import type {
  UsageDay,
  UsageDetailsQuery,
  UsageDetailsResponse,
  UsageIntervalDay,
  UsagePeriod,
  UsageYear,
  UsageYearDetailsResponse,
} from '@gridfront/contracts';
import { usageMessages } from '@gridfront/contracts';
import type { Database } from '../../db/client.ts';
import { addDays, addMonths, localClock, localMidnightUtcMs } from '../../domain/calendar/local-day.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Owner } from '../billing/repository.ts';
import { readUploadReadings, type UploadReadings } from '../green-button/read-upload-readings.ts';
import { changeBetween, highestDay } from './usage-highlights.ts';

export const UPLOAD_NOT_FOUND = 'Upload not found';

interface LocalReading {
  date: string;
  start: number;
  duration: number;
  importValue: number;
  exportValue: number;
}

/** Each reading with its local date in the file's zone (UTC when the file gives none). */
function localReadings(found: UploadReadings): { zone: string; readings: LocalReading[] } {
  const zone = found.upload.timeZone ?? 'UTC';
  const readings = found.readings.map((reading) => ({
    date: localClock(reading.start * 1000, zone).isoDate,
    start: reading.start,
    duration: reading.duration,
    importValue: reading.direction === 'import' ? reading.value : 0,
    exportValue: reading.direction === 'export' ? reading.value : 0,
  }));
  return { zone, readings };
}

interface Totals {
  date: string;
  importWh: number;
  exportWh: number;
  generationWh: null;
  estimated: boolean;
}

function totalsByKey(readings: readonly LocalReading[], keyOf: (reading: LocalReading) => string) {
  const totals = new Map<string, Totals>();
  for (const reading of readings) {
    const key = keyOf(reading);
    const entry = totals.get(key) ?? {
      date: key,
      importWh: 0,
      exportWh: 0,
      generationWh: null,
      estimated: false,
    };
    entry.importWh += reading.importValue;
    entry.exportWh += reading.exportValue;
    totals.set(key, entry);
  }
  return [...totals.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

async function readOwnUpload(
  db: Database,
  owner: Owner,
  uploadId: string,
  utilityType: string,
  from?: string,
  to?: string,
) {
  const found = await readUploadReadings(db, owner, uploadId, from, to);
  if (!found || found.upload.utilityType !== utilityType) throw new HttpError(404, UPLOAD_NOT_FOUND);
  return found;
}

export async function uploadedUsageDetails(
  db: Database,
  owner: Owner,
  body: UsageDetailsQuery & { uploadId: string },
): Promise<UsageDetailsResponse> {
  const electric = body.utilityType === 'electricity';
  if (body.view !== 'monthly' && !electric) throw new HttpError(400, usageMessages.notInterval);
  const found = await readOwnUpload(
    db,
    owner,
    body.uploadId,
    body.utilityType,
    addMonths(body.from, -12),
    body.toDate,
  );
  const { zone, readings } = localReadings(found);
  const scale = electric ? 1 / 1000 : 1;
  const inRange = readings.filter((r) => r.date >= body.from && r.date <= body.toDate);
  const days = totalsByKey(inRange, (r) => r.date);
  const lastYearDays = totalsByKey(
    readings.filter((r) => r.date >= addMonths(body.from, -12) && r.date <= addMonths(body.toDate, -12)),
    (r) => r.date,
  );
  const total = (list: readonly Totals[]) => list.reduce((sum, day) => sum + day.importWh, 0);
  const base = {
    type: 'usage' as const,
    accountId: body.accountId,
    utilityType: body.utilityType,
    unit: electric ? 'kWh' : found.upload.unit,
    timeZone: zone,
    from: body.from,
    toDate: body.toDate,
    hasSolar: readings.some((r) => r.exportValue > 0),
    uploadId: found.upload.uploadId,
    tou: null,
    highlights: {
      highestDay: electric && days.length > 1 ? highestDay(days) : null,
      changeFromLastYear:
        lastYearDays.length >= days.length ? changeBetween(total(days), total(lastYearDays)) : null,
      touShares: [],
      solarSavingsCents: null,
    },
  };
  if (body.view === 'monthly') {
    const months = totalsByKey(readings, (r) => r.date.slice(0, 7));
    const byMonth = new Map(months.map((month) => [month.date, month]));
    const periods: UsagePeriod[] = months
      .filter((month) => month.date >= body.from.slice(0, 7) && month.date <= body.toDate.slice(0, 7))
      .map((month) => {
        const dates = inRange.filter((r) => r.date.startsWith(month.date)).map((r) => r.date);
        const before = byMonth.get(addMonths(`${month.date}-01`, -12).slice(0, 7));
        return {
          month: month.date,
          periodStart: dates[0] ?? `${month.date}-01`,
          periodEnd: dates.at(-1) ?? `${month.date}-01`,
          quantity: Math.round(month.importWh * scale * 1000) / 1000,
          costCents: null,
          lastYearQuantity: before ? Math.round(before.importWh * scale * 1000) / 1000 : null,
          lastYearCostCents: null,
          averageTempC: null,
          exportQuantity: base.hasSolar ? Math.round(month.exportWh * scale * 1000) / 1000 : null,
          generationQuantity: null,
          estimated: false,
        };
      });
    return { ...base, view: 'monthly', periods };
  }
  if (body.view === 'daily') {
    const daily: UsageDay[] = days.map((day) => ({
      date: day.date,
      importWh: Math.round(day.importWh),
      exportWh: Math.round(day.exportWh),
      generationWh: null,
      averageTempC: null,
      energyCostCents: null,
      estimated: false,
    }));
    return { ...base, view: 'daily', days: daily };
  }
  const seconds = body.resolution * 60;
  if (inRange.some((r) => r.duration > seconds)) throw new HttpError(400, usageMessages.notInterval);
  const byDate = new Map<string, LocalReading[]>();
  for (const reading of inRange) {
    const list = byDate.get(reading.date);
    if (list) list.push(reading);
    else byDate.set(reading.date, [reading]);
  }
  const intervals: UsageIntervalDay[] = [];
  for (let from = body.from; from <= body.toDate; from = addDays(from, 1)) {
    const dayReadings = byDate.get(from);
    if (dayReadings) {
      const midnight = localMidnightUtcMs(from, zone) / 1000;
      const slots = Math.round((localMidnightUtcMs(addDays(from, 1), zone) / 1000 - midnight) / seconds);
      const importWh = new Array<number>(slots).fill(0);
      const exportWh = base.hasSolar ? new Array<number>(slots).fill(0) : null;
      for (const reading of dayReadings) {
        const slot = Math.min(slots - 1, Math.floor((reading.start - midnight) / seconds));
        importWh[slot] = (importWh[slot] ?? 0) + Math.round(reading.importValue);
        if (exportWh) exportWh[slot] = (exportWh[slot] ?? 0) + Math.round(reading.exportValue);
      }
      intervals.push({ date: from, importWh, exportWh, generationWh: null, estimated: false });
    }
  }
  return { ...base, view: 'interval', resolution: body.resolution, intervals };
}

export async function uploadedUsageYears(
  db: Database,
  owner: Owner,
  body: { accountId: string; utilityType: UsageYearDetailsResponse['utilityType']; uploadId: string },
): Promise<UsageYearDetailsResponse> {
  const electric = body.utilityType === 'electricity';
  const found = await readOwnUpload(db, owner, body.uploadId, body.utilityType);
  const { readings } = localReadings(found);
  const scale = electric ? 1 / 1000 : 1;
  const hasSolar = readings.some((r) => r.exportValue > 0);
  const years: UsageYear[] = totalsByKey(readings, (r) => r.date.slice(0, 4))
    .reverse()
    .map((year) => ({
      year: Number(year.date),
      quantity: Math.round(year.importWh * scale * 1000) / 1000,
      costCents: null,
      averageTempC: null,
      exportQuantity: hasSolar ? Math.round(year.exportWh * scale * 1000) / 1000 : null,
      generationQuantity: null,
      periods: new Set(readings.filter((r) => r.date.startsWith(year.date)).map((r) => r.date.slice(0, 7)))
        .size,
    }));
  return {
    type: 'usage',
    accountId: body.accountId,
    utilityType: body.utilityType,
    unit: electric ? 'kWh' : found.upload.unit,
    hasSolar,
    uploadId: found.upload.uploadId,
    years,
  };
}
