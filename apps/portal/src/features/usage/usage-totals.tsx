// The period's totals beside the chart: usage and cost together, last year, the weather.
import type { UsageDetailsResponse } from '@gridfront/contracts/usage';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useLanguage } from '../billing/use-language.ts';
import { USAGE_NAMESPACE } from './texts.ts';
import styles from './usage.module.css';
import { formatCents, formatTemperature, formatUsage } from './usage-format.ts';

interface Totals {
  quantity: number;
  costCents: number | null;
  lastYearQuantity: number | null;
  averageTempC: number | null;
  open: boolean;
}

function mean(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
}

function sumOrNull(values: (number | null)[]): number | null {
  return values.some((value) => value === null) ? null : values.reduce<number>((a, b) => a + (b ?? 0), 0);
}

export function totalsOf(data: UsageDetailsResponse): Totals {
  switch (data.view) {
    case 'monthly': {
      const billed = data.periods.filter((period) => period.costCents !== null);
      const compared = billed.filter((period) => period.lastYearQuantity !== null);
      return {
        quantity: data.periods.reduce((sum, period) => sum + period.quantity, 0),
        costCents:
          billed.length === 0 ? null : billed.reduce((sum, period) => sum + (period.costCents ?? 0), 0),
        lastYearQuantity:
          compared.length === billed.length && billed.length > 0
            ? compared.reduce((sum, period) => sum + (period.lastYearQuantity ?? 0), 0)
            : null,
        averageTempC: mean(data.periods.map((period) => period.averageTempC)),
        open: data.periods.some((period) => period.costCents === null),
      };
    }
    case 'daily':
      return {
        quantity: data.days.reduce((sum, day) => sum + day.importWh, 0) / 1000,
        costCents: sumOrNull(data.days.map((day) => day.energyCostCents)),
        lastYearQuantity: null,
        averageTempC: mean(data.days.map((day) => day.averageTempC)),
        open: false,
      };
    case 'interval':
      return {
        quantity:
          data.intervals.reduce((sum, day) => sum + day.importWh.reduce((a, b) => a + b, 0), 0) / 1000,
        costCents: null,
        lastYearQuantity: null,
        averageTempC: null,
        open: false,
      };
  }
}

export function UsageTotals({ data }: { data: UsageDetailsResponse }) {
  const { t } = useTranslation(USAGE_NAMESPACE);
  const language = useLanguage();
  const totals = totalsOf(data);
  const unit = t(`unit.${data.unit as 'kWh'}`, { defaultValue: data.unit });
  return (
    <div className={styles.totals}>
      <h3 className={styles.subTitle}>{t('totals.title')}</h3>
      <dl>
        <div>
          <dt>{t('totals.usage')}</dt>
          <dd>{formatUsage(totals.quantity, unit, language)}</dd>
        </div>
        {totals.costCents !== null ? (
          <div>
            <dt>{t('totals.cost')}</dt>
            <dd>{formatCents(totals.costCents, language)}</dd>
          </div>
        ) : null}
        {totals.lastYearQuantity !== null ? (
          <div>
            <dt>{t('totals.lastYear')}</dt>
            <dd>{formatUsage(totals.lastYearQuantity, unit, language)}</dd>
          </div>
        ) : null}
        {totals.averageTempC !== null ? (
          <div>
            <dt>{t('totals.temperature')}</dt>
            <dd>{formatTemperature(totals.averageTempC, t('temperatureUnit'), language)}</dd>
          </div>
        ) : null}
      </dl>
      {totals.open ? <p className={styles.note}>{t('totals.estimated')}</p> : null}
      {data.view === 'daily' && totals.costCents !== null ? (
        <p className={styles.note}>{t('totals.energyCostNote')}</p>
      ) : null}
    </div>
  );
}
