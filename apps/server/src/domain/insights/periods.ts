// Periods, per-slot series and prices the insights answers are built from. Pure.
import {
  addDays,
  clockHoursForSlots,
  dayOfWeek,
  daysInMonth,
  epochDay,
  isoFromEpochDay,
  isWeekend,
  lastOfMonth,
  monthIndex,
} from '../calendar/local-day.ts';
import { type PricedBillingPeriod, priceBillingPeriod, type UrdbRateStructure } from '../tariffs/index.ts';
import { scheduleRow } from '../tariffs/read-folder.ts';

/** One local day of a meter, as features/meter-reads returns it. */
export interface MeterDay {
  date: string;
  importWh: ArrayLike<number>;
  exportWh: ArrayLike<number> | null;
  generationWh: ArrayLike<number> | null;
}

/** Energy used in each slot, Wh: import + production − export (production used on the spot). */
export function consumptionWh(day: MeterDay): Int32Array {
  const out = new Int32Array(day.importWh.length);
  for (let s = 0; s < out.length; s++) {
    const generated = day.generationWh?.[s] ?? 0;
    const exported = day.exportWh?.[s] ?? 0;
    out[s] = (day.importWh[s] ?? 0) + Math.max(0, generated - exported);
  }
  return out;
}

export const sum = (values: ArrayLike<number> | null | undefined): number => {
  let total = 0;
  if (values) for (let i = 0; i < values.length; i++) total += values[i] ?? 0;
  return total;
};

export const kwh = (wh: number) => Math.round(wh) / 1000;

/** (a − b) / b × 100 to one decimal; null when b is 0 or unknown. */
export function changePercent(a: number, b: number | null): number | null {
  if (b === null || b === 0) return null;
  return Math.round(((a - b) / b) * 1000) / 10;
}

export interface Period {
  label: string;
  start: string;
  end: string;
}

export type PeriodKind = 'day' | 'week' | 'month' | 'year';

/** Every day, week (Monday–Sunday), month or year that meets [start, end], in order. */
export function periodsMeeting(kind: PeriodKind, start: string, end: string): Period[] {
  const out: Period[] = [];
  if (kind === 'day') {
    for (let d = epochDay(start); d <= epochDay(end); d++) {
      const date = isoFromEpochDay(d);
      out.push({ label: date, start: date, end: date });
    }
  } else if (kind === 'week') {
    let monday = addDays(start, -((dayOfWeek(start) + 6) % 7));
    while (monday <= end) {
      out.push({ label: monday, start: monday, end: addDays(monday, 6) });
      monday = addDays(monday, 7);
    }
  } else if (kind === 'month') {
    let first = `${start.slice(0, 7)}-01`;
    while (first <= end) {
      out.push({ label: first.slice(0, 7), start: first, end: lastOfMonth(first) });
      first = addDays(lastOfMonth(first), 1);
    }
  } else {
    for (let y = Number(start.slice(0, 4)); y <= Number(end.slice(0, 4)); y++)
      out.push({ label: String(y), start: `${y}-01-01`, end: `${y}-12-31` });
  }
  return out;
}

/** The same period a year earlier (29 February falls back to the 28th). */
export function yearBefore(date: string): string {
  const year = Number(date.slice(0, 4)) - 1;
  const month = Number(date.slice(5, 7));
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
  return `${year}-${date.slice(5, 7)}-${String(day).padStart(2, '0')}`;
}

/** The highest 15-minute demand, kW, and its local start 'YYYY-MM-DDTHH:mm'. */
export function peakOf(
  days: readonly { date: string; wh: ArrayLike<number> }[],
): { kw: number; at: string } | null {
  let best = -1;
  let at = '';
  for (const day of days) {
    const hours = clockHoursForSlots(day.wh.length);
    for (let s = 0; s < day.wh.length; s++) {
      const wh = day.wh[s] ?? 0;
      if (wh > best) {
        best = wh;
        const hour = hours[s] ?? 0;
        at = `${day.date}T${String(hour).padStart(2, '0')}:${String((s % 4) * 15).padStart(2, '0')}`;
      }
    }
  }
  return best < 0 ? null : { kw: Math.round(best * 4) / 1000, at };
}

/** Each clock hour's energy price ($/kWh, first tier + adjustment) for a month (0–11) and day type. */
export type HourPrices = (month: number, weekend: boolean) => Float64Array;

export function tariffHourPrices(tariff: UrdbRateStructure): HourPrices {
  const table: Float64Array[] = [];
  for (let k = 0; k < 24; k++) {
    const month = k >> 1;
    const row = scheduleRow(k & 1 ? tariff.energyweekendschedule : tariff.energyweekdayschedule, month);
    const prices = new Float64Array(24);
    for (let h = 0; h < 24; h++) {
      const tier = tariff.energyratestructure?.[row[h] ?? 0]?.[0];
      prices[h] = (tier?.rate ?? 0) + (tier?.adj ?? 0);
    }
    table.push(prices);
  }
  const none = new Float64Array(24);
  return (month, weekend) => table[month * 2 + (weekend ? 1 : 0)] ?? none;
}

/** Value of each slot's energy at the hour's price, cents (not rounded). */
export function slotCostCents(prices: HourPrices, date: string, wh: ArrayLike<number>): number {
  const row = prices(monthIndex(date), isWeekend(date));
  const hours = clockHoursForSlots(wh.length);
  let cents = 0;
  for (let s = 0; s < wh.length; s++) cents += ((wh[s] ?? 0) / 1000) * (row[hours[s] ?? 0] ?? 0) * 100;
  return cents;
}

/**
 * What the days cost on the tariff (the tariff engine, priced month by month): energy, demand and
 * export credits as billed; a month's fixed charges prorated to the days of it the period holds.
 */
export function costOfDays(tariff: UrdbRateStructure, days: readonly MeterDay[], timeZone: string): number {
  if (days.length === 0) return 0;
  let total = 0;
  let i = 0;
  while (i < days.length) {
    const month = days[i]?.date.slice(0, 7) ?? '';
    let j = i;
    while (j < days.length && days[j]?.date.slice(0, 7) === month) j++;
    const slice = days.slice(i, j);
    const first = slice[0]?.date ?? '';
    const last = slice.at(-1)?.date ?? first;
    const priced: PricedBillingPeriod = priceBillingPeriod(
      tariff,
      {
        kind: 'intervals',
        days: slice.map((day) => ({ date: day.date, importWh: day.importWh, exportWh: day.exportWh })),
      },
      { periodStart: first, periodEnd: last, timeZone },
    );
    const monthDays = daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
    let fixed = 0;
    for (const line of priced.lineItems)
      if ((line.kind === 'fixed' || line.kind === 'minimum') && line.unit !== 'day')
        fixed += line.amountCents;
    total += priced.totalCents - fixed + (fixed * slice.length) / monthDays;
    i = j;
  }
  return Math.round(total);
}
