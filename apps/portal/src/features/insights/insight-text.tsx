// An insight in the reader's words: the sentence of its kind with its figures formatted.
import type { Insight } from '@gridfront/contracts/insights';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDate, formatKwh, formatPercent, formatQuantity } from './format.ts';
import { INSIGHTS_NAMESPACE } from './texts.ts';

export function useInsightText(): (insight: Insight) => string {
  const { t, i18n } = useTranslation(INSIGHTS_NAMESPACE);
  const language = i18n.language;
  return (insight) => {
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(insight.values)) {
      if (typeof value === 'string')
        values[name] = /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value, language) : value;
      else if (name.endsWith('Percent')) values[name] = formatPercent(value, language);
      else if (name.endsWith('Kwh') || name === 'kwh') values[name] = formatKwh(value, language);
      else values[name] = formatQuantity(value, language);
    }
    const category = insight.category ? t(`categories.${insight.category}`) : '';
    return t(`insightKinds.${insight.kind}`, { ...values, category });
  };
}
