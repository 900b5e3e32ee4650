import {
  PAYMENT_STATS_FILTER_DESCRIPTION,
  PAYMENT_STATS_FILTER_TYPE,
  PAYMENT_STATS_PAGE_LIMIT,
  PAYMENT_STATS_PAGE_OFFSET,
} from '@gridfront/contracts/constants';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useDeferredValue } from '../../lib/deferred-value.ts';
import styles from './billing.module.css';
import { useTransactionDetailsQuery } from './billing-api.ts';
import { formatCents, formatDate, todayIso, yearsBefore } from './format.ts';
import { useLanguage } from './use-language.ts';

/** The spec's payment stats: the last five bills of the past year (point 7's exact request). */
export function RecentBills({ accountId }: { accountId: string }) {
  const { t } = useTranslation('billing');
  const language = useLanguage();
  const toDate = todayIso();
  const { data: answer } = useTransactionDetailsQuery({
    accountId,
    toDate,
    from: yearsBefore(toDate, 1),
    pageLimit: PAYMENT_STATS_PAGE_LIMIT,
    pageOffset: PAYMENT_STATS_PAGE_OFFSET,
    filterType: PAYMENT_STATS_FILTER_TYPE,
    filterDescription: PAYMENT_STATS_FILTER_DESCRIPTION,
  });
  // Rendered as a transition, in slices, after the answer (issue 7: total blocking time on a phone).
  const data = useDeferredValue(answer);
  return (
    <section className={`gf-surface ${styles.card}`} aria-labelledby="recent-heading">
      <h2 id="recent-heading" className={styles.cardTitle}>
        {t('recentBills.heading')}
      </h2>
      {data && data.transactions.length === 0 ? <p>{t('recentBills.empty')}</p> : null}
      <ul className={styles.recent}>
        {data?.transactions.map((row) => (
          <li key={row.transactionId}>
            <span>{formatDate(row.transactionDate, language)}</span>
            <span className={styles.numeric}>{formatCents(row.amountCents, language)}</span>
            {row.dueDate ? (
              <span className={styles.muted}>
                {t('bill.dueDate', { date: formatDate(row.dueDate, language, 'short') })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
