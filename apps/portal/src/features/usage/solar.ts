// Solar figures of a period from what the meters read: production (the production meter), energy
// sent to the grid (export) and bought from it (import). What the home used of its own production is
// production less export; its net usage is import less export.
import type {
  UsageDay,
  UsageDetailsRequest,
  UsageIntervalDay,
  UsagePeriod,
} from '@gridfront/contracts/usage';
import type { ChartSeries } from './chart/usage-chart.tsx';
import { addDays, addMonths, lastDayOfMonth } from './local-time.ts';
import type { ChartData } from './series.ts';

export interface SolarRow {
  date: string;
  importKwh: number;
  exportKwh: number;
  producedKwh: number;
}

export interface SolarFigures {
  produced: number;
  selfConsumed: number;
  exported: number;
  imported: number;
  net: number;
}

export function solarFigures(rows: readonly SolarRow[]): SolarFigures {
  const total = (pick: (row: SolarRow) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  const produced = total((row) => row.producedKwh);
  const exported = total((row) => row.exportKwh);
  const imported = total((row) => row.importKwh);
  return {
    produced,
    exported,
    imported,
    selfConsumed: Math.max(0, produced - exported),
    net: imported - exported,
  };
}

export const solarRowsOfPeriods = (periods: readonly UsagePeriod[]): SolarRow[] =>
  periods.map((period) => ({
    date: period.periodEnd,
    importKwh: period.quantity,
    exportKwh: period.exportQuantity ?? 0,
    producedKwh: period.generationQuantity ?? 0,
  }));

export const solarRowsOfDays = (days: readonly UsageDay[]): SolarRow[] =>
  days.map((day) => ({
    date: day.date,
    importKwh: day.importWh / 1000,
    exportKwh: day.exportWh / 1000,
    producedKwh: (day.generationWh ?? 0) / 1000,
  }));

export const solarRowsOfIntervals = (intervals: readonly UsageIntervalDay[]): SolarRow[] =>
  intervals.flatMap((day) =>
    day.importWh.map((wh, i) => ({
      date: day.date,
      importKwh: wh / 1000,
      exportKwh: (day.exportWh?.[i] ?? 0) / 1000,
      producedKwh: (day.generationWh?.[i] ?? 0) / 1000,
    })),
  );

export interface SolarLabels {
  selfConsumed: string;
  imported: string;
  exported: string;
  produced: string;
  net: string;
}

/** Use stacked from what the home made itself and what it bought; export, production and net beside. */
export function solarSeries(rows: readonly SolarRow[], labels: SolarLabels): ChartSeries[] {
  const each = (pick: (row: SolarRow) => number) => rows.map(pick);
  return [
    {
      key: 'selfConsumedKwh',
      label: labels.selfConsumed,
      values: each((r) => Math.max(0, r.producedKwh - r.exportKwh)),
      kind: 'bar',
      color: 5,
      stack: 'use',
    },
    {
      key: 'importedKwh',
      label: labels.imported,
      values: each((r) => r.importKwh),
      kind: 'bar',
      color: 1,
      stack: 'use',
    },
    // A line, not a bar: export is not part of the home's use, and a bar would cover the stack.
    { key: 'exportedKwh', label: labels.exported, values: each((r) => r.exportKwh), kind: 'line', color: 4 },
    {
      key: 'producedKwh',
      label: labels.produced,
      values: each((r) => r.producedKwh),
      kind: 'line',
      color: 6,
    },
    {
      key: 'netKwh',
      label: labels.net,
      values: each((r) => r.importKwh - r.exportKwh),
      kind: 'line',
      color: 2,
      dashed: true,
    },
  ];
}

export function solarChart(
  rows: readonly SolarRow[],
  x: number[],
  xKind: ChartData['xKind'],
  labels: SolarLabels,
): ChartData {
  return { x, xKind, series: solarSeries(rows, labels), pointDates: rows.map((row) => row.date), bands: [] };
}

export type SolarPeriod = 'year' | 'month' | 'week' | 'day';

/** The usage call for a solar period around `anchor`; weeks run Monday to Sunday. */
export function solarRange(
  period: SolarPeriod,
  anchor: string,
): Pick<UsageDetailsRequest, 'view' | 'from' | 'toDate' | 'resolution'> {
  switch (period) {
    case 'year':
      return { view: 'monthly', from: `${anchor.slice(0, 4)}-01-01`, toDate: `${anchor.slice(0, 4)}-12-31` };
    case 'month': {
      const first = `${anchor.slice(0, 7)}-01`;
      return { view: 'daily', from: first, toDate: lastDayOfMonth(first) };
    }
    case 'week': {
      const weekday = (new Date(`${anchor}T00:00:00Z`).getUTCDay() + 6) % 7;
      const monday = addDays(anchor, -weekday);
      return { view: 'daily', from: monday, toDate: addDays(monday, 6) };
    }
    case 'day':
      return { view: 'interval', from: anchor, toDate: anchor, resolution: 60 };
  }
}

export function shiftSolarPeriod(period: SolarPeriod, anchor: string, direction: -1 | 1): string {
  switch (period) {
    case 'year':
      return `${Number(anchor.slice(0, 4)) + direction}${anchor.slice(4)}`;
    case 'month':
      return addMonths(anchor, direction);
    case 'week':
      return addDays(anchor, 7 * direction);
    case 'day':
      return addDays(anchor, direction);
  }
}
