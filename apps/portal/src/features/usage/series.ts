// What each place of the drill-down draws: the usage answers turned into the chart's x values and
// series, in kWh (or the service's unit) or in dollars, with last year and the weather beside them,
// and the tariff's time-of-use periods as shaded bands on a day.
import type { TouSchedule, UsageDay, UsageIntervalDay, UsagePeriod } from '@gridfront/contracts/usage';
import type { ChartBand, ChartSeries } from './chart/usage-chart.tsx';
import { localHour, localMidnightUtcMs } from './local-time.ts';

export type Measure = 'units' | 'cost';

export interface SeriesLabels {
  /** °C as the reader expects it (°F for English). */
  temperature: string;
  toTemperature: (celsius: number) => number;
  usage: string;
  cost: string;
  lastYear: string;
  exported: string;
  produced: string;
  band: Record<'peak' | 'mid' | 'off', string>;
}

export interface ChartData {
  x: number[];
  xKind: 'time' | 'category';
  series: ChartSeries[];
  /** The local date of each point: what a drill goes into and what labels show. */
  pointDates: string[];
  bands: ChartBand[];
}

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
const indexes = (length: number) => Array.from({ length }, (_, i) => i);
const temperatureOf = (celsius: number | null, labels: SeriesLabels) =>
  celsius === null ? null : Math.round(labels.toTemperature(celsius) * 10) / 10;

export function periodChart(
  periods: readonly UsagePeriod[],
  measure: Measure,
  labels: SeriesLabels,
): ChartData {
  const cost = measure === 'cost';
  return {
    x: indexes(periods.length),
    xKind: 'category',
    pointDates: periods.map((period) => period.periodEnd),
    bands: [],
    series: [
      {
        key: cost ? 'costUsd' : 'quantity',
        label: cost ? labels.cost : labels.usage,
        values: periods.map((period) => (cost ? dollars(period.costCents) : period.quantity)),
        kind: 'bar',
        color: 1,
      },
      {
        key: cost ? 'lastYearCostUsd' : 'lastYearQuantity',
        label: labels.lastYear,
        values: periods.map((period) => (cost ? dollars(period.lastYearCostCents) : period.lastYearQuantity)),
        kind: 'line',
        color: 2,
        dashed: true,
      },
      {
        key: 'temperatureC',
        label: labels.temperature,
        values: periods.map((period) => temperatureOf(period.averageTempC, labels)),
        kind: 'line',
        color: 3,
        axis: 'right',
      },
    ],
  };
}

export function dayChart(
  days: readonly UsageDay[],
  lastYear: readonly UsageDay[] | undefined,
  measure: Measure,
  labels: SeriesLabels,
): ChartData {
  const cost = measure === 'cost';
  const valueAt = (day: UsageDay | undefined) =>
    day === undefined ? null : cost ? dollars(day.energyCostCents) : day.importWh / 1000;
  // Last year's days sit beside this year's by day of the month.
  const before = new Map(lastYear?.map((day) => [day.date.slice(5), day]));
  return {
    x: indexes(days.length),
    xKind: 'category',
    pointDates: days.map((day) => day.date),
    bands: [],
    series: [
      {
        key: cost ? 'energyCostUsd' : 'kwh',
        label: cost ? labels.cost : labels.usage,
        values: days.map(valueAt),
        kind: 'bar',
        color: 1,
      },
      {
        key: cost ? 'lastYearEnergyCostUsd' : 'lastYearKwh',
        label: labels.lastYear,
        values: days.map((day) => valueAt(before.get(day.date.slice(5)))),
        kind: 'line',
        color: 2,
        dashed: true,
      },
      {
        key: 'temperatureC',
        label: labels.temperature,
        values: days.map((day) => temperatureOf(day.averageTempC, labels)),
        kind: 'line',
        color: 3,
        axis: 'right',
      },
    ],
  };
}

/** Each interval's start as UNIX seconds: the local day's midnight plus whole intervals. */
export function intervalTimes(intervals: readonly UsageIntervalDay[], resolution: number, timeZone: string) {
  const x: number[] = [];
  const pointDates: string[] = [];
  for (const day of intervals) {
    const midnight = localMidnightUtcMs(day.date, timeZone) / 1000;
    day.importWh.forEach((_, i) => {
      x.push(midnight + i * resolution * 60);
      pointDates.push(day.date);
    });
  }
  return { x, pointDates };
}

/** The tariff's period kind at each point, merged into spans. */
export function touBands(
  x: readonly number[],
  pointDates: readonly string[],
  resolution: number,
  tou: TouSchedule | null,
  timeZone: string,
  labels: SeriesLabels['band'],
): ChartBand[] {
  if (!tou) return [];
  const kinds = new Map(tou.periods.map((period) => [period.period, period.kind]));
  const bands: ChartBand[] = [];
  x.forEach((start, i) => {
    const date = pointDates[i] ?? '';
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const rows = weekday === 0 || weekday === 6 ? tou.weekend : tou.weekday;
    const period = rows[Number(date.slice(5, 7)) - 1]?.[localHour(start * 1000, timeZone)] ?? 0;
    const kind = kinds.get(period) ?? 'off';
    const end = start + resolution * 60;
    const last = bands.at(-1);
    if (last && last.kind === kind && last.to === start) last.to = end;
    else bands.push({ from: start, to: end, kind, label: labels[kind] });
  });
  return bands;
}

export function intervalChart(
  intervals: readonly UsageIntervalDay[],
  resolution: number,
  timeZone: string,
  labels: SeriesLabels,
  options: { tou: TouSchedule | null; bands: boolean },
): ChartData {
  const { x, pointDates } = intervalTimes(intervals, resolution, timeZone);
  const flat = (pick: (day: UsageIntervalDay) => number[] | null) =>
    intervals.flatMap((day) => {
      const values = pick(day);
      return values ? values.map((wh) => wh / 1000) : day.importWh.map(() => null);
    });
  const series: ChartSeries[] = [
    {
      key: 'kwh',
      label: labels.usage,
      values: flat((day) => day.importWh),
      kind: resolution === 60 ? 'bar' : 'area',
      color: 1,
    },
  ];
  if (intervals.some((day) => day.exportWh)) {
    series.push({
      key: 'exportedKwh',
      label: labels.exported,
      values: flat((day) => day.exportWh),
      kind: 'line',
      color: 4,
    });
  }
  if (intervals.some((day) => day.generationWh)) {
    series.push({
      key: 'producedKwh',
      label: labels.produced,
      values: flat((day) => day.generationWh),
      kind: 'line',
      color: 5,
    });
  }
  return {
    x,
    xKind: 'time',
    series,
    pointDates,
    bands: options.bands ? touBands(x, pointDates, resolution, options.tou, timeZone, labels.band) : [],
  };
}
