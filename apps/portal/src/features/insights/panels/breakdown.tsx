// Breakdown: where the month's or the year's energy went, by category (disaggregation/month and
// /yearly), as a chart with its table view, with what the split rests on.
import type { Breakdown } from '@gridfront/contracts/insights';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { UsageChart } from '../../usage/chart/usage-chart.tsx';
import { useDashboard } from '../dashboard-context.ts';
import { monthRange } from '../dates.ts';
import { formatCents, formatKwh, formatMonth, formatPercent, formatQuantity } from '../format.ts';
import styles from '../insights.module.css';
import { useDisaggregationQuery } from '../insights-api.ts';
import { Panel, QueryState } from '../panel.tsx';
import { INSIGHTS_NAMESPACE } from '../texts.ts';

type Scope = 'month' | 'yearly';

export function BreakdownPanel() {
  const { t } = useTranslation(INSIGHTS_NAMESPACE);
  const { auth, month } = useDashboard();
  const [scope, setScope] = useState<Scope>('month');
  const range = monthRange(month);
  const query = useDisaggregationQuery({
    ...auth,
    scope,
    year: range.year,
    ...(scope === 'month' ? { month: range.month } : {}),
  });
  const title = t('breakdown.title');
  return (
    <Panel title={title} intro={t('breakdown.intro')} wide>
      <fieldset className={styles.buttons}>
        <legend className="visually-hidden">{t('breakdown.period')}</legend>
        {(['month', 'yearly'] as const).map((which) => (
          <button
            key={which}
            type="button"
            className={`gf-button ${scope === which ? '' : 'gf-button--secondary'}`}
            aria-pressed={scope === which}
            onClick={() => setScope(which)}
          >
            {t(`breakdown.${which}`)}
          </button>
        ))}
      </fieldset>
      <QueryState query={query} title={title}>
        {(data) => <BreakdownView breakdown={data} />}
      </QueryState>
    </Panel>
  );
}

function BreakdownView({ breakdown }: { breakdown: Breakdown }) {
  const { t, i18n } = useTranslation(INSIGHTS_NAMESPACE);
  const language = i18n.language;
  const label = breakdown.label.length === 7 ? formatMonth(breakdown.label, language) : breakdown.label;
  const categories = breakdown.categories;
  const names = categories.map((entry) => t(`categories.${entry.category}`));
  const top = [...categories].sort((a, b) => b.kwh - a.kwh)[0];
  return (
    <div className={styles.stack} data-testid="breakdown">
      <p>
        {t('breakdown.total', {
          period: label,
          energy: formatKwh(breakdown.totalKwh, language),
          cost: breakdown.costCents === null ? '—' : formatCents(breakdown.costCents, language),
        })}
      </p>
      <UsageChart
        title={t('breakdown.chartTitle', { period: label })}
        description={
          top
            ? t('breakdown.chartSummary', {
                category: t(`categories.${top.category}`),
                share: formatPercent(top.sharePercent, language),
              })
            : undefined
        }
        x={categories.map((_, index) => index)}
        xKind="category"
        formatX={(index) => names[index] ?? ''}
        formatTick={(value) => names[value]?.slice(0, 6) ?? ''}
        series={[
          {
            key: 'kwh',
            label: t('breakdown.energy'),
            values: categories.map((entry) => entry.kwh),
            kind: 'bar',
            color: 1,
          },
        ]}
        unit="kWh"
        formatValue={(value) => formatKwh(value, language)}
        csvFileName={`energy-breakdown-${breakdown.label}.csv`}
      />
      <ul className={styles.shares} aria-label={t('breakdown.shares')}>
        {categories
          .filter((entry) => entry.kwh > 0)
          .map((entry) => (
            <li key={entry.category} data-category={entry.category}>
              <span>{t(`categories.${entry.category}`)}</span>{' '}
              <span>
                {formatKwh(entry.kwh, language)} · {formatPercent(entry.sharePercent, language)}
                {entry.costCents === null ? '' : ` · ${formatCents(entry.costCents, language)}`}
              </span>
            </li>
          ))}
      </ul>
      <p className={styles.hint}>
        {breakdown.profileUsed ? t('breakdown.profileUsed') : t('breakdown.profileNotUsed')}{' '}
        {t('breakdown.model', {
          alwaysOn: formatQuantity(breakdown.model.alwaysOnW, language),
          heating: formatQuantity(breakdown.model.heatingKwhPerDegreeDay, language),
          cooling: formatQuantity(breakdown.model.coolingKwhPerDegreeDay, language),
        })}{' '}
        {breakdown.model.evChargerKw === null
          ? ''
          : t('breakdown.evCharger', { kw: formatQuantity(breakdown.model.evChargerKw, language) })}
      </p>
    </div>
  );
}
