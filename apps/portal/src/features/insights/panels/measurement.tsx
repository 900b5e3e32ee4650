// Energy measurement: one of the meter's feeds as energy, average power or cost per day of the
// chosen month (energyMeasurement).
import {
  MEASUREMENT_METRICS,
  type MeasurementFeed,
  type MeasurementMetric,
} from '@gridfront/contracts/insights-basics';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { UsageChart } from '../../usage/chart/usage-chart.tsx';
import { useDashboard } from '../dashboard-context.ts';
import { monthRange } from '../dates.ts';
import { formatCents, formatDate, formatMonth, formatQuantity } from '../format.ts';
import styles from '../insights.module.css';
import { useEnergyMeasurementQuery } from '../insights-api.ts';
import { Panel, QueryState } from '../panel.tsx';
import { INSIGHTS_NAMESPACE } from '../texts.ts';

export function MeasurementPanel() {
  const { t, i18n } = useTranslation(INSIGHTS_NAMESPACE);
  const language = i18n.language;
  const { auth, init, month } = useDashboard();
  const [metric, setMetric] = useState<MeasurementMetric>('energy');
  const [feed, setFeed] = useState<MeasurementFeed>('consumption');
  const feeds: MeasurementFeed[] = init.hasSolar
    ? ['consumption', 'import', 'export', 'production']
    : ['consumption', 'import'];
  const range = monthRange(month);
  const title = t('measurement.chartTitle', {
    metric: t(`measurement.metrics.${metric}`),
    feed: t(`measurement.feeds.${feed}`),
    month: formatMonth(month, language),
  });
  const query = useEnergyMeasurementQuery({
    ...auth,
    metricType: metric,
    feedType: feed,
    startDate: range.startDate,
    endDate: range.endDate,
    interval: 'day',
    title,
  });
  const format = (value: number) =>
    metric === 'cost'
      ? formatCents(value, language)
      : `${formatQuantity(value, language)} ${metric === 'power' ? 'kW' : 'kWh'}`;
  return (
    <Panel title={t('measurement.title')} intro={t('measurement.intro')}>
      <div className={styles.pickers}>
        <label className={styles.picker}>
          <span>{t('measurement.metric')}</span>
          <select value={metric} onChange={(event) => setMetric(event.target.value as MeasurementMetric)}>
            {MEASUREMENT_METRICS.map((key) => (
              <option key={key} value={key}>
                {t(`measurement.metrics.${key}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.picker}>
          <span>{t('measurement.feed')}</span>
          <select value={feed} onChange={(event) => setFeed(event.target.value as MeasurementFeed)}>
            {feeds.map((key) => (
              <option key={key} value={key}>
                {t(`measurement.feeds.${key}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState query={query} title={title}>
        {(data) => (
          <UsageChart
            title={title}
            x={data.points.map((_, index) => index)}
            xKind="category"
            formatX={(index) => formatDate(data.points[index]?.start ?? '', language)}
            formatTick={(index) => String(Number(data.points[index]?.start.slice(8, 10) ?? ''))}
            series={[
              {
                key: metric,
                label: t(`measurement.metrics.${metric}`),
                values: data.points.map((point) => point.value),
                kind: metric === 'power' ? 'line' : 'bar',
                color: 1,
              },
            ]}
            unit={metric === 'cost' ? '$' : metric === 'power' ? 'kW' : 'kWh'}
            formatValue={format}
            csvFileName={`measurement-${feed}-${metric}-${month}.csv`}
          />
        )}
      </QueryState>
    </Panel>
  );
}
