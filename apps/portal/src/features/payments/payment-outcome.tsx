import { paymentSourceName } from '@gridfront/contracts/payment-source-text';
import type { PaymentStatus } from '@gridfront/contracts/payments';
import { type RefObject, useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useLanguage } from '../billing/use-language.ts';
import { paymentText } from './payment-text.ts';
import styles from './payments.module.css';
import { useTransactionStatusQuery } from './payments-api.ts';
import { Totals } from './totals.tsx';

export interface PaymentOutcomeProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  token: string;
  status: PaymentStatus;
  returnPath: string;
  onTryAgain: () => void;
  /** A pending payment that has since been settled. */
  onSettled: (status: PaymentStatus) => void;
}

const POLL_MS = 3_000;

/** Step 3: the receipt, the processor's reason for a decline, or a payment still being confirmed. */
export function PaymentOutcome({
  headingRef,
  token,
  status,
  returnPath,
  onTryAgain,
  onSettled,
}: PaymentOutcomeProps) {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const pending = status.status === 'pending';
  const polled = useTransactionStatusQuery({ token }, { skip: !pending, pollingInterval: POLL_MS });
  useEffect(() => {
    if (pending && polled.data && polled.data.status !== 'pending') onSettled(polled.data);
  }, [pending, polled.data, onSettled]);

  if (status.status === 'failed') {
    return (
      <section className={`gf-surface ${styles.card}`} aria-labelledby="payment-outcome">
        <h2 id="payment-outcome" ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
          {t('result.failedHeading')}
        </h2>
        <p role="alert" className={styles.error} data-testid="payment-failure">
          {paymentText(status.failureReason)} {t('result.failedNothingCharged')}
        </p>
        <div className={styles.actions}>
          <button type="button" className="gf-button" onClick={onTryAgain}>
            {t('result.tryAgain')}
          </button>
          <Link className="gf-button gf-button--secondary" to={returnPath}>
            {t('cancel')}
          </Link>
        </div>
      </section>
    );
  }
  if (pending) {
    return (
      <section className={`gf-surface ${styles.card}`} aria-labelledby="payment-outcome">
        <h2 id="payment-outcome" ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
          {t('result.pendingHeading')}
        </h2>
        <p role="status">{t('result.pendingText')}</p>
      </section>
    );
  }
  const paidAt = new Date(status.paidAt ?? status.createdAt);
  return (
    <section className={`gf-surface ${styles.card}`} aria-labelledby="payment-outcome">
      <h2 id="payment-outcome" ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
        {t('result.successHeading')}
      </h2>
      <dl className={styles.totals}>
        <div>
          <dt>{t('result.confirmation')}</dt>
          <dd className={styles.number} data-testid="confirmation-number">
            {status.confirmationNumber}
          </dd>
        </div>
        <div>
          <dt>{t('summary.account')}</dt>
          <dd>{t('summary.accountEnding', { last4: status.accountNumberLast4 })}</dd>
        </div>
        <div>
          <dt>{t('result.paidWith')}</dt>
          <dd>
            {status.source ? (
              <>
                {status.source.method === 'ach'
                  ? t('method.ach')
                  : paymentSourceName(status.source, language)}{' '}
                •• {status.source.last4}
              </>
            ) : (
              status.sourceLabel
            )}
          </dd>
        </div>
        <div>
          <dt>{t('result.date')}</dt>
          <dd>
            {new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(paidAt)}
          </dd>
        </div>
      </dl>
      <Totals amountCents={status.amountCents} feeCents={status.feeCents} />
      {status.receiptSentTo ? <p>{t('result.emailed', { email: status.receiptSentTo })}</p> : null}
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <Link className="gf-button" to={returnPath}>
          {t('result.return')}
        </Link>
        <button type="button" className="gf-button gf-button--secondary" onClick={() => window.print()}>
          {t('result.print')}
        </button>
      </div>
    </section>
  );
}
