// Recent usage at a glance: the last year's bill periods of the account's electricity (or its first
// service), the latest billed period against the same period a year before, and a way to /usage.
import type { AccountSummary } from '@gridfront/contracts/billing';
import type { UsagePeriod } from '@gridfront/contracts/usage';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatQuantity, percentChange, todayIso, yearsBefore } from '../billing/format.ts';
import { useLanguage } from '../billing/use-language.ts';
import { useUsageDetailsQuery } from '../usage/usage-api.ts';
import { formatMonth } from '../usage/usage-format.ts';
import styles from './my-account.module.css';
import { Panel } from './panel.tsx';
import { UsageBars } from './usage-bars.tsx';

/** Electricity first (what most customers follow), else the first service the account has. */
export function glanceService(account: AccountSummary) {
  const types = account.services.map((service) => service.utilityType);
  return types.includes('electricity') ? 'electricity' : types[0];
}

/** The period the summary speaks of: the latest billed one, else the latest at all. */
export function latestPeriod(periods: readonly UsagePeriod[]): UsagePeriod | undefined {
  return periods.findLast((period) => period.costCents !== null) ?? periods.at(-1);
}

export function RecentUsagePanel({ account }: { account: AccountSummary }) {
  const { t } = useTranslation('myAccount');
  const { t: tb } = useTranslation('billing');
  const language = useLanguage();
  const utilityType = glanceService(account);
  const toDate = todayIso();
  const usage = useUsageDetailsQuery(
    {
      accountId: account.accountId,
      utilityType: utilityType ?? 'electricity',
      view: 'monthly',
      from: yearsBefore(toDate, 1),
      toDate,
    },
    { skip: utilityType === undefined },
  );
  const periods = usage.data?.view === 'monthly' ? usage.data.periods : [];
  const latest = latestPeriod(periods);
  const unit = usage.data ? unitLabel(usage.data.unit, t) : '';
  const change = latest ? percentChange(latest.quantity, latest.lastYearQuantity, language) : null;
  return (
    <Panel
      headingId="my-account-usage"
      title={t('usage.heading')}
      status={{ isLoading: usage.isLoading, isError: usage.isError, retry: () => usage.refetch() }}
    >
      {latest && utilityType ? (
        <>
          <p className={styles.usageLatest}>
            {t('usage.latest', {
              month: formatMonth(latest.month, language),
              quantity: `${formatQuantity(latest.quantity, language)} ${unit}`,
            })}
          </p>
          <p className={styles.muted}>
            {change === null ? t('usage.noLastYear') : t('usage.change', { change })}
          </p>
          <UsageBars
            label={t('usage.chartLabel', {
              service: tb(`utilities.${utilityType}`),
              count: periods.length,
              unit,
            })}
            bars={periods.map((period) => ({
              key: period.periodStart,
              value: period.quantity,
              current: period === latest,
            }))}
          />
          <p className={styles.barRange} aria-hidden="true">
            <span>{formatMonth(periods[0]?.month ?? latest.month, language, 'short')}</span>
            <span>{formatMonth(periods.at(-1)?.month ?? latest.month, language, 'short')}</span>
          </p>
        </>
      ) : (
        <p>{t('usage.empty')}</p>
      )}
      <p>
        <Link to="/usage">{t('usage.more')}</Link>
      </p>
    </Panel>
  );
}

type UnitKey = 'kWh' | 'therm' | 'gal';
const UNIT_KEYS = new Set<string>(['kWh', 'therm', 'gal']);

function unitLabel(unit: string, t: (key: `usage.unit.${UnitKey}`) => string): string {
  return UNIT_KEYS.has(unit) ? t(`usage.unit.${unit as UnitKey}`) : unit;
}
