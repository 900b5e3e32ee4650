// The meter reads the usage views are built from. Until the compact store (features/meter-reads)
// lands, the day totals are summed from the decoded days; the names and shapes are that module's.
import type { Database } from '../../db/client.ts';
import { intervalDaysBetween } from '../bill-run/stored-usage.ts';

export interface IntervalDay {
  date: string;
  importWh: number[];
  exportWh: number[] | null;
  generationWh: number[] | null;
  estimated: boolean;
}

export interface DayTotal {
  date: string;
  importWh: number;
  exportWh: number;
  generationWh: number | null;
  estimated: boolean;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

export async function readIntervalDays(
  db: Database,
  meterId: string,
  from: string,
  to: string,
): Promise<IntervalDay[]> {
  const rows = await intervalDaysBetween(db, meterId, from, to);
  return rows.map((row) => ({
    date: row.date,
    importWh: row.importWh,
    exportWh: row.exportWh ?? null,
    generationWh: null,
    estimated: false,
  }));
}

export async function readDayTotals(
  db: Database,
  meterId: string,
  from: string,
  to: string,
): Promise<DayTotal[]> {
  return (await readIntervalDays(db, meterId, from, to)).map((day) => ({
    date: day.date,
    importWh: sum(day.importWh),
    exportWh: day.exportWh ? sum(day.exportWh) : 0,
    generationWh: day.generationWh ? sum(day.generationWh) : null,
    estimated: day.estimated,
  }));
}
