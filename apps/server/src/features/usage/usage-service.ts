// The usage slices (spec point 7: usage monthly and yearly, asked through the transaction calls with
// a usage payload) for one service of one of the caller's accounts. Reads start from the caller's own
// link to the account (usage-scope.ts); an account or service that is not theirs answers 404.
import {
  type UsageDetailsQuery,
  type UsageDetailsResponse,
  type UsageHighlights,
  type UsageYear,
  type UsageYearDetailsRequest,
  type UsageYearDetailsResponse,
  type UtilityType,
  usageMessages,
} from '@gridfront/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { addDays, addMonths } from '../../domain/calendar/local-day.ts';
import { userOf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { type Owner, ownedAccountId } from '../billing/repository.ts';
import { billingMessages } from '../billing/service.ts';
import {
  type DayTotals as DayTotal,
  type StoredDay as IntervalDay,
  readDayTotals,
  readIntervalDays,
} from '../meter-reads/meter-reads.ts';
import { touScheduleOf } from './tou-schedule.ts';
import { uploadedUsageDetails, uploadedUsageYears } from './uploaded-usage.ts';
import { buildIntervalDays, buildUsageDays, type DayPricing } from './usage-days.ts';
import { changeBetween, highestDay, solarSavingsCents, touShares } from './usage-highlights.ts';
import { buildUsagePeriods, readBilledSegments, sumDays } from './usage-periods.ts';
import { findUsageService, type UsageService } from './usage-scope.ts';
import { averageTemperature, readDailyTemperatures } from './weather-days.ts';

export const USAGE_UNITS: Record<UtilityType, string> = {
  electricity: 'kWh',
  gas: 'therm',
  water: 'gal',
  sewer: 'gal',
};

/** Highlights about energy by the slot (time of use, solar) look at the range's last year at most. */
const HIGHLIGHT_WINDOW_DAYS = 366;

function ownerOf(request: FastifyRequest): Owner {
  return { tenantId: tenantOf(request).id, userId: userOf(request).userId };
}

async function requireService(
  db: Database,
  owner: Owner,
  accountId: string,
  utilityType: UtilityType,
): Promise<UsageService> {
  const service = await findUsageService(db, owner, accountId, utilityType);
  if (service) return service;
  const owned = await ownedAccountId(db, owner, accountId);
  throw new HttpError(404, owned ? usageMessages.noService : billingMessages.accountNotFound);
}

/** An upload is the user's own; the account it is shown beside must be theirs too. */
async function requireAccount(db: Database, owner: Owner, accountId: string): Promise<void> {
  if (!(await ownedAccountId(db, owner, accountId)))
    throw new HttpError(404, billingMessages.accountNotFound);
}

const aYearBefore = (date: string) => addMonths(date, -12);
const later = (a: string, b: string) => (a > b ? a : b);

/** The sum of a range's energy beside the same days a year before, when that year is complete. */
function changeAgainstLastYear(current: readonly DayTotal[], lastYear: readonly DayTotal[]) {
  if (current.length === 0 || lastYear.length < current.length) return null;
  const total = (days: readonly DayTotal[]) => days.reduce((sum, day) => sum + day.importWh, 0);
  return changeBetween(total(current), total(lastYear));
}

function energyHighlights(
  service: UsageService,
  window: readonly IntervalDay[],
  timeZone: string,
): Pick<UsageHighlights, 'touShares' | 'solarSavingsCents'> {
  const schedule = touScheduleOf(service.tariff);
  return {
    touShares: touShares(window, service.tariff, schedule, timeZone),
    solarSavingsCents: service.hasSolar ? solarSavingsCents(window, service.tariff, timeZone) : null,
  };
}

export async function usageDetails(
  db: Database,
  request: FastifyRequest,
  body: UsageDetailsQuery,
): Promise<UsageDetailsResponse> {
  const owner = ownerOf(request);
  const { timeZone } = tenantOf(request);
  if (body.uploadId) {
    await requireAccount(db, owner, body.accountId);
    return uploadedUsageDetails(db, owner, { ...body, uploadId: body.uploadId });
  }
  const service = await requireService(db, owner, body.accountId, body.utilityType);
  const meterId = service.intervalMinutes && service.meterId ? service.meterId : null;
  if (body.view !== 'monthly' && !meterId) throw new HttpError(400, usageMessages.notInterval);
  const base = {
    type: 'usage' as const,
    accountId: service.accountId,
    utilityType: service.utilityType,
    unit: USAGE_UNITS[service.utilityType],
    timeZone,
    from: body.from,
    toDate: body.toDate,
    hasSolar: service.hasSolar && service.utilityType === 'electricity',
    uploadId: null,
    tou: service.utilityType === 'electricity' ? touScheduleOf(service.tariff) : null,
  };
  if (body.view === 'monthly') {
    const segments = await readBilledSegments(
      db,
      service.accountId,
      service.serviceId,
      aYearBefore(body.from),
      body.toDate,
    );
    const firstStart = segments.find((s) => s.endDate >= body.from)?.startDate ?? body.from;
    const start = firstStart < body.from ? firstStart : body.from;
    const [temps, dayTotals, window] = await Promise.all([
      readDailyTemperatures(db, owner.tenantId, start, body.toDate),
      meterId ? readDayTotals(db, meterId, start, body.toDate) : null,
      meterId
        ? readIntervalDays(
            db,
            meterId,
            later(body.from, addDays(body.toDate, 1 - HIGHLIGHT_WINDOW_DAYS)),
            body.toDate,
          )
        : [],
    ]);
    const periods = buildUsagePeriods({
      from: body.from,
      toDate: body.toDate,
      segments,
      temps,
      dayTotals,
      hasSolar: base.hasSolar,
    });
    const compared = periods.filter((period) => period.lastYearQuantity !== null);
    const sumOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
    return {
      ...base,
      view: 'monthly',
      periods,
      highlights: {
        highestDay: dayTotals ? highestDay(dayTotals.filter((day) => day.date >= body.from)) : null,
        changeFromLastYear:
          compared.length === 0
            ? null
            : changeBetween(
                sumOf(compared.map((p) => p.quantity)),
                sumOf(compared.map((p) => p.lastYearQuantity ?? 0)),
              ),
        ...energyHighlights(service, window, timeZone),
      },
    };
  }
  const meter = meterId as string;
  const [days, lastYear, temps] = await Promise.all([
    readIntervalDays(db, meter, body.from, body.toDate),
    readDayTotals(db, meter, aYearBefore(body.from), aYearBefore(body.toDate)),
    body.view === 'daily'
      ? readDailyTemperatures(db, owner.tenantId, body.from, body.toDate)
      : new Map<string, number>(),
  ]);
  const pricing: DayPricing | null = service.tariff
    ? { tariff: service.tariff, schedule: base.tou, timeZone }
    : null;
  // Each day's charges are the daily view's; the interval view only needs the days' sums.
  const daily = buildUsageDays(days, temps, body.view === 'daily' ? pricing : null);
  const highlights: UsageHighlights = {
    // A single day is its own highest: no news.
    highestDay: daily.length > 1 ? highestDay(daily) : null,
    changeFromLastYear: changeAgainstLastYear(daily, lastYear),
    ...energyHighlights(service, days.slice(-HIGHLIGHT_WINDOW_DAYS), timeZone),
  };
  if (body.view === 'daily') return { ...base, view: 'daily', days: daily, highlights };
  return {
    ...base,
    view: 'interval',
    resolution: body.resolution,
    intervals: buildIntervalDays(days, service.intervalMinutes ?? 15, body.resolution),
    highlights,
  };
}

export async function usageYearDetails(
  db: Database,
  request: FastifyRequest,
  body: UsageYearDetailsRequest,
): Promise<UsageYearDetailsResponse> {
  const owner = ownerOf(request);
  if (body.uploadId) {
    await requireAccount(db, owner, body.accountId);
    return uploadedUsageYears(db, owner, { ...body, uploadId: body.uploadId });
  }
  const service = await requireService(db, owner, body.accountId, body.utilityType);
  const segments = await readBilledSegments(
    db,
    service.accountId,
    service.serviceId,
    '1900-01-01',
    '9999-12-31',
  );
  const hasSolar = service.hasSolar && service.utilityType === 'electricity';
  const first = segments[0]?.startDate;
  const last = segments.at(-1)?.endDate;
  const [temps, dayTotals] =
    first && last
      ? await Promise.all([
          readDailyTemperatures(db, owner.tenantId, first, last),
          hasSolar && service.meterId && service.intervalMinutes
            ? readDayTotals(db, service.meterId, first, last)
            : null,
        ])
      : [new Map<string, number>(), null];
  const byYear = new Map<number, typeof segments>();
  for (const segment of segments) {
    const year = Number(segment.endDate.slice(0, 4));
    const list = byYear.get(year);
    if (list) list.push(segment);
    else byYear.set(year, [segment]);
  }
  const years: UsageYear[] = [...byYear.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, list]) => {
      const start = list[0]?.startDate ?? `${year}-01-01`;
      const end = list.at(-1)?.endDate ?? `${year}-12-31`;
      const solar = dayTotals ? sumDays(dayTotals, start, end) : null;
      return {
        year,
        quantity: Math.round(list.reduce((sum, s) => sum + s.quantity, 0) * 1000) / 1000,
        costCents: list.reduce((sum, s) => sum + s.amountCents, 0),
        averageTempC: averageTemperature(temps, start, end),
        exportQuantity: solar ? solar.exportWh / 1000 : null,
        generationQuantity: solar?.generationWh != null ? solar.generationWh / 1000 : null,
        periods: list.length,
      };
    });
  return {
    type: 'usage',
    accountId: service.accountId,
    utilityType: service.utilityType,
    unit: USAGE_UNITS[service.utilityType],
    hasSolar,
    uploadId: null,
    years,
  };
}
