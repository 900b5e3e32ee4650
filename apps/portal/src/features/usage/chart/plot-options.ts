// The uPlot configuration of a usage chart, as a plain function of the props and the theme's
// colours, so that what the chart draws with is testable without a canvas.
import uPlot from 'uplot';
import type { ChartTheme } from './chart-theme.ts';
import { withAlpha } from './chart-theme.ts';
import type { ChartBand, ChartSeries, UsageChartProps } from './chart-types.ts';
import { type DrawnSeries, stackForDrawing } from './stack.ts';
import { timeTickFormatter } from './time-ticks.ts';

export type XRange = readonly [number, number];

export type PlotInput = Pick<
  UsageChartProps,
  'x' | 'xKind' | 'series' | 'bands' | 'unit' | 'rightUnit' | 'formatTick' | 'formatX'
> & {
  width: number;
  height: number;
  /** The reader's language, for default time-axis labels. */
  locale: string;
};

export interface PlotHandlers {
  /** The x window to show: the zoom, or the full range. uPlot asks on every scale change. */
  xRange: () => XRange;
  onSelect: (u: uPlot) => void;
  onCursor: (index: number | null) => void;
}

/** The whole x axis; bars get half a step of room at each end so the outer ones are not cut. */
export function fullXRange(x: ArrayLike<number>, series: readonly Pick<ChartSeries, 'kind'>[]): XRange {
  const first = x[0] ?? 0;
  const last = x[x.length - 1] ?? first;
  const step = x.length > 1 ? (last - first) / (x.length - 1) : 1;
  const pad = series.some((one) => one.kind === 'bar') || x.length === 1 ? step / 2 : 0;
  return [first - pad, last + pad];
}

/**
 * The left axis (quantities: kWh, therms, gallons) always shows zero, so that bars and areas are
 * drawn from it and their heights compare truthfully; the right axis (temperature) fits its data.
 */
export function quantityRange(_u: uPlot, min: number | null, max: number | null): uPlot.Range.MinMax {
  if (min === null || max === null) return [0, 1];
  return uPlot.rangeNum(Math.min(0, min), Math.max(0, max), 0.1, true);
}

type Column = uPlot.AlignedData[number];

function column(values: ArrayLike<number | null>): Column {
  // uPlot reads arrays and typed arrays in place; anything else is copied once.
  return Array.isArray(values) || ArrayBuffer.isView(values)
    ? (values as Column)
    : Array.from(values as ArrayLike<number | null>);
}

export function plotData(x: ArrayLike<number>, drawn: readonly DrawnSeries[]): uPlot.AlignedData {
  return [column(x) as uPlot.AlignedData[0], ...drawn.map((one) => column(one.values))];
}

function seriesOptions(one: ChartSeries, theme: ChartTheme): uPlot.Series {
  const color = theme.series[one.color - 1] ?? theme.text;
  const bars = uPlot.paths.bars?.({ size: [0.7, 48], align: 0 });
  return {
    label: one.label,
    scale: one.axis === 'right' ? 'right' : 'y',
    stroke: color,
    width: one.kind === 'bar' ? 0 : 1.5,
    fill: one.kind === 'bar' ? color : one.kind === 'area' ? withAlpha(color, 0.25) : undefined,
    dash: one.dashed ? [6, 4] : undefined,
    paths: one.kind === 'bar' ? bars : undefined,
    points: { show: false },
    spanGaps: false,
  };
}

/** Shades the time-of-use periods behind everything else (drawn right after the canvas is cleared). */
export function drawBands(u: uPlot, bands: readonly ChartBand[], theme: ChartTheme): void {
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  ctx.save();
  ctx.globalAlpha = 0.14;
  for (const band of bands) {
    const from = Math.max(left, u.valToPos(band.from, 'x', true));
    const to = Math.min(left + width, u.valToPos(band.to, 'x', true));
    if (to <= from) continue;
    ctx.fillStyle = theme.bands[band.kind];
    ctx.fillRect(from, top, to - from, height);
  }
  ctx.restore();
}

export function plotOptions(
  input: PlotInput,
  theme: ChartTheme,
  handlers: PlotHandlers,
): { options: uPlot.Options; data: uPlot.AlignedData; drawn: DrawnSeries[] } {
  const drawn = stackForDrawing(input.series);
  const hasRight = input.series.some((one) => one.axis === 'right');
  const font = `12px ${theme.font}`;
  const axisLook = {
    stroke: theme.text,
    font,
    labelFont: font,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1 },
  };
  const tick = input.formatTick ?? (input.xKind === 'category' ? input.formatX : undefined);
  const timeTicks = timeTickFormatter(input.locale);
  const xAxis: uPlot.Axis = {
    ...axisLook,
    // Categories sit on whole numbers only.
    ...(input.xKind === 'category' ? { incrs: [1, 2, 3, 4, 6, 12, 24, 48, 96, 192] } : {}),
    values: tick
      ? (_u, splits) => splits.map((value) => tick(value))
      : (_u, splits, _axis, _space, step) => timeTicks(splits, step),
  };
  const bands = input.bands ?? [];
  const options: uPlot.Options = {
    width: input.width,
    height: input.height,
    legend: { show: false },
    scales: {
      x: { time: input.xKind === 'time', range: () => [...handlers.xRange()] },
      y: { auto: true, range: quantityRange },
      ...(hasRight ? { right: { auto: true } } : {}),
    },
    series: [{}, ...drawn.map((one) => seriesOptions(input.series[one.source] as ChartSeries, theme))],
    axes: [
      xAxis,
      { ...axisLook, label: input.unit, scale: 'y' },
      ...(hasRight
        ? [{ ...axisLook, label: input.rightUnit ?? '', scale: 'right', side: 1, grid: { show: false } }]
        : []),
    ],
    // The chart zooms itself from the selection (setSelect), so the range stays under its control.
    cursor: { drag: { x: true, y: false, setScale: false }, points: { size: 8 } },
    hooks: {
      drawClear: bands.length > 0 ? [(u) => drawBands(u, bands, theme)] : [],
      setSelect: [handlers.onSelect],
      setCursor: [(u) => handlers.onCursor(u.cursor.idx ?? null)],
    },
  };
  return { options, data: plotData(input.x, drawn), drawn };
}
