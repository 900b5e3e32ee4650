// /paybill, Quick Pay (spec points 1 and 2): a guest pays without an account. The account number
// (filled in from ?account= when a bill's QR code or Click/Scan to Pay opened the page) and the PIN,
// after the human check, buy a single-use token; the hosted checkout page takes it from there.
import './texts.ts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import layout from '../../components/form-layout.module.css';
import { HumanCheck } from '../../components/human-check.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { reportFormFailure } from '../../lib/api/call-outcome.ts';
import { notify } from '../../lib/toast/toast.ts';
import { lazyContractResolver, useLazyContractForm } from '../auth/lazy-contract-form.ts';
import { openCheckout } from './open-checkout.ts';
import { paymentFailureText } from './payment-text.ts';
import { useGenerateAuthTokenMutation, useGeneratePaymentTokenUrlMutation } from './payments-api.ts';

// The schemas and zod load once the form is drawn (lazy-contract-form.ts, issue 7).
const quickPayResolver = lazyContractResolver(() =>
  import('@gridfront/contracts/payments').then((module) => module.quickPayRequest),
);

export function PayBillPage() {
  const { t } = useTranslation('payments');
  const { t: tp } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const prefilled = /^\d{10}$/.test(search.get('account') ?? '') ? (search.get('account') ?? '') : '';
  const [captchaRound, setCaptchaRound] = useState(0);
  const [generateAuthToken, auth] = useGenerateAuthTokenMutation();
  const [generatePaymentTokenUrl, page] = useGeneratePaymentTokenUrlMutation();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitted },
  } = useLazyContractForm(quickPayResolver, { accountNumber: prefilled, pin: '', captcha: '' });

  const onSubmit = handleSubmit(async (values) => {
    const granted = await generateAuthToken(values);
    setCaptchaRound((round) => round + 1);
    const url = granted.data
      ? await generatePaymentTokenUrl({ authToken: granted.data.authToken, returnPath: '/paybill' })
      : null;
    if (url?.data) {
      openCheckout(url.data.url, navigate);
      return;
    }
    const text = paymentFailureText(url ? url.error : granted.error);
    notify.error(text);
    reportFormFailure(text);
  });

  const busy = auth.isLoading || page.isLoading;
  return (
    <PageFrame title={tp('pageNames.payBill')} intro={t('quickPay.intro')}>
      <div className={layout.layout}>
        <form
          className={`gf-surface ${layout.form}`}
          onSubmit={onSubmit}
          noValidate
          aria-labelledby="quick-pay"
        >
          <h2 id="quick-pay" className={layout.formTitle}>
            {t('quickPay.heading')}
          </h2>
          <TextField
            label={t('quickPay.accountNumber')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            registration={register('accountNumber')}
            error={errors.accountNumber?.message}
          />
          <TextField
            label={t('quickPay.pin')}
            hint={t('quickPay.pinHint')}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            registration={register('pin')}
            error={errors.pin?.message}
          />
          <HumanCheck
            resetKey={captchaRound}
            error={errors.captcha?.message}
            onChange={(payload) => setValue('captcha', payload, { shouldValidate: isSubmitted })}
          />
          <FormError />
          <div className={layout.actions}>
            <SubmitButton busy={busy} label={t('quickPay.continue')} busyLabel={t('quickPay.continuing')} />
            <Link to="/login">{t('quickPay.signIn')}</Link>
          </div>
        </form>
      </div>
    </PageFrame>
  );
}

export default PayBillPage;
