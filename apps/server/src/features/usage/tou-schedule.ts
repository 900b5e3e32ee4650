// A tariff's time-of-use periods as the usage page shades them: URDB's 12 × 24 schedules of period
// numbers, each period named peak, mid or off by its rate (the dearest is peak, the cheapest off).
import type { TouSchedule } from '@gridfront/contracts';
import { dayOfWeek, localDayLayout, monthIndex } from '../../domain/calendar/local-day.ts';
import type { UrdbRateStructure } from '../../domain/tariffs/index.ts';

type TouKind = TouSchedule['periods'][number]['kind'];

const FLAT_YEAR: number[][] = Array.from({ length: 12 }, () => new Array<number>(24).fill(0));

/** First tier's rate plus its rider: what a kWh costs in the period before tiers are reached. */
function periodRate(tariff: UrdbRateStructure, period: number): number {
  const tier = tariff.energyratestructure?.[period]?.[0];
  return (tier?.rate ?? 0) + (tier?.adj ?? 0);
}

/** The schedule when the tariff has more than one energy period; null for a flat or tiered tariff. */
export function touScheduleOf(tariff: UrdbRateStructure | null): TouSchedule | null {
  if (!tariff) return null;
  const weekday = tariff.energyweekdayschedule ?? FLAT_YEAR;
  const weekend = tariff.energyweekendschedule ?? weekday;
  const used = [...new Set([...weekday.flat(), ...weekend.flat()])].sort((a, b) => a - b);
  if (used.length < 2) return null;
  const rates = used.map((period) => periodRate(tariff, period));
  const highest = Math.max(...rates);
  const lowest = Math.min(...rates);
  const kindOf = (rate: number): TouKind => (rate === highest ? 'peak' : rate === lowest ? 'off' : 'mid');
  return {
    weekday,
    weekend,
    periods: used.map((period, i) => ({ period, kind: kindOf(rates[i] ?? 0), rate: rates[i] ?? 0 })),
  };
}

/**
 * For each slot of a local day, the $/kWh and the kind of its period. The slot's clock hour comes
 * from the tenant's time zone, so a daylight-saving day's 92 or 100 slots land on the right hours.
 */
export function slotPeriods(
  tariff: UrdbRateStructure,
  schedule: TouSchedule | null,
  date: string,
  slotCount: number,
  timeZone: string,
): { rate: number; kind: TouKind }[] {
  const layout = localDayLayout(date, timeZone);
  const hours = layout.slotCount === slotCount ? layout.clockHours : null;
  const weekday = dayOfWeek(date);
  const rows = weekday === 0 || weekday === 6 ? schedule?.weekend : schedule?.weekday;
  const row = rows?.[monthIndex(date)];
  const byPeriod = new Map(schedule?.periods.map((p) => [p.period, p]));
  const flatRate = periodRate(tariff, 0);
  return Array.from({ length: slotCount }, (_, slot) => {
    const hour = hours ? (hours[slot] ?? 0) : Math.min(23, Math.floor((slot * 24) / slotCount));
    const period = byPeriod.get(row?.[hour] ?? 0);
    return period ? { rate: period.rate, kind: period.kind } : { rate: flatRate, kind: 'off' };
  });
}
