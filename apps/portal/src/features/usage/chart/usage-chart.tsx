// The chart the /usage page draws everything with (uPlot on a canvas): chart or table view, a
// legend in words, CSV download of every point. It loads only with /usage: import it from nothing
// else, or uPlot lands in another route's download.
// The plot itself (uPlot, most of this chart's weight) is its own chunk, asked for as soon as this
// module runs: the page's first view (title, account, the panels' places) is drawn without waiting
// for it, and by the time a chart's data has come it has usually arrived (issue 7: /usage on a
// phone drew nothing before uPlot had downloaded and run). Its place is kept meanwhile.
import { type ComponentType, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../lib/lazy-part.tsx';
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
/** Resolves when the plot's chunk has loaded (tests await it before drawing a chart). */
export const plotReady = import('./chart-plot.tsx').then((module) => {
  LoadedPlot = module.ChartPlot;
  return module;
});
const LazyPlot = lazyPart(() => plotReady.then((module) => ({ default: module.ChartPlot })));

/** Where the plot will be, as tall as it will be, while its chunk loads. */
function PlotPlace({ chart, hidden }: PlotProps) {
  const { t } = useTranslation(CHARTS_NAMESPACE);
  return (
    <div className={styles.plotArea} hidden={hidden} aria-busy="true">
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
      {ReadyPlot ? (
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
