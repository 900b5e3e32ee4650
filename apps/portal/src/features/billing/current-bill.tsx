import type { BillDetailsResponse } from '@gridfront/contracts/billing';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './billing.module.css';
import { formatCents, formatDate } from './format.ts';
import { useLanguage } from './use-language.ts';

/** The amount due, due date and period of the latest bill: the first thing a customer looks for. */
export function CurrentBill({
  details,
  balanceCents,
  actions,
}: {
  details: BillDetailsResponse;
  balanceCents: number;
  /** The ways to pay, beside the amount they pay. */
  actions?: ReactNode;
}) {
  const { t } = useTranslation('billing');
  const language = useLanguage();
  const { bill } = details;
  const credit = balanceCents < 0;
  return (
    <section className={styles.paymentBox} aria-labelledby="bill-heading">
      <h2 id="bill-heading" className={styles.cardTitle}>
        {t('bill.heading')}
      </h2>
      {bill ? (
        <>
          <p className={styles.amountLabel}>{credit ? t('bill.credit') : t('bill.amountDue')}</p>
          <p className={styles.amount} data-testid="amount-due">
            {formatCents(Math.abs(balanceCents), language)}
          </p>
          <p className={styles.due}>{t('bill.dueDate', { date: formatDate(bill.dueDate, language) })}</p>
          <p>
            {t('bill.period', {
              from: formatDate(bill.periodStart, language),
              to: formatDate(bill.periodEnd, language),
            })}
          </p>
          <p>
            {t('bill.billNumber', { number: bill.billNumber })} ·{' '}
            <span>{t(`bill.status.${bill.status}`)}</span>
          </p>
          <dl className={styles.summary}>
            <div>
              <dt>{t('bill.previousBalance')}</dt>
              <dd>{formatCents(bill.previousBalanceCents, language)}</dd>
            </div>
            <div>
              <dt>{t('bill.paymentsReceived')}</dt>
              <dd>{formatCents(-bill.paymentsReceivedCents, language)}</dd>
            </div>
            <div>
              <dt>{t('bill.currentCharges')}</dt>
              <dd>{formatCents(bill.currentChargesCents, language)}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p>{t('bill.noBill')}</p>
      )}
      {actions}
    </section>
  );
}
