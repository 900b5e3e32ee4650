// The service's years side by side (the spec's yearly usage slice): usage and cost of each year's
// bill periods.
import type { UtilityType } from '@gridfront/contracts/constants';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../billing/use-language.ts';
import { ChartError, ChartSkeleton, UsageChart } from './chart/usage-chart.tsx';
import { USAGE_NAMESPACE } from './texts.ts';
import styles from './usage.module.css';
import { useUsageYearsQuery } from './usage-api.ts';
import { formatCents, formatUsage } from './usage-format.ts';

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
  const data = query.currentData;
  const title = t('years.chartTitle', { service: t(`service.${service}`) });
  const years = data ? [...data.years].reverse() : [];
  const unit = data ? t(`unit.${data.unit as 'kWh'}`, { defaultValue: data.unit }) : '';
  return (
    <section className={`gf-surface ${styles.panel}`} aria-labelledby="usage-years-title">
      <h2 id="usage-years-title" className={styles.panelTitle}>
        {t('years.title')}
      </h2>
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
          series={[
            {
              key: 'quantity',
              label: t('series.usage', { unit }),
              values: years.map((y) => y.quantity),
              kind: 'bar',
              color: 1,
            },
            {
              key: 'costUsd',
              label: t('series.cost'),
              values: years.map((y) => (y.costCents === null ? null : y.costCents / 100)),
              kind: 'line',
              color: 2,
              axis: 'right',
            },
          ]}
          unit={unit}
          rightUnit="$"
          formatValue={(value, series) =>
            series.key === 'costUsd'
              ? formatCents(Math.round(value * 100), language)
              : formatUsage(value, unit, language)
          }
          csvFileName={`usage-${service}-years.csv`}
        />
      )}
    </section>
  );
}
