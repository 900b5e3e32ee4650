// A home's analysed year: its meter days (features/meter-reads), the utility's degree days
// (features/usage weather) and the engine's breakdown of every day. The breakdown needs a year for
// its regression, so a period is analysed within the year around it: the last 12 months up to the
// last read (the dashboard's), or the year ending with an older period. Kept per process for a few
// minutes (key: meter, window and the household's answers), so one dashboard opening fits one run.

import type { Database } from '../../db/client.ts';
import { addDays, epochDay, isWeekend, localDayLayout } from '../../domain/calendar/local-day.ts';
import {
  type Disaggregation,
  disaggregate,
  type EngineDay,
  type HouseholdProfile,
} from '../../domain/insights/disaggregate.ts';
import { consumptionWh } from '../../domain/insights/periods.ts';
import { lastTwelveMonths } from '../../domain/rate-comparison/index.ts';
import { degreeDays } from '../../domain/weather/daily-weather.ts';
import { readIntervalDays, type StoredDay } from '../meter-reads/meter-reads.ts';
import { readDailyTemperatures } from '../usage/weather-days.ts';
import type { InsightsMeter } from './scope.ts';

export interface AnalysedDay extends StoredDay {
  /** Energy used per slot, Wh. */
  wh: Int32Array;
}

export interface Analysis {
  from: string;
  to: string;
  days: AnalysedDay[];
  /** Index of each date in `days`. */
  index: Map<string, number>;
  temps: ReadonlyMap<string, number>;
  degreeDays: Map<string, { hdd: number; cdd: number }>;
  result: Disaggregation;
}

/** The dashboard's window: the 12 calendar months before the last read, up to it. */
export function mainWindow(lastDate: string): { from: string; to: string } {
  const periods = lastTwelveMonths(lastDate);
  return { from: periods[0]?.periodStart ?? addDays(lastDate, -364), to: lastDate };
}

/** The window a period is analysed in. */
export function windowFor(
  meter: InsightsMeter,
  start: string,
  end: string,
): { from: string; to: string } | null {
  if (!meter.lastDate) return null;
  const main = mainWindow(meter.lastDate);
  if (start >= main.from) return main;
  const to = end < meter.lastDate ? end : meter.lastDate;
  const yearBack = addDays(to, -364);
  return { from: start < yearBack ? start : yearBack, to };
}

const CACHE_MS = 5 * 60_000;
const cache = new Map<string, { at: number; analysis: Promise<Analysis> }>();

export interface TenantRef {
  id: string;
  timeZone: string;
}

/** Forgets every analysed year (the bench measures a dashboard's first view with it). */
export function clearAnalyses(): void {
  cache.clear();
}

function cacheKey(
  tenant: TenantRef,
  meter: InsightsMeter,
  household: HouseholdProfile,
  window: { from: string; to: string },
) {
  return `${tenant.id}|${meter.meterId}|${window.from}|${window.to}|${JSON.stringify(household)}`;
}

/** The analysed year if this process has it at hand (no new work). */
export function cachedAnalysis(
  tenant: TenantRef,
  meter: InsightsMeter,
  household: HouseholdProfile,
  window: { from: string; to: string },
): Promise<Analysis> | null {
  const hit = cache.get(cacheKey(tenant, meter, household, window));
  return hit && Date.now() - hit.at < CACHE_MS ? hit.analysis : null;
}

export function analyse(
  db: Database,
  tenant: TenantRef,
  meter: InsightsMeter,
  household: HouseholdProfile,
  window: { from: string; to: string },
): Promise<Analysis> {
  const key = cacheKey(tenant, meter, household, window);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < CACHE_MS) return hit.analysis;
  const analysis = run(db, tenant, meter, household, window);
  if (cache.size > 64) cache.clear();
  cache.set(key, { at: now, analysis });
  analysis.catch(() => cache.delete(key));
  return analysis;
}

async function run(
  db: Database,
  tenant: TenantRef,
  meter: InsightsMeter,
  household: HouseholdProfile,
  window: { from: string; to: string },
): Promise<Analysis> {
  const [stored, temps] = await Promise.all([
    readIntervalDays(db, meter.meterId, window.from, window.to),
    readDailyTemperatures(db, tenant.id, window.from, window.to),
  ]);
  const days: AnalysedDay[] = stored.map((day) => ({ ...day, wh: consumptionWh(day) }));
  const dd = new Map<string, { hdd: number; cdd: number }>();
  const engineDays: EngineDay[] = days.map((day) => {
    const mean = temps.get(day.date);
    const { hdd, cdd } = mean === undefined ? { hdd: 0, cdd: 0 } : degreeDays(mean);
    dd.set(day.date, { hdd, cdd });
    return {
      date: day.date,
      weekend: isWeekend(day.date),
      clockHours: localDayLayout(day.date, tenant.timeZone).clockHours,
      wh: day.wh,
      hdd,
      cdd,
    };
  });
  const result = disaggregate(engineDays, household);
  return {
    ...window,
    days,
    index: new Map(days.map((day, i) => [day.date, i])),
    temps,
    degreeDays: dd,
    result,
  };
}

/** The analysed days from start to end inclusive. */
export function daysIn(analysis: Analysis, start: string, end: string): AnalysedDay[] {
  return analysis.days.filter((day) => day.date >= start && day.date <= end);
}

export function breakdownDaysIn(analysis: Analysis, start: string, end: string) {
  return analysis.result.days.filter((day) => day.date >= start && day.date <= end);
}

export const daySpan = (start: string, end: string) => epochDay(end) - epochDay(start) + 1;
