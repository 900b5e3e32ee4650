// Usage or cost: the choice of what a chart's bars show, the same on every usage chart that offers it.
import { useTranslation } from '../../i18n/use-translation.ts';
import { ButtonGroup } from './button-group.tsx';
import type { Measure } from './series.ts';
import { USAGE_NAMESPACE } from './texts.ts';

export function MeasureToggle({ value, onChange }: { value: Measure; onChange: (measure: Measure) => void }) {
  const { t } = useTranslation(USAGE_NAMESPACE);
  return (
    <ButtonGroup label={t('measure.label')}>
      {(['units', 'cost'] as const).map((which) => (
        <button
          key={which}
          type="button"
          className={`gf-button ${value === which ? '' : 'gf-button--secondary'}`}
          aria-pressed={value === which}
          onClick={() => onChange(which)}
        >
          {t(`measure.${which}`)}
        </button>
      ))}
    </ButtonGroup>
  );
}
