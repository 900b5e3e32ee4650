// /pay/checkout: the hosted payment page of the payments host. The token of the page rides in the
// URL's fragment (never sent to a server log); the page shows the account and amount due, takes a
// card or a bank account with its fee shown as the payer types, asks to confirm, pays once per
// attempt, and shows the receipt, the processor's reason for a decline, or a pending payment.
// The server's first view (issue 7, entry-server.tsx) is the page before its payment is read: the
// server never sees the fragment, so while hydrating that view the page draws the same (the token
// not yet known), then reads the fragment.
import './texts.ts';
import { TEST_PROCESSOR_PLATFORM_KEY } from '@gridfront/contracts/payment-messages';
import type { CheckoutResponse, PaymentStatus } from '@gridfront/contracts/payments';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { activePaymentPlatform } from '../../lib/tenant/tenant-config.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { formatCents } from '../billing/format.ts';
import { useLanguage } from '../billing/use-language.ts';
import { CheckoutDetails } from './checkout-details.tsx';
import type { CheckoutFormValues, CheckoutPayment } from './checkout-form.ts';
import { CheckoutReview } from './checkout-review.tsx';
import { PaymentOutcome } from './payment-outcome.tsx';
import { paymentFailureText } from './payment-text.ts';
import styles from './payments.module.css';
import { useCheckoutQuery, useSubmitPaymentMutation } from './payments-api.ts';

function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

function newAttemptKey(): string {
  return crypto.randomUUID();
}

const noSubscription = () => () => {};

/**
 * False on the server and while hydrating its view (React reads the server's snapshot then), true
 * from the commit after: the fragment is read only once the page is the browser's.
 */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function CheckoutPage() {
  const { t } = useTranslation('payments');
  const { t: tp } = useTranslation();
  const location = useLocation();
  const tenant = useTenant();
  // null: not known yet (the server's view, and the app while it hydrates that view).
  const token = useInBrowser() ? tokenFromHash(location.hash) : null;
  const checkout = useCheckoutQuery(token ?? '', { skip: !token });
  // The payment's own answer says whether it goes through the test processor; until it comes, the
  // utility's active platform says the same (the answer is read from it).
  const testMode =
    checkout.data?.testMode ??
    activePaymentPlatform(tenant.paymentPlatforms)?.platformKey === TEST_PROCESSOR_PLATFORM_KEY;

  let body: React.ReactNode;
  if (token === '' || checkout.isError) {
    body = (
      <InvalidLink message={checkout.error ? paymentFailureText(checkout.error) : t('errors.tokenInvalid')} />
    );
  } else if (token === null || !checkout.data) {
    body = <CheckoutLoading />;
  } else {
    body = <CheckoutFlow token={token} checkout={checkout.data} />;
  }
  return (
    <PageFrame title={tp('pageNames.checkout')}>
      {testMode ? (
        <aside className={styles.testMode} aria-label={t('testMode.title')}>
          <strong>{t('testMode.title')}</strong> {t('testMode.text')}
        </aside>
      ) : null}
      {body}
    </PageFrame>
  );
}

/**
 * The page until the payment is read: the summary's and the form's places, the size they are drawn
 * in, so that the account, the amount and the form take them without moving what is around.
 */
function CheckoutLoading() {
  const { t } = useTranslation('payments');
  return (
    <div className={styles.layout}>
      <div className={styles.paymentBox} aria-hidden="true">
        <h2 className={styles.cardTitle}>
          {t('summary.account')} <span className={styles.bone} />
        </h2>
        <p className={styles.amountLabel}>{t('summary.amountDue')}</p>
        <p className={styles.amount}>
          <span className={`${styles.bone} ${styles.boneWide}`} />
        </p>
      </div>
      <div className={styles.main}>
        <div className={`gf-surface ${styles.card}`}>
          <h2 className={styles.cardTitle}>{t('amount.legend')}</h2>
          <p role="status">{t('loading')}</p>
          <span className={`${styles.bone} ${styles.boneBlock}`} aria-hidden="true" />
          <span className={`${styles.bone} ${styles.boneBlock}`} aria-hidden="true" />
        </div>
      </div>
    </div>
  );
}

