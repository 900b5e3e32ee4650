// The chart the /usage page draws everything with (uPlot on a canvas): chart or table view, a
// legend in words, CSV download of every point. It loads only with /usage: import it from nothing
// else, or uPlot lands in another route's download.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../../billing/transactions-csv.ts';
import { ChartLegend } from './chart-legend.tsx';
import { ChartPlot } from './chart-plot.tsx';
import { ChartTable } from './chart-table.tsx';
import type { UsageChartProps } from './chart-types.ts';
import { chartCsv } from './csv.ts';
import { CHARTS_NAMESPACE } from './texts.ts';
import styles from './usage-chart.module.css';

export { ChartError, ChartSkeleton } from './chart-states.tsx';
export type { ChartBand, ChartSeries, UsageChartProps } from './chart-types.ts';

type View = 'chart' | 'table';

export function UsageChart(props: UsageChartProps) {
  const { t } = useTranslation(CHARTS_NAMESPACE);
  const [view, setView] = useState<View>('chart');

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
      <ChartPlot chart={props} hidden={view !== 'chart'} />
      {view === 'table' && <ChartTable chart={props} />}
    </div>
  );
}
