// Solar production of the chosen month, day by day (solarProduction): produced, exported and used
// at home, and what the energy used at home saved. A home without a production meter is told so.
import { useTranslation } from 'react-i18next';
import { UsageChart } from '../../usage/chart/usage-chart.tsx';
import { useDashboard } from '../dashboard-context.ts';
import { monthRange } from '../dates.ts';
import { formatCents, formatDate, formatKwh, formatMonth } from '../format.ts';
import styles from '../insights.module.css';
import { useSolarProductionQuery } from '../insights-api.ts';
import { Panel, QueryState } from '../panel.tsx';
import { INSIGHTS_NAMESPACE } from '../texts.ts';

export function SolarPanel() {
  const { t } = useTranslation(INSIGHTS_NAMESPACE);
  const { init } = useDashboard();
  return <Panel title={t('solar.title')}>{init.hasSolar ? <SolarChart /> : <p>{t('solar.none')}</p>}</Panel>;
}

function SolarChart() {
  const { t, i18n } = useTranslation(INSIGHTS_NAMESPACE);
  const language = i18n.language;
  const { auth, month } = useDashboard();
  const range = monthRange(month);
  const title = t('solar.chartTitle', { month: formatMonth(month, language) });
  const query = useSolarProductionQuery({
    ...auth,
    periodType: 'month',
    year: range.year,
    monthOrWeek: range.month,
    title,
  });
  return (
    <QueryState query={query} title={title}>
      {(data) => (
        <div className={styles.stack}>
          <p>
            {t('solar.totals', {
              produced: formatKwh(data.totals.productionKwh, language),
              selfConsumed: formatKwh(data.totals.selfConsumedKwh, language),
              exported: formatKwh(data.totals.exportKwh, language),
            })}{' '}
            {data.savingsCents === null
              ? ''
              : t('solar.saved', { amount: formatCents(data.savingsCents, language) })}
          </p>
          <UsageChart
            title={title}
            x={data.points.map((_, index) => index)}
            xKind="category"
            formatX={(index) => formatDate(data.points[index]?.label ?? '', language)}
            formatTick={(index) => String(Number(data.points[index]?.label.slice(8, 10) ?? ''))}
            series={[
              {
                key: 'selfConsumedKwh',
                label: t('solar.selfConsumed'),
                values: data.points.map((point) => point.selfConsumedKwh),
                kind: 'bar',
                color: 2,
                stack: 'production',
              },
              {
                key: 'exportKwh',
                label: t('solar.exported'),
                values: data.points.map((point) => point.exportKwh),
                kind: 'bar',
                color: 5,
                stack: 'production',
              },
            ]}
            unit="kWh"
            formatValue={(value) => formatKwh(value, language)}
            csvFileName={`solar-${month}.csv`}
          />
        </div>
      )}
    </QueryState>
  );
}
