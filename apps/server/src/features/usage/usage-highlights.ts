// The facts the usage page words as highlights, each computed from the same reads the charts show:
// the highest day, the change against the same days a year before, the share of energy in each
// time-of-use period, and what the solar production saved (the bills priced with and without it).
import type { TouSchedule, UsageHighlights } from '@gridfront/contracts';
import { priceBillingPeriod, type UrdbRateStructure } from '../../domain/tariffs/index.ts';
import type { DayTotals as DayTotal, StoredDay as IntervalDay } from '../meter-reads/meter-reads.ts';
import { slotPeriods } from './tou-schedule.ts';

type TouKind = TouSchedule['periods'][number]['kind'];

export function highestDay(totals: readonly DayTotal[]): UsageHighlights['highestDay'] {
  let best: DayTotal | null = null;
  for (const day of totals) if (!best || day.importWh > best.importWh) best = day;
  return best ? { date: best.date, quantity: best.importWh / 1000 } : null;
}

/** The change as a fraction, rounded to 0.1 %; null without a comparable (non-zero) year before. */
export function changeBetween(current: number, before: number | null): number | null {
  if (before === null || before <= 0) return null;
  return Math.round(((current - before) / before) * 1000) / 1000;
}

export function touShares(
  days: readonly IntervalDay[],
  tariff: UrdbRateStructure | null,
  schedule: TouSchedule | null,
  timeZone: string,
): UsageHighlights['touShares'] {
  if (!tariff || !schedule) return [];
  const sums: Record<TouKind, number> = { peak: 0, mid: 0, off: 0 };
  let total = 0;
  for (const day of days) {
    const { kinds } = slotPeriods(tariff, schedule, day.date, day.importWh.length, timeZone);
    const values = day.importWh;
    for (let slot = 0; slot < values.length; slot++) {
      const wh = values[slot] ?? 0;
      sums[kinds[slot] ?? 'off'] += wh;
      total += wh;
    }
  }
  if (total <= 0) return [];
  const present = new Set(schedule.periods.map((period) => period.kind));
  return (['peak', 'mid', 'off'] as const)
    .filter((kind) => present.has(kind))
    .map((kind) => ({ kind, share: Math.round((sums[kind] / total) * 1000) / 1000 }));
}

/** What the household would have bought without its panels: every slot's own use, nothing sent out. */
function withoutSolar(day: IntervalDay) {
  const generation = day.generationWh ?? [];
  const exported = day.exportWh ?? [];
  return {
    date: day.date,
    importWh: day.importWh.map((wh, i) => wh + (generation[i] ?? 0) - (exported[i] ?? 0)),
    exportWh: null,
  };
}

/**
 * The solar saving over whole calendar months of `days`: each month priced by the tariff engine as
 * metered and as it would have been without production. Null without a production channel.
 */
export function solarSavingsCents(
  days: readonly IntervalDay[],
  tariff: UrdbRateStructure | null,
  timeZone: string,
): number | null {
  if (!tariff || days.length === 0 || days.some((day) => day.generationWh === null)) return null;
  const months = new Map<string, IntervalDay[]>();
  for (const day of days) {
    const key = day.date.slice(0, 7);
    const month = months.get(key);
    if (month) month.push(day);
    else months.set(key, [day]);
  }
  let saving = 0;
  for (const monthDays of months.values()) {
    const options = {
      periodStart: monthDays[0]?.date ?? '',
      periodEnd: monthDays.at(-1)?.date ?? '',
      timeZone,
    };
    const metered = priceBillingPeriod(tariff, { kind: 'intervals', days: monthDays }, options);
    const without = priceBillingPeriod(
      tariff,
      { kind: 'intervals', days: monthDays.map(withoutSolar) },
      options,
    );
    saving += without.totalCents - metered.totalCents;
  }
  return saving;
}
