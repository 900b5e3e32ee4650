// The usage chart's public shapes: what the /usage page hands the chart (see usage-chart.tsx).

export interface ChartSeries {
  /** CSV column id, e.g. 'importKwh'. */
  key: string;
  /** Translated; shown in the legend, readout, table header and CSV header. */
  label: string;
  /** One per x; null = no data (a gap). */
  values: ArrayLike<number | null>;
  kind: 'bar' | 'line' | 'area';
  /** The theme token --gf-chart-N. */
  color: 1 | 2 | 3 | 4 | 5 | 6;
  /** Bars with the same stack id are stacked. */
  stack?: string;
  /** Right axis, e.g. temperature; default left. */
  axis?: 'left' | 'right';
  /** E.g. the same period last year. */
  dashed?: boolean;
}

/** A shaded span behind the data (a time-of-use period), in x units. */
export interface ChartBand {
  from: number;
  to: number;
  kind: 'peak' | 'mid' | 'off';
  label: string;
}

export interface UsageChartProps {
  /** Accessible name, and the caption of the table view. */
  title: string;
  /** One-sentence summary read by screen readers. */
  description?: string;
  /** Time axis: UNIX seconds of each point's start; category axis: 0..n-1. */
  x: ArrayLike<number>;
  xKind: 'time' | 'category';
  /** Full label of a point for readout, table, announcements and CSV (locale aware). */
  formatX: (index: number) => string;
  /** Axis tick label. */
  formatTick?: (value: number) => string;
  series: ChartSeries[];
  unit: string;
  rightUnit?: string;
  /** Locale aware, with unit. */
  formatValue: (value: number, series: ChartSeries) => string;
  bands?: ChartBand[];
  /** Click or Enter on a point drills down; absent = no drill. */
  onDrill?: (index: number) => void;
  /** E.g. 'usage-electricity-2026-03.csv'. */
  csvFileName: string;
  /** First CSV column; default formatX. */
  csvValue?: (index: number) => string;
  height?: number;
}
