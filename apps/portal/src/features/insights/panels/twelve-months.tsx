// The last 12 months (insights12Months): each month's energy against the same month a year before
// and similar homes, and what stood out in each.
import { useTranslation } from '../../../i18n/use-translation.ts';
import { UsageChart } from '../../usage/chart/usage-chart.tsx';
import { useDashboard } from '../dashboard-context.ts';
import { formatCents, formatKwh, formatMonth } from '../format.ts';
import { useInsightText } from '../insight-text.tsx';
import styles from '../insights.module.css';
import { useInsights12MonthsQuery } from '../insights-api.ts';
import { Panel, QueryState } from '../panel.tsx';
import { INSIGHTS_NAMESPACE } from '../texts.ts';

export function TwelveMonthsPanel() {
  const { t, i18n } = useTranslation(INSIGHTS_NAMESPACE);
  const language = i18n.language;
  const { auth } = useDashboard();
  const query = useInsights12MonthsQuery({ ...auth, months: 12 });
  const word = useInsightText();
  const title = t('twelveMonths.title');
  return (
    <Panel title={title} intro={t('twelveMonths.intro')} wide>
      <QueryState query={query} title={title}>
        {({ months }) => (
          <div className={styles.stack}>
            <UsageChart
              title={t('twelveMonths.chartTitle')}
              x={months.map((_, index) => index)}
              xKind="category"
              formatX={(index) => formatMonth(months[index]?.month ?? '2000-01', language)}
              formatTick={(index) =>
                formatMonth(months[index]?.month ?? '2000-01', language, 'short').slice(0, 3)
              }
              series={[
                {
                  key: 'energyKwh',
                  label: t('twelveMonths.energy'),
                  values: months.map((m) => m.energyKwh),
                  kind: 'bar',
                  color: 1,
                },
                {
                  key: 'lastYearKwh',
                  label: t('twelveMonths.lastYear'),
                  values: months.map((m) => m.lastYearKwh),
                  kind: 'line',
                  color: 3,
                  dashed: true,
                },
                {
                  key: 'similarHomesKwh',
                  label: t('twelveMonths.similarHomes'),
                  values: months.map((m) => m.similarHomesKwh),
                  kind: 'line',
                  color: 4,
                },
              ]}
              unit="kWh"
              formatValue={(value) => formatKwh(value, language)}
              csvFileName="insights-12-months.csv"
            />
            <ul className={styles.monthList}>
              {[...months].reverse().map((entry) => (
                <li key={entry.month}>
                  <details>
                    <summary>
                      {formatMonth(entry.month, language)}: {formatKwh(entry.energyKwh, language)}
                      {entry.costCents === null ? '' : `, ${formatCents(entry.costCents, language)}`}
                    </summary>
                    {entry.insights.length ? (
                      <ul className={styles.insights}>
                        {entry.insights.map((insight) => (
                          <li key={`${insight.kind}-${insight.category ?? ''}`}>{word(insight)}</li>
                        ))}
                      </ul>
                    ) : (
                      <p>{t('overview.nothingStandsOut')}</p>
                    )}
                  </details>
                </li>
              ))}
            </ul>
          </div>
        )}
      </QueryState>
    </Panel>
  );
}
