// A tariff's time-of-use periods as the usage page shades them: URDB's 12 × 24 schedules of period
// numbers, each period named peak, mid or off by its rate (the dearest is peak, the cheapest off).
import type { TouSchedule } from '@gridfront/contracts';
import {
  clockHoursForSlots,
  dayOfWeek,
  localDayLayout,
  monthIndex,
  SLOTS_PER_DAY,
} from '../../domain/calendar/local-day.ts';
import type { UrdbRateStructure } from '../../domain/tariffs/index.ts';

type TouKind = TouSchedule['periods'][number]['kind'];

const FLAT_YEAR: number[][] = Array.from({ length: 12 }, () => new Array<number>(24).fill(0));

/** First tier's rate plus its rider: what a kWh costs in the period before tiers are reached. */
function periodRate(tariff: UrdbRateStructure, period: number): number {
  const tier = tariff.energyratestructure?.[period]?.[0];
  return (tier?.rate ?? 0) + (tier?.adj ?? 0);
}

/**
 * The schedule when the tariff's price changes with the hour in some month; null for a flat, tiered
 * or only seasonal tariff. A period is named within the months it is used in: the dearest of a
 * month's periods is peak and the cheapest off, so a winter off-peak stays off-peak beside a dearer
 * summer one.
 */
export function touScheduleOf(tariff: UrdbRateStructure | null): TouSchedule | null {
  if (!tariff) return null;
  const weekday = tariff.energyweekdayschedule ?? FLAT_YEAR;
  const weekend = tariff.energyweekendschedule ?? weekday;
  const kinds = new Map<number, TouKind>();
  for (let month = 0; month < 12; month++) {
    const used = [...new Set([...(weekday[month] ?? []), ...(weekend[month] ?? [])])];
    if (used.length < 2) continue;
    const rates = used.map((period) => periodRate(tariff, period));
    const highest = Math.max(...rates);
    const lowest = Math.min(...rates);
    used.forEach((period, i) => {
      const rate = rates[i] ?? 0;
      if (!kinds.has(period)) kinds.set(period, rate === highest ? 'peak' : rate === lowest ? 'off' : 'mid');
    });
  }
  if (kinds.size === 0) return null;
  const all = [...new Set([...weekday.flat(), ...weekend.flat()])].sort((a, b) => a - b);
  return {
    weekday,
    weekend,
    periods: all.map((period) => ({
      period,
      kind: kinds.get(period) ?? 'off',
      rate: periodRate(tariff, period),
    })),
  };
}

export interface SlotPeriods {
  /** $/kWh of each slot. */
  rates: Float64Array;
  kinds: readonly TouKind[];
}

const slotCache = new WeakMap<UrdbRateStructure, Map<string, SlotPeriods>>();

/**
 * For each slot of a local day, the $/kWh and the kind of its period. The slot's clock hour comes
 * from the tenant's time zone, so a daylight-saving day's 92 or 100 slots land on the right hours.
 * Days of one month and kind (weekday, weekend) share their answer: a year asks for 24, not 365.
 */
export function slotPeriods(
  tariff: UrdbRateStructure,
  schedule: TouSchedule | null,
  date: string,
  slotCount: number,
  timeZone: string,
): SlotPeriods {
  const layout = localDayLayout(date, timeZone);
  const weekday = dayOfWeek(date);
  const weekend = weekday === 0 || weekday === 6;
  const month = monthIndex(date);
  const ordinary = layout.slotCount === slotCount && slotCount === SLOTS_PER_DAY;
  const key = `${schedule ? 'tou' : 'flat'}|${month}|${weekend ? 1 : 0}|${slotCount}|${ordinary ? '' : `${timeZone}|${date}`}`;
  let byKey = slotCache.get(tariff);
  if (!byKey) {
    byKey = new Map();
    slotCache.set(tariff, byKey);
  }
  const cached = byKey.get(key);
  if (cached) return cached;
  const hours = layout.slotCount === slotCount ? layout.clockHours : clockHoursForSlots(slotCount);
  const row = (weekend ? schedule?.weekend : schedule?.weekday)?.[month];
  const byPeriod = new Map(schedule?.periods.map((p) => [p.period, p]));
  const flatRate = periodRate(tariff, 0);
  const rates = new Float64Array(slotCount);
  const kinds: TouKind[] = [];
  for (let slot = 0; slot < slotCount; slot++) {
    const period = byPeriod.get(row?.[hours[slot] ?? 0] ?? 0);
    rates[slot] = period ? period.rate : flatRate;
    kinds.push(period ? period.kind : 'off');
  }
  const answer = { rates, kinds };
  if (byKey.size > 2_000) byKey.clear();
  byKey.set(key, answer);
  return answer;
}
