// Overview: the chosen month's energy, cost and peak against the month before (eventSummaryPeviousMonth),
// last year and similar homes, the year so far, and what stood out in the month (getInsights).
import type { EventSummary } from '@gridfront/contracts/insights';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useDashboard } from '../dashboard-context.ts';
import { monthRange } from '../dates.ts';
import { formatCents, formatDate, formatKwh, formatMonth, formatPercent, formatQuantity } from '../format.ts';
import { useInsightText } from '../insight-text.tsx';
import styles from '../insights.module.css';
import { useEventSummaryQuery, useMonthInsightsQuery } from '../insights-api.ts';
import { Panel, QueryState } from '../panel.tsx';
import { INSIGHTS_NAMESPACE } from '../texts.ts';

export function OverviewPanel() {
  const { t, i18n } = useTranslation(INSIGHTS_NAMESPACE);
  const { auth, month } = useDashboard();
  const range = monthRange(month);
  const title = t('overview.title');
  const monthly = useEventSummaryQuery({
    ...auth,
    call: 'eventSummarymonthly',
    startDate: range.startDate,
    endDate: range.endDate,
    title,
  });
  const yearly = useEventSummaryQuery({
    ...auth,
    call: 'eventSummaryYearly',
    startDate: `${range.year}-01-01`,
    endDate: range.endDate,
    title,
  });
  const previous = useEventSummaryQuery({
    ...auth,
    call: 'eventSummaryPeviousMonth',
    startDate: range.startDate,
    endDate: range.endDate,
    title,
  });
  const insights = useMonthInsightsQuery({ ...auth, year: range.year, month: range.month });
  const word = useInsightText();
  return (
    <Panel title={title} intro={formatMonth(month, i18n.language)} wide>
      <QueryState query={monthly} title={title}>
        {(data) => {
          const summary = data.periods[0];
          const before = previous.data?.periods[0];
          return summary ? (
            <SummaryTiles
              summary={summary}
              previousKwh={before && before.daysWithData > 0 ? before.energyKwh : null}
            />
          ) : (
            <p>{t('noData')}</p>
          );
        }}
      </QueryState>
      <QueryState query={yearly} title={t('overview.year')}>
        {(data) => {
          const year = data.periods[0];
          return year ? (
            <p className={styles.hint}>
              {t('overview.yearSoFar', {
                year: year.label,
                energy: formatKwh(year.energyKwh, i18n.language),
                cost: year.costCents === null ? '—' : formatCents(year.costCents, i18n.language),
              })}
            </p>
          ) : null;
        }}
      </QueryState>
      <h3>{t('overview.standsOut')}</h3>
      <QueryState query={insights} title={t('overview.standsOut')}>
        {(data) =>
          data.insights.length ? (
            <ul className={styles.insights}>
              {data.insights.map((insight) => (
                <li key={`${insight.kind}-${insight.category ?? ''}`}>{word(insight)}</li>
              ))}
            </ul>
          ) : (
            <p>{t('overview.nothingStandsOut')}</p>
          )
        }
      </QueryState>
    </Panel>
  );
}

function SummaryTiles({ summary, previousKwh }: { summary: EventSummary; previousKwh: number | null }) {
  const { t, i18n } = useTranslation(INSIGHTS_NAMESPACE);
  const language = i18n.language;
  const change = (percent: number | null | undefined) =>
    percent === null || percent === undefined
      ? t('overview.noComparison')
      : percent >= 0
        ? t('overview.more', { percent: formatPercent(percent, language) })
        : t('overview.less', { percent: formatPercent(-percent, language) });
  return (
    <dl className={styles.tiles}>
      <div>
        <dt>{t('overview.energy')}</dt>
        <dd>{formatKwh(summary.energyKwh, language)}</dd>
      </div>
      <div>
        <dt>{t('overview.cost')}</dt>
        <dd>{summary.costCents === null ? '—' : formatCents(summary.costCents, language)}</dd>
      </div>
      <div>
        <dt>{t('overview.peak')}</dt>
        <dd>
          {summary.peak
            ? t('overview.peakAt', {
                kw: formatQuantity(summary.peak.kw, language),
                date: formatDate(summary.peak.at.slice(0, 10), language),
                time: summary.peak.at.slice(11, 16),
              })
            : '—'}
        </dd>
      </div>
      <div>
        <dt>{t('overview.previousMonth')}</dt>
        <dd>
          {change(
            previousKwh === null || previousKwh === 0
              ? null
              : Math.round(((summary.energyKwh - previousKwh) / previousKwh) * 1000) / 10,
          )}
        </dd>
      </div>
      <div>
        <dt>{t('overview.lastYear')}</dt>
        <dd>{change(summary.lastYear?.changePercent)}</dd>
      </div>
      <div>
        <dt>{t('overview.similarHomes')}</dt>
        <dd>{change(summary.similarHomes?.changePercent)}</dd>
      </div>
      {summary.exportKwh > 0 ? (
        <div>
          <dt>{t('overview.exported')}</dt>
          <dd>{formatKwh(summary.exportKwh, language)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
