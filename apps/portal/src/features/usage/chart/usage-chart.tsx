// The chart the /usage page draws everything with (uPlot on a canvas): chart or table view, a
// legend in words, CSV download of every point. It loads only with /usage: import it from nothing
// else, or uPlot lands in another route's download.
// The plot itself (uPlot, most of this chart's weight) is its own chunk, asked for when a chart
// with data comes within a screen's height of the viewport, not when this module runs: the page's
// first view and its numbers are drawn without waiting for it, and uPlot is evaluated and a chart
// drawn only where the customer will see one (issue 7: uPlot's evaluation was a long task of its
// own before the page had even hydrated, and every chart below the fold was drawn on load too).
// Its place is kept meanwhile, as tall as the plot, so nothing moves.
import { type ComponentType, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { whenIdle } from '../../../lib/when-idle.ts';
import { downloadText } from '../../billing/transactions-csv.ts';
import { ChartLegend } from './chart-legend.tsx';
import { ChartTable } from './chart-table.tsx';
import type { UsageChartProps } from './chart-types.ts';
import { chartCsv } from './csv.ts';
import { CHARTS_NAMESPACE } from './texts.ts';
import styles from './usage-chart.module.css';

export { ChartError, ChartSkeleton } from './chart-states.tsx';
export type { ChartBand, ChartSeries, UsageChartProps } from './chart-types.ts';

type View = 'chart' | 'table';

type PlotProps = { chart: UsageChartProps; hidden: boolean };

/** The plot once its chunk is here: later charts render it at once instead of suspending. */
let LoadedPlot: ComponentType<PlotProps> | null = null;
let plotLoading: Promise<typeof import('./chart-plot.tsx')> | null = null;
/** Loads the plot's chunk once for every chart; resolves when it is here (tests await it too). */
export function loadPlot(): Promise<typeof import('./chart-plot.tsx')> {
  plotLoading ??= import('./chart-plot.tsx').then((module) => {
    LoadedPlot = module.ChartPlot;
    return module;
  });
  // A failed download is tried again by the next chart that comes into view.
  plotLoading.catch(() => {
    plotLoading = null;
  });
  return plotLoading;
}
const LazyPlot = lazyPart(() => loadPlot().then((module) => ({ default: module.ChartPlot })));

/** How long after mounting a chart far from the viewport is drawn anyway, at the next idle moment. */
const OFF_SCREEN_DRAW_DELAY_MS = 3000;

/**
 * Whether the element has come within a screen's height of the viewport, or the page has been idle
 * since OFF_SCREEN_DRAW_DELAY_MS (once true, it stays true). True from the start where there is no
 * IntersectionObserver.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    // A chart off screen is still drawn, later: once the page has been idle a while (the insights
    // dashboard's panels, a screen reader's table beside it, printing), not before the first view.
    const idle = whenIdle(() => setNear(true), { delay: OFF_SCREEN_DRAW_DELAY_MS, timeout: 2000 });
    return () => {
      observer.disconnect();
      idle();
    };
  }, [near, ref]);
  return near;
}

/** Where the plot will be, as tall as it will be, until it is drawn. */
function PlotPlace({ chart, hidden, placeRef }: PlotProps & { placeRef?: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation(CHARTS_NAMESPACE);
  return (
    <div ref={placeRef} className={styles.plotArea} hidden={hidden} aria-busy="true">
      <div className={styles.plotTools}>
        <p className={styles.hint}>{t('zoomHint')}</p>
      </div>
      <div className={styles.plot} style={{ height: chart.height ?? 300 }} />
    </div>
  );
}

export function UsageChart(props: UsageChartProps) {
  const { t } = useTranslation(CHARTS_NAMESPACE);
  const [view, setView] = useState<View>('chart');
  // Chosen once per chart, so that the plot (and its zoom) is never mounted a second time.
  const [ReadyPlot] = useState(() => LoadedPlot);
  const placeRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(placeRef);

  const download = () => {
    const period = props.csvValue ?? props.formatX;
    const csv = chartCsv({
      periodHeading: t('table.period'),
      length: props.x.length,
      period,
      series: props.series,
    });
    downloadText(csv, props.csvFileName);
  };

  const viewButton = (which: View) => (
    <button
      type="button"
      className={`gf-button ${view === which ? '' : 'gf-button--secondary'}`}
      aria-pressed={view === which}
      onClick={() => setView(which)}
    >
      {t(`views.${which}`)}
    </button>
  );

  return (
    <div className={styles.chart}>
      <div className={styles.toolbar}>
        <fieldset className={styles.views}>
          <legend className="visually-hidden">{t('views.label')}</legend>
          {viewButton('chart')}
          {viewButton('table')}
        </fieldset>
        <button type="button" className="gf-button gf-button--secondary" onClick={download}>
          {t('downloadCsv')}
        </button>
      </div>
      <ChartLegend series={props.series} bands={props.bands} />
      {/* The plot stays mounted under the table, so its zoom survives a look at the numbers. */}
      {!near ? (
        <PlotPlace chart={props} hidden={view !== 'chart'} placeRef={placeRef} />
      ) : ReadyPlot ? (
        <ReadyPlot chart={props} hidden={view !== 'chart'} />
      ) : (
        <Suspense fallback={<PlotPlace chart={props} hidden={view !== 'chart'} />}>
          <LazyPlot chart={props} hidden={view !== 'chart'} />
        </Suspense>
      )}
      {view === 'table' && <ChartTable chart={props} />}
    </div>
  );
}
