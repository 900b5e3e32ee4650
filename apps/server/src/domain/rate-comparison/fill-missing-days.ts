// Days of the compared periods without meter data (a customer with less than a year of history),
// filled from a reference daily profile (similar homes' average, or a Green Button file from a
// previous address) scaled to the customer's own usage.
import {
  addDays,
  daysBetweenInclusive,
  localDayLayout,
  monthIndex,
  SLOTS_PER_DAY,
} from '../calendar/local-day.ts';
import type { DailyIntervalUsage } from '../tariffs/aggregate-usage.ts';
import type { BillingPeriod } from './comparison-periods.ts';

/** An average day per calendar month: 12 rows (0 = January) of 96 Wh per 15-minute slot. */
export interface ReferenceProfile {
  importWh: readonly (readonly number[])[];
  /** Exports of the reference homes; none means they export nothing. */
  exportWh?: readonly (readonly number[])[];
}

export interface FilledDays {
  /** Every day of the periods, in date order: the customer's own, or filled. */
  days: DailyIntervalUsage[];
  /** Dates that were filled. */
  estimatedDates: Set<string>;
  /** What the reference was multiplied by to match the customer's own days (1 when none is known). */
  importScale: number;
  exportScale: number;
}

function rowTotal(rows: readonly (readonly number[])[] | undefined, month: number): number {
  let total = 0;
  for (const wh of rows?.[month] ?? []) total += wh;
  return total;
}

/**
 * Customer ÷ reference over the customer's own days (1 when there are none), each reference day
 * taken from its month, so that a customer known only in summer is not scaled on a winter reference.
 */
function scaleOn(
  days: readonly DailyIntervalUsage[],
  channel: 'importWh' | 'exportWh',
  rows: readonly (readonly number[])[] | undefined,
): number {
  let own = 0;
  let reference = 0;
  for (const day of days) {
    // A day without the channel (no panels) counts as zero: such a customer gets no filled exports.
    const values = day[channel];
    if (values) for (let i = 0; i < values.length; i++) own += values[i] ?? 0;
    // A DST day's 92 or 100 slots hold that much less or more of the reference day.
    reference += (rowTotal(rows, monthIndex(day.date)) * day.importWh.length) / SLOTS_PER_DAY;
  }
  return reference > 0 ? own / reference : 1;
}

function referenceDay(
  date: string,
  timeZone: string,
  profile: ReferenceProfile,
  importScale: number,
  exportScale: number,
): DailyIntervalUsage {
  const layout = localDayLayout(date, timeZone);
  const month = monthIndex(date);
  const importRow = profile.importWh[month] ?? [];
  const exportRow = profile.exportWh?.[month];
  const importWh = new Float64Array(layout.slotCount);
  const exportWh = new Float64Array(layout.slotCount);
  for (let i = 0; i < layout.slotCount; i++) {
    // Clocks move by whole hours, so slot i keeps its quarter of the hour on DST days too.
    const slot = Math.min(SLOTS_PER_DAY - 1, (layout.clockHours[i] ?? 0) * 4 + (i % 4));
    importWh[i] = (importRow[slot] ?? 0) * importScale;
    exportWh[i] = (exportRow?.[slot] ?? 0) * exportScale;
  }
  return { date, importWh, exportWh };
}

export function fillMissingDays(
  days: readonly DailyIntervalUsage[],
  periods: readonly BillingPeriod[],
  timeZone: string,
  profile: ReferenceProfile | undefined,
): FilledDays {
  const first = periods[0]?.periodStart ?? '';
  const last = periods.at(-1)?.periodEnd ?? '';
  const own = new Map<string, DailyIntervalUsage>();
  for (const day of days) if (day.date >= first && day.date <= last) own.set(day.date, day);
  const ownDays = [...own.values()];
  const importScale = profile ? scaleOn(ownDays, 'importWh', profile.importWh) : 1;
  const exportScale = profile ? scaleOn(ownDays, 'exportWh', profile.exportWh) : 1;
  const filled: DailyIntervalUsage[] = [];
  const estimatedDates = new Set<string>();
  for (const period of periods) {
    const count = daysBetweenInclusive(period.periodStart, period.periodEnd);
    for (let k = 0; k < count; k++) {
      const date = addDays(period.periodStart, k);
      const day = own.get(date);
      if (day) {
        filled.push(day);
        continue;
      }
      if (!profile) {
        throw new RangeError(`No interval data on ${date} and no reference profile to estimate it from`);
      }
      filled.push(referenceDay(date, timeZone, profile, importScale, exportScale));
      estimatedDates.add(date);
    }
  }
  return { days: filled, estimatedDates, importScale, exportScale };
}