function InvalidLink({ message }: { message: string }) {
  const { t } = useTranslation('payments');
  return (
    <section role="alert" className={`gf-surface ${styles.card}`}>
      <h2 className={styles.cardTitle}>{t('invalid.heading')}</h2>
      <p>{message}</p>
      <div className={styles.actions}>
        <Link className="gf-button" to="/paybill">
          {t('invalid.quickPay')}
        </Link>
        <Link className="gf-button gf-button--secondary" to="/accountInfo">
          {t('invalid.account')}
        </Link>
      </div>
    </section>
  );
}

type Step =
  | { name: 'details' }
  | { name: 'review'; payment: CheckoutPayment; attemptKey: string; error?: string }
  | { name: 'outcome'; status: PaymentStatus };

function initialValues(checkout: CheckoutResponse): CheckoutFormValues {
  const other = checkout.amountCents !== checkout.amountDueCents || checkout.amountDueCents === 0;
  return {
    amountChoice: other ? 'other' : 'due',
    otherAmount: other && checkout.amountCents > 0 ? (checkout.amountCents / 100).toFixed(2) : '',
    method: 'card',
    cardNumber: '',
    expiry: '',
    cvc: '',
    routingNumber: '',
    bankAccountNumber: '',
    receiptEmail: '',
  };
}

function CheckoutFlow({ token, checkout }: { token: string; checkout: CheckoutResponse }) {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const tenant = useTenant();
  const [values, setValues] = useState<CheckoutFormValues>(() => initialValues(checkout));
  const [step, setStep] = useState<Step>(() =>
    checkout.payment && checkout.payment.status !== 'failed'
      ? { name: 'outcome', status: checkout.payment }
      : { name: 'details' },
  );
  const [submit, submission] = useSubmitPaymentMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Each step's heading takes the focus, so a screen reader hears where the payer is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of step
  useEffect(() => {
    headingRef.current?.focus();
  }, [step.name]);

  const pay = async () => {
    if (step.name !== 'review') return;
    const result = await submit({
      token,
      attemptKey: step.attemptKey,
      language: language.slice(0, 2) as 'en',
      ...step.payment,
    });
    if ('data' in result && result.data) {
      setStep({ name: 'outcome', status: result.data });
      return;
    }
    // A lost answer keeps the same key: trying again can only replay this attempt, never charge twice.
    setStep({ ...step, error: paymentFailureText(result.error) });
  };

  return (
    <div className={styles.layout}>
      {/* The receipt names the account itself; the balance beside it would be the one before paying. */}
      {step.name === 'outcome' ? null : (
        <section className={styles.paymentBox} aria-labelledby="checkout-account">
          <h2 id="checkout-account" className={styles.cardTitle}>
            {t('summary.account')} {t('summary.accountEnding', { last4: checkout.accountNumberLast4 })}
          </h2>
          <p className={styles.amountLabel}>{t('summary.amountDue')}</p>
          <p className={styles.amount} data-testid="checkout-amount-due">
            {formatCents(checkout.amountDueCents, language)}
          </p>
          {checkout.amountDueCents === 0 ? <p>{t('summary.nothingDue')}</p> : null}
        </section>
      )}
      <div className={styles.main}>
        {step.name === 'details' ? (
          <CheckoutDetails
            headingRef={headingRef}
            checkout={checkout}
            values={values}
            onChange={setValues}
            onReview={(payment) => setStep({ name: 'review', payment, attemptKey: newAttemptKey() })}
          />
        ) : null}
        {step.name === 'review' ? (
          <CheckoutReview
            headingRef={headingRef}
            checkout={checkout}
            payment={step.payment}
            utility={tenant.displayName}
            busy={submission.isLoading}
            error={step.error}
            onPay={pay}
            onEdit={() => setStep({ name: 'details' })}
          />
        ) : null}
        {step.name === 'outcome' ? (
          <PaymentOutcome
            headingRef={headingRef}
            token={token}
            status={step.status}
            returnPath={checkout.returnPath}
            onTryAgain={() => {
              setValues((current) => ({ ...current, cardNumber: '', expiry: '', cvc: '' }));
              setStep({ name: 'details' });
            }}
            onSettled={(status) => setStep({ name: 'outcome', status })}
          />
        ) : null}
      </div>
    </div>
  );
}

export default CheckoutPage;
