// Recommendations, ranked by the money they save a year, each with the assumptions its figure
// rests on; a plan change links to /gridx for the full comparison.
import type { Recommendation } from '@gridfront/contracts/insights';
import { Link } from 'react-router';
import { useSideArea } from '../../../components/side-area/side-area-gate.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useDashboard } from '../dashboard-context.ts';
import { formatCents, formatDate, formatKwh, formatQuantity } from '../format.ts';
import styles from '../insights.module.css';
import { useRecommendationsQuery } from '../insights-api.ts';
import { Panel, QueryState } from '../panel.tsx';
import { INSIGHTS_NAMESPACE } from '../texts.ts';

export function RecommendationsPanel() {
  const { t, i18n } = useTranslation(INSIGHTS_NAMESPACE);
  const { auth } = useDashboard();
  const query = useRecommendationsQuery(auth);
  const title = t('recommendations.title');
  return (
    <Panel title={title} wide>
      <QueryState query={query} title={title}>
        {(data) => (
          <div className={styles.stack}>
            {data.startDate && data.endDate ? (
              <p className={styles.hint}>
                {t('recommendations.basis', {
                  from: formatDate(data.startDate, i18n.language),
                  to: formatDate(data.endDate, i18n.language),
                })}
              </p>
            ) : null}
            {data.recommendations.length ? (
              <ol className={styles.recommendations}>
                {data.recommendations.map((entry) => (
                  <RecommendationItem key={entry.kind} entry={entry} />
                ))}
              </ol>
            ) : (
              <p>{t('recommendations.none')}</p>
            )}
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

function RecommendationItem({ entry }: { entry: Recommendation }) {
  const { t, i18n } = useTranslation(INSIGHTS_NAMESPACE);
  const language = i18n.language;
  const comparesRates = useSideArea('rateComparison');
  const value = (value: number | string, unit: string, name: string) => {
    if (typeof value === 'string') return t(`assumptionValues.${value}`, { defaultValue: value });
    if (unit === 'USD cents') return formatCents(value, language);
    if (unit === 'USD/kWh') return `${formatCents(value * 100, language)}/kWh`;
    if (unit === '' && name) return formatQuantity(value, language);
    return `${formatQuantity(value, language)} ${unit}`;
  };
  return (
    <li className={`gf-surface ${styles.recommendation}`} data-kind={entry.kind}>
      <h3>
        {t(`recommendations.kinds.${entry.kind}`, { plan: entry.tariffName ?? entry.tariffCode ?? '' })}
      </h3>
      <p className={styles.saving}>
        {t('recommendations.saving', { amount: formatCents(entry.annualSavingsCents, language) })}
        {entry.annualSavingsKwh === null
          ? ''
          : ` ${t('recommendations.savingKwh', { energy: formatKwh(entry.annualSavingsKwh, language) })}`}
      </p>
      <p>{t(`recommendations.how.${entry.kind}`)}</p>
      <h4>{t('recommendations.assumptions')}</h4>
      <dl className={styles.assumptions}>
        {entry.assumptions.map((assumption) => (
          <div key={assumption.name}>
            <dt>{t(`assumptions.${assumption.name}`, { defaultValue: assumption.name })}</dt>
            <dd>{value(assumption.value, assumption.unit, assumption.name)}</dd>
          </div>
        ))}
      </dl>
      {entry.kind === 'rate_plan' && comparesRates ? (
        <Link to="/gridx">{t('recommendations.compare')}</Link>
      ) : null}
    </li>
  );
}
