import type { CheckoutResponse } from '@gridfront/contracts/payments';
import type { RefObject } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatCents } from '../billing/format.ts';
import { useLanguage } from '../billing/use-language.ts';
import { type CheckoutPayment, describeSource, feeFor } from './checkout-form.ts';
import styles from './payments.module.css';
import { Totals } from './totals.tsx';

export interface CheckoutReviewProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  checkout: CheckoutResponse;
  payment: CheckoutPayment;
  utility: string;
  busy: boolean;
  /** Why the last try did not get an answer (already in the reader's language). */
  error: string | undefined;
  onPay: () => void;
  onEdit: () => void;
}

/** Step 2: everything the payer agrees to, before anything is charged. */
export function CheckoutReview({
  headingRef,
  checkout,
  payment,
  utility,
  busy,
  error,
  onPay,
  onEdit,
}: CheckoutReviewProps) {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const fee = feeFor(payment.amountCents, payment.method, checkout);
  const source = describeSource(payment);
  return (
    <section className={`gf-surface ${styles.card}`} aria-labelledby="checkout-review">
      <h2 id="checkout-review" ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
        {t('review.heading')}
      </h2>
      <dl className={styles.totals}>
        <div>
          <dt>{t('summary.account')}</dt>
          <dd>{t('summary.accountEnding', { last4: checkout.accountNumberLast4 })}</dd>
        </div>
        <div>
          <dt>{t('review.payWith')}</dt>
          <dd data-testid="review-source">
            {source.kind === 'card' ? source.brand : t('method.ach')} ••{source.last4}
          </dd>
        </div>
      </dl>
      <Totals amountCents={payment.amountCents} feeCents={fee} />
      <p className={styles.muted}>{t('review.agreement', { utility })}</p>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className="gf-button" onClick={onPay} disabled={busy} aria-busy={busy}>
          {busy
            ? t('review.paying')
            : t('review.pay', { amount: formatCents(payment.amountCents + fee, language) })}
        </button>
        <button type="button" className="gf-button gf-button--secondary" onClick={onEdit} disabled={busy}>
          {t('review.edit')}
        </button>
      </div>
    </section>
  );
}
