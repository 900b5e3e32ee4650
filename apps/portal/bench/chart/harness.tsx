// `npm run bench:chart`'s page (built apart from the portal, never shipped): draws UsageChart over
// a year of 15-minute synthetic reads and offers the timings to the script driving the browser.
import '../../src/themes/base.css';
import type { ThemeId } from '@gridfront/contracts/constants';
import { createRoot } from 'react-dom/client';
import { CHARTS_NAMESPACE } from '../../src/features/usage/chart/texts.ts';
import type { ChartBand, ChartSeries } from '../../src/features/usage/chart/usage-chart.tsx';
import { UsageChart } from '../../src/features/usage/chart/usage-chart.tsx';
import { i18n } from '../../src/i18n/i18n.ts';
import { THEMES } from '../../src/themes/registry.ts';
import { applyTheme } from '../../src/themes/theme-store.ts';
import { MonthlyChart } from './monthly-chart.tsx';
import { syntheticYear } from './synthetic-year.ts';

export interface ChartBenchResult {
  points: number;
  /** From the render call to the chart drawn on its canvas. */
  drawMs: number;
  /** From navigation start to the chart drawn. */
  loadToDrawMs: number;
  /** Canvas pixels that are not blank, in a sampled grid: proof that something was drawn. */
  paintedSamples: number;
}

declare global {
  interface Window {
    /** Switches the page's theme, as the portal's theme picker does (tokens on <html>). */
    chartTheme?: (id: ThemeId) => void;
    chartBench?: ChartBenchResult;
    chartArmZoom?: () => void;
    chartZoomMs?: Promise<number>;
    chartReset?: () => Promise<number>;
  }
}

/** Resolves after every queued microtask (uPlot commits its redraws in one) has run. */
const afterMicrotasks = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

async function drawn(): Promise<HTMLCanvasElement> {
  for (;;) {
    const canvas = document.querySelector<HTMLCanvasElement>('#chart canvas');
    if (canvas) {
      await afterMicrotasks();
      return canvas;
    }
    await afterMicrotasks();
  }
}

function paintedSamples(canvas: HTMLCanvasElement): number {
  const context = canvas.getContext('2d');
  if (!context) return 0;
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let painted = 0;
  for (let at = 3; at < data.length; at += 4 * 97) if ((data[at] ?? 0) > 0) painted++;
  return painted;
}

applyTheme(THEMES.green);
window.chartTheme = (id) => applyTheme(THEMES[id]);
await i18n.loadNamespaces(CHARTS_NAMESPACE);
// ?monthly shows a second, small chart below (bars, a stack, a right axis, last year dashed) to
// look at; the timings are taken without it.
if (new URLSearchParams(location.search).has('monthly')) {
  const below = document.createElement('div');
  document.querySelector('main')?.append(below);
  createRoot(below).render(<MonthlyChart />);
}
const year = syntheticYear(2025);
const series: ChartSeries[] = [
  { key: 'importKwh', label: 'Import from grid', values: year.importKwh, kind: 'area', color: 1 },
  { key: 'exportKwh', label: 'Export to grid', values: year.exportKwh, kind: 'area', color: 2 },
  { key: 'generationKwh', label: 'Solar generation', values: year.generationKwh, kind: 'line', color: 3 },
];
const bands: ChartBand[] = year.peaks.map((peak) => ({ ...peak, kind: 'peak', label: 'Peak hours' }));
const full = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const kwh = new Intl.NumberFormat('en', { maximumFractionDigits: 3 });

const host = document.getElementById('chart');
if (!host) throw new Error('no #chart');
const started = performance.now();
createRoot(host).render(
  <UsageChart
    title="Electricity every 15 minutes, 2025"
    x={year.x}
    xKind="time"
    formatX={(index) => full.format((year.x[index] ?? 0) * 1000)}
    series={series}
    unit="kWh"
    formatValue={(value) => `${kwh.format(value)} kWh`}
    bands={bands}
    csvFileName="usage-electricity-2025.csv"
    height={320}
  />,
);
const canvas = await drawn();
const finished = performance.now();
window.chartBench = {
  points: year.x.length,
  drawMs: finished - started,
  loadToDrawMs: finished,
  paintedSamples: paintedSamples(canvas),
};

// A zoom is a drag's mouse-up: the selection becomes the x window and the chart redraws. The
// driver arms the timer, drags with the real mouse, then reads the time.
window.chartArmZoom = () => {
  window.chartZoomMs = new Promise<number>((resolve) => {
    window.addEventListener(
      'mouseup',
      () => {
        const start = performance.now();
        afterMicrotasks().then(() => resolve(performance.now() - start));
      },
      { capture: true, once: true },
    );
  });
};

window.chartReset = async () => {
  const button = [...document.querySelectorAll('button')].find((one) => one.textContent === 'Reset zoom');
  if (!button) throw new Error('no Reset zoom button: the chart is not zoomed');
  const start = performance.now();
  button.click();
  await afterMicrotasks();
  return performance.now() - start;
};
