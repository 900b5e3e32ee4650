// The chart's colours, read from the active theme's CSS custom properties on the chart's own
// element (a theme may be scoped below <html>), because canvas drawing cannot use var(--gf-…).
import type { ChartBand } from './chart-types.ts';

export interface ChartTheme {
  /** --gf-chart-1 … --gf-chart-6, in order. */
  series: readonly string[];
  text: string;
  muted: string;
  grid: string;
  focus: string;
  font: string;
  bands: Readonly<Record<ChartBand['kind'], string>>;
}

export function readChartTheme(element: Element): ChartTheme {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    series: [1, 2, 3, 4, 5, 6].map((n) => token(`--gf-chart-${n}`, '#4a5568')),
    text: token('--gf-surface-fg', '#1a1a1a'),
    muted: token('--gf-muted-fg', '#5f6368'),
    grid: token('--gf-border', '#d0d4d9'),
    focus: token('--gf-focus-ring', '#1a73e8'),
    font: style.fontFamily || 'system-ui, sans-serif',
    // Time-of-use periods in the theme's status colours; the legend names them, so colour is not
    // the only cue.
    bands: {
      peak: token('--gf-danger', '#b3261e'),
      mid: token('--gf-warning', '#b26a00'),
      off: token('--gf-success', '#1e7b34'),
    },
  };
}

/** A theme colour made translucent, for area fills. Colours other than hex are returned as-is. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const channel = (at: number) => Number.parseInt(full.slice(at, at + 2), 16);
  return `rgba(${channel(0)}, ${channel(2)}, ${channel(4)}, ${alpha})`;
}

/** True when the two themes would draw the same chart (no redraw needed). */
export function sameChartTheme(a: ChartTheme, b: ChartTheme): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
