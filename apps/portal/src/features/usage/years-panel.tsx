// The service's years side by side (the spec's yearly usage slice): usage or cost of each year's
// bill periods, with the year's mean temperature.
import type { UtilityType } from '@gridfront/contracts/constants';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useDeferredValue } from '../../lib/deferred-value.ts';
import { useLanguage } from '../billing/use-language.ts';
import { ChartError, type ChartSeries, ChartSkeleton, UsageChart } from './chart/usage-chart.tsx';
import { MeasureToggle } from './measure-toggle.tsx';
import type { Measure } from './series.ts';
import { USAGE_NAMESPACE } from './texts.ts';
import styles from './usage.module.css';
import { useUsageYearsQuery } from './usage-api.ts';
import { formatCents, formatUsage, temperatureConverter } from './usage-format.ts';

export function YearsPanel({
  accountId,
  service,
  uploadId,
}: {
  accountId: string;
  service: UtilityType;
  uploadId: string | null;
}) {
  const { t } = useTranslation(USAGE_NAMESPACE);
  const language = useLanguage();
  const query = useUsageYearsQuery({ accountId, utilityType: service, ...(uploadId ? { uploadId } : {}) });
  // Drawn as a transition, in slices, after the answer (issue 7: total blocking time on a phone).
  const data = useDeferredValue(query.currentData);
  const title = t('years.chartTitle', { service: t(`service.${service}`) });
  const years = data ? [...data.years].reverse() : [];
  const unit = data ? t(`unit.${data.unit as 'kWh'}`, { defaultValue: data.unit }) : '';
  const [measure, setMeasure] = useState<Measure>('units');
  const cost = measure === 'cost';
  const temperatureUnit = t('temperatureUnit');
  const toTemperature = temperatureConverter(temperatureUnit);
  const series: ChartSeries[] = [
    cost
      ? {
          key: 'costUsd',
          label: t('series.cost'),
          values: years.map((y) => (y.costCents === null ? null : y.costCents / 100)),
          kind: 'bar',
          color: 1,
        }
      : {
          key: 'quantity',
          label: t('series.usage', { unit }),
          values: years.map((y) => y.quantity),
          kind: 'bar',
          color: 1,
        },
    {
      key: 'temperature',
      label: t('series.temperature', { unit: temperatureUnit }),
      values: years.map((y) =>
        y.averageTempC === null ? null : Math.round(toTemperature(y.averageTempC) * 10) / 10,
      ),
      kind: 'line',
      color: 3,
      axis: 'right',
    },
  ];
  return (
    <section className={`gf-surface ${styles.panel}`} aria-labelledby="usage-years-title">
      <h2 id="usage-years-title" className={styles.panelTitle}>
        {t('years.title')}
      </h2>
      {data && !uploadId && data.years.some((y) => y.costCents !== null) ? (
        <MeasureToggle value={measure} onChange={setMeasure} />
      ) : null}
      {query.isError ? (
        <ChartError title={title} onRetry={() => query.refetch()} />
      ) : !data ? (
        <ChartSkeleton title={title} />
      ) : years.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <UsageChart
          title={title}
          x={years.map((_, i) => i)}
          xKind="category"
          formatX={(index) => String(years[index]?.year ?? '')}
          series={series.filter((one, i) => i === 0 || Array.from(one.values).some((v) => v !== null))}
          unit={cost ? '$' : unit}
          rightUnit={`°${temperatureUnit}`}
          formatValue={(value, one) =>
            one.key === 'costUsd'
              ? formatCents(Math.round(value * 100), language)
              : one.key === 'temperature'
                ? `${value} °${temperatureUnit}`
                : formatUsage(value, unit, language)
          }
          csvFileName={`usage-${service}-years.csv`}
        />
      )}
    </section>
  );
}
