import type { CheckoutResponse } from '@gridfront/contracts/payments';
import { type FormEvent, type RefObject, useState } from 'react';
import { Link } from 'react-router';
import { PlainField } from '../../components/plain-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatCents } from '../billing/format.ts';
import { useLanguage } from '../billing/use-language.ts';
import {
  amountOf,
  type CheckoutErrors,
  type CheckoutFormValues,
  type CheckoutPayment,
  feeFor,
  readCheckoutForm,
} from './checkout-form.ts';
import { paymentText } from './payment-text.ts';
import styles from './payments.module.css';
import { SourceFields } from './source-fields.tsx';
import { Totals } from './totals.tsx';

export interface CheckoutDetailsProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  checkout: CheckoutResponse;
  values: CheckoutFormValues;
  onChange: (values: CheckoutFormValues) => void;
  onReview: (payment: CheckoutPayment) => void;
}

const FIELD_ORDER: (keyof CheckoutFormValues)[] = [
  'amountChoice',
  'otherAmount',
  'cardNumber',
  'expiry',
  'cvc',
  'routingNumber',
  'bankAccountNumber',
  'receiptEmail',
];

/** Step 1: amount, method and its details, receipt address; fee and total follow every keystroke. */
export function CheckoutDetails({ headingRef, checkout, values, onChange, onReview }: CheckoutDetailsProps) {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const set = (patch: Partial<CheckoutFormValues>) => {
    const next = { ...values, ...patch };
    onChange(next);
    // Once shown, an error follows the field as it is corrected.
    if (Object.keys(errors).length > 0)
      setErrors(readCheckoutForm(next, checkout.amountDueCents, new Date()).errors);
  };
  const error = (field: keyof CheckoutFormValues) => (errors[field] ? paymentText(errors[field]) : undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readCheckoutForm(values, checkout.amountDueCents, new Date());
    setErrors(read.errors);
    if (read.payment) {
      onReview(read.payment);
      return;
    }
    // The first field in error takes the focus, so the payer lands on what to fix.
    const first = FIELD_ORDER.find((field) => read.errors[field]);
    const form = event.currentTarget;
    queueMicrotask(() => form.querySelector<HTMLElement>(`[data-field="${first}"] input`)?.focus());
  };

  const amount = amountOf(values, checkout.amountDueCents);
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(
    checkout.cardFeeBasisPoints / 10_000,
  );
  const hasDue = checkout.amountDueCents > 0;

  return (
    <form
      className={`gf-surface ${styles.card}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="checkout-details"
    >
      <h2 id="checkout-details" ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
        {t('amount.legend')}
      </h2>
      <fieldset className={styles.choices} data-field="amountChoice">
        <legend className={styles.visuallyHidden}>{t('amount.legend')}</legend>
        {hasDue ? (
          <label className={styles.choice}>
            <input
              type="radio"
              name="amountChoice"
              checked={values.amountChoice === 'due'}
              onChange={() => set({ amountChoice: 'due' })}
            />
            {t('amount.due', { amount: formatCents(checkout.amountDueCents, language) })}
          </label>
        ) : null}
        <label className={styles.choice}>
          <input
            type="radio"
            name="amountChoice"
            checked={values.amountChoice === 'other'}
            onChange={() => set({ amountChoice: 'other' })}
          />
          {t('amount.other')}
        </label>
      </fieldset>
      {values.amountChoice === 'other' ? (
        <div data-field="otherAmount">
          <PlainField
            label={t('amount.otherLabel')}
            hint={t('amount.otherHint')}
            inputMode="decimal"
            autoComplete="transaction-amount"
            value={values.otherAmount}
            onChange={(otherAmount) => set({ otherAmount })}
            error={error('otherAmount')}
          />
        </div>
      ) : null}

      <SourceFields
        values={values}
        onChange={set}
        error={error}
        feeNotes={{
          card: t('method.cardFee', { percent }),
          ach: t('method.achFee', { amount: formatCents(checkout.achFeeCents, language) }),
        }}
      />

      <div data-field="receiptEmail">
        <PlainField
          label={t(checkout.receiptEmailOnFile ? 'receipt.emailOptional' : 'receipt.email')}
          hint={
            checkout.receiptEmailOnFile
              ? t('receipt.onFile', { email: checkout.receiptEmailOnFile })
              : undefined
          }
          type="email"
          autoComplete="email"
          value={values.receiptEmail}
          onChange={(receiptEmail) => set({ receiptEmail })}
          error={error('receiptEmail')}
        />
      </div>

      <Totals
        amountCents={amount}
        feeCents={amount === null ? null : feeFor(amount, values.method, checkout)}
        live
      />
      <p className={styles.muted}>{t('check')}</p>
      <div className={styles.actions}>
        <button type="submit" className="gf-button">
          {t('review.action')}
        </button>
        <Link className="gf-button gf-button--secondary" to={checkout.returnPath}>
          {t('cancel')}
        </Link>
      </div>
    </form>
  );
}
