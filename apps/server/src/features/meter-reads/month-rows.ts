// Days of interval reads ⇄ rows of interval_months (one per meter and month): the per-day totals
// beside the encoded readings. Pure: the seed's bulk load and the repository both build rows here.
import { type DayIntervals, decodeMonth, encodeMonth } from './interval-codec.ts';

/** One local day of a meter's reads, Wh per interval. */
export interface IntervalDay {
  /** Local date, YYYY-MM-DD. */
  date: string;
  importWh: ArrayLike<number>;
  exportWh: ArrayLike<number> | null;
  generationWh: ArrayLike<number> | null;
  estimated?: boolean;
}

export interface IntervalMonthRow {
  /** First day of the month, YYYY-MM-DD. */
  month: string;
  /** Index = day of month − 1; null for a day without reads (or without that channel). */
  importDayWh: (number | null)[];
  exportDayWh: (number | null)[] | null;
  generationDayWh: (number | null)[] | null;
  estimatedDays: number;
  intervals: Uint8Array;
}

export interface StoredDay {
  date: string;
  importWh: number[];
  exportWh: number[] | null;
  generationWh: number[] | null;
  estimated: boolean;
}

export const monthOf = (date: string): string => `${date.slice(0, 7)}-01`;

function sum(values: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i] ?? 0;
  return total;
}

/** The row of one month's days (all in that month, in date order, each once). */
export function buildMonthRow(days: readonly IntervalDay[]): IntervalMonthRow {
  const first = days[0];
  if (!first) throw new RangeError('A month row needs at least one day');
  const month = monthOf(first.date);
  const lastDay = Number(days[days.length - 1]?.date.slice(8));
  const importDayWh = new Array<number | null>(lastDay).fill(null);
  const exportDayWh = new Array<number | null>(lastDay).fill(null);
  const generationDayWh = new Array<number | null>(lastDay).fill(null);
  let hasExport = false;
  let hasGeneration = false;
  let estimatedDays = 0;
  const encoded: DayIntervals[] = [];
  for (const day of days) {
    if (monthOf(day.date) !== month) throw new RangeError(`${day.date} is not in ${month}`);
    const dayOfMonth = Number(day.date.slice(8));
    importDayWh[dayOfMonth - 1] = sum(day.importWh);
    if (day.exportWh) {
      hasExport = true;
      exportDayWh[dayOfMonth - 1] = sum(day.exportWh);
    }
    if (day.generationWh) {
      hasGeneration = true;
      generationDayWh[dayOfMonth - 1] = sum(day.generationWh);
    }
    if (day.estimated) estimatedDays |= 1 << (dayOfMonth - 1);
    encoded.push({
      dayOfMonth,
      importWh: day.importWh,
      exportWh: day.exportWh,
      generationWh: day.generationWh,
    });
  }
  return {
    month,
    importDayWh,
    exportDayWh: hasExport ? exportDayWh : null,
    generationDayWh: hasGeneration ? generationDayWh : null,
    estimatedDays,
    intervals: encodeMonth(encoded),
  };
}

const dateIn = (month: string, dayOfMonth: number) =>
  `${month.slice(0, 8)}${String(dayOfMonth).padStart(2, '0')}`;

/** The stored days of a row, in date order. */
export function monthRowDays(row: {
  month: string;
  estimatedDays: number;
  intervals: Uint8Array;
}): StoredDay[] {
  return decodeMonth(row.intervals).map((day) => ({
    date: dateIn(row.month, day.dayOfMonth),
    importWh: day.importWh,
    exportWh: day.exportWh,
    generationWh: day.generationWh,
    estimated: (row.estimatedDays & (1 << (day.dayOfMonth - 1))) !== 0,
  }));
}

export interface DayTotals {
  date: string;
  importWh: number;
  exportWh: number;
  generationWh: number | null;
  estimated: boolean;
}

/** The per-day totals of a row (days with reads only), without decoding the readings. */
export function monthRowTotals(row: {
  month: string;
  importDayWh: (number | null)[];
  exportDayWh: (number | null)[] | null;
  generationDayWh: (number | null)[] | null;
  estimatedDays: number;
}): DayTotals[] {
  const totals: DayTotals[] = [];
  row.importDayWh.forEach((importWh, index) => {
    if (importWh === null) return;
    totals.push({
      date: dateIn(row.month, index + 1),
      importWh,
      exportWh: row.exportDayWh?.[index] ?? 0,
      generationWh: row.generationDayWh?.[index] ?? null,
      estimated: (row.estimatedDays & (1 << index)) !== 0,
    });
  });
  return totals;
}

/**
 * Groups days (any months, date order) into month rows, merged over the rows already stored:
 * a day already stored is kept as it is (as ON CONFLICT DO NOTHING kept a day row before).
 * Returns the rows that changed and how many days were new.
 */
export function mergeIntoMonthRows(
  stored: ReadonlyMap<string, StoredDay[]>,
  days: readonly IntervalDay[],
): { rows: IntervalMonthRow[]; newDays: number } {
  const byMonth = new Map<string, Map<string, IntervalDay>>();
  let newDays = 0;
  for (const day of days) {
    const month = monthOf(day.date);
    let merged = byMonth.get(month);
    if (!merged) {
      merged = new Map((stored.get(month) ?? []).map((d) => [d.date, d]));
      byMonth.set(month, merged);
    }
    if (merged.has(day.date)) continue;
    merged.set(day.date, day);
    newDays++;
  }
  const rows: IntervalMonthRow[] = [];
  for (const [month, merged] of byMonth) {
    if (merged.size === (stored.get(month)?.length ?? 0)) continue;
    rows.push(buildMonthRow([...merged.values()].sort((a, b) => (a.date < b.date ? -1 : 1))));
  }
  return { rows, newDays };
}
