// Download My Data: one service of one of the caller's accounts over local dates, as an ESPI feed
// or CSV. Electricity comes from the 15-minute interval reads (import, and export for solar);
// gas and water from the monthly register reads, one interval per read.
import { type GreenButtonExportRequest, greenButtonMessages, type UtilityType } from '@gridfront/contracts';
import type { Database } from '../../db/client.ts';
import { addDays, localMidnightUtcMs, SLOT_MS } from '../../domain/calendar/local-day.ts';
import { HttpError } from '../../plugins/errors.ts';
import { type Owner, ownedAccountId } from '../billing/repository.ts';
import { buildEspiFeed } from './espi-feed.ts';
import * as repository from './export-repository.ts';
import { localTimeParametersOf } from './local-time-parameters.ts';
import { buildUsageCsv } from './usage-csv.ts';
import { ESPI_UNITS, type ExportBlock, type ExportChannel, type UsageExport } from './usage-export.ts';

const SLOT_SECONDS = SLOT_MS / 1000;
/** A first gas or water read without an earlier one is taken to cover at most this many days. */
const FIRST_READ_DAYS = 31;

export interface GreenButtonFile {
  body: string;
  contentType: string;
  fileName: string;
}

interface Tenant {
  id: string;
  slug: string;
  timeZone: string;
}

/** Electricity: one block per local day; export only when the meter recorded any. */
function electricityChannels(
  days: { date: string; importWh: number[]; exportWh: number[] | null; estimated?: boolean }[],
  timeZone: string,
): ExportChannel[] {
  const channel = (pick: (day: (typeof days)[number]) => number[] | null): ExportBlock[] =>
    days.flatMap((day) => {
      const values = pick(day);
      if (!values) return [];
      const start = localMidnightUtcMs(day.date, timeZone) / 1000;
      return [
        {
          start,
          duration: values.length * SLOT_SECONDS,
          readings: values.map((value, i) => ({
            start: start + i * SLOT_SECONDS,
            duration: SLOT_SECONDS,
            value,
            estimated: day.estimated ?? false,
          })),
        },
      ];
    });
  const channels: ExportChannel[] = [
    { direction: 'import', intervalLength: SLOT_SECONDS, blocks: channel((day) => day.importWh) },
  ];
  const exported = channel((day) => day.exportWh);
  if (exported.length > 0)
    channels.push({ direction: 'export', intervalLength: SLOT_SECONDS, blocks: exported });
  return channels;
}

/** Gas or water: each read covers the days after the previous read up to its own date. */
function registerChannel(
  reads: { readDate: string; consumption: string; estimated: boolean }[],
  previousReadDate: string | null,
  timeZone: string,
): ExportChannel {
  const midnightAfter = (date: string) => localMidnightUtcMs(addDays(date, 1), timeZone) / 1000;
  let periodStart = previousReadDate ? midnightAfter(previousReadDate) : null;
  const readings = reads.map((read) => {
    const end = midnightAfter(read.readDate);
    const start =
      periodStart ?? localMidnightUtcMs(addDays(read.readDate, 1 - FIRST_READ_DAYS), timeZone) / 1000;
    periodStart = end;
    return {
      start,
      duration: end - start,
      value: Math.round(Number(read.consumption) * 1000),
      estimated: read.estimated,
    };
  });
  const first = readings[0];
  const last = readings.at(-1);
  const blocks =
    first && last
      ? [{ start: first.start, duration: last.start + last.duration - first.start, readings }]
      : [];
  return { direction: 'import', intervalLength: null, blocks };
}

export async function exportUsage(
  db: Database,
  tenant: Tenant,
  owner: Owner,
  request: GreenButtonExportRequest,
  now = new Date(),
): Promise<GreenButtonFile> {
  const accountId = await ownedAccountId(db, owner, request.accountId);
  if (!accountId) throw new HttpError(404, greenButtonMessages.accountNotFound);
  const utilityType: UtilityType = request.utilityType;
  if (utilityType === 'sewer') throw new HttpError(404, greenButtonMessages.noReads);
  const meter = await repository.serviceMeter(db, accountId, utilityType);
  if (meter === 'no-service') throw new HttpError(404, greenButtonMessages.noService);
  if (meter === 'no-meter') throw new HttpError(404, greenButtonMessages.noReads);

  const { from, toDate } = request;
  let channels: ExportChannel[];
  if (utilityType === 'electricity') {
    if (!meter.intervalMinutes) throw new HttpError(404, greenButtonMessages.noReads);
    const days = await repository.intervalDays(db, meter.meterId, from, toDate);
    channels = electricityChannels(days, tenant.timeZone);
  } else {
    const { reads, previousReadDate } = await repository.monthlyReadsWithPrevious(
      db,
      meter.meterId,
      from,
      toDate,
    );
    channels = [registerChannel(reads, previousReadDate, tenant.timeZone)];
  }
  if (channels.every((channel) => channel.blocks.length === 0)) {
    throw new HttpError(404, greenButtonMessages.noReads);
  }

  const data: UsageExport = {
    utilityType,
    usagePointKey: `${tenant.id}/${accountId}/${utilityType}`,
    title: `${utilityType} usage ${from} to ${toDate}`,
    timeZone: tenant.timeZone,
    localTime: localTimeParametersOf(tenant.timeZone, Number(from.slice(0, 4))),
    unit: ESPI_UNITS[utilityType],
    channels,
    createdAt: now,
  };
  const baseName = `${tenant.slug}-${utilityType}-${from}-to-${toDate}`.replace(/[^\w.-]/g, '');
  return request.format === 'xml'
    ? {
        body: buildEspiFeed(data),
        contentType: 'application/xml; charset=utf-8',
        fileName: `${baseName}.xml`,
      }
    : { body: buildUsageCsv(data), contentType: 'text/csv; charset=utf-8', fileName: `${baseName}.csv` };
}
