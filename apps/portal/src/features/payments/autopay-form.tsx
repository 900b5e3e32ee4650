// The AutoPay form (set up or change): card or bank account, maximum withdrawal, start and end dates.
// Loaded when the customer opens it, so Account Information stays light.
import type { AutopayEntry } from '@gridfront/contracts/billing';
import {
  autopayMessages,
  checkoutMessages,
  TEST_PROCESSOR_PLATFORM_KEY,
} from '@gridfront/contracts/payment-messages';
import { type FormEvent, useState } from 'react';
import { PlainField } from '../../components/plain-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { activePaymentPlatform } from '../../lib/tenant/tenant-config.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { notify } from '../../lib/toast/toast.ts';
import { formatCents, todayIso } from '../billing/format.ts';
import { useLanguage } from '../billing/use-language.ts';
import { useAutopayEnrollMutation } from './account-payments-api.ts';
import { type CheckoutErrors, parseDollars, readSource, type SourceValues } from './checkout-form.ts';
import { paymentFailureText, paymentText } from './payment-text.ts';
import styles from './payments.module.css';
import { SourceFields } from './source-fields.tsx';

interface AutopayFormValues extends SourceValues {
  maximum: string;
  startDate: string;
  endDate: string;
}

type AutopayErrors = CheckoutErrors & Partial<Record<'maximum' | 'startDate' | 'endDate', string>>;

function blankForm(autopay: AutopayEntry | null, methods: readonly ('card' | 'ach')[]): AutopayFormValues {
  const asBefore = autopay?.autoPayMethod === 'ach' ? 'ach' : 'card';
  return {
    method: methods.includes(asBefore) ? asBefore : (methods[0] ?? 'card'),
    cardNumber: '',
    expiry: '',
    cvc: '',
    routingNumber: '',
    bankAccountNumber: '',
    maximum:
      autopay?.autopayMaxWithdrawalAmount != null
        ? (autopay.autopayMaxWithdrawalAmount / 100).toFixed(2)
        : '',
    startDate: todayIso(),
    endDate: autopay?.endDate ?? '',
  };
}

export interface AutopayFormProps {
  accountId: string;
  autopay: AutopayEntry | null;
  onClose: () => void;
}

export function AutopayForm({ accountId, autopay, onClose }: AutopayFormProps) {
  const { t } = useTranslation('payments');
  const tenant = useTenant();
  const language = useLanguage();
  // The utility's AutoPay rules (issue 14): the methods it takes and its cap on one withdrawal.
  const { methods, maxWithdrawalCents: cap } = tenant.autopay;
  const [values, setValues] = useState<AutopayFormValues>(() => blankForm(autopay, methods));
  const [errors, setErrors] = useState<AutopayErrors>({});
  const [enroll, enrolling] = useAutopayEnrollMutation();
  const testMode =
    activePaymentPlatform(tenant.paymentPlatforms)?.platformKey === TEST_PROCESSOR_PLATFORM_KEY;
  const capText = cap === null ? null : formatCents(cap, language);

  const check = (next: AutopayFormValues): AutopayErrors => {
    const found: AutopayErrors = { ...readSource(next, new Date()).errors };
    const maximum = next.maximum.trim() ? parseDollars(next.maximum) : null;
    if (next.maximum.trim() && (maximum ?? 0) < 1) found.maximum = checkoutMessages.amount;
    else if (cap !== null && maximum !== null && maximum > cap)
      found.maximum = t('autopay.overCap', { amount: capText });
    if (!next.startDate || next.startDate < todayIso()) found.startDate = autopayMessages.startDate;
    if (next.endDate && next.endDate <= next.startDate) found.endDate = autopayMessages.endDate;
    return found;
  };
  const set = (patch: Partial<AutopayFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (Object.keys(errors).length > 0) setErrors(check(next));
  };
  const error = (field: keyof AutopayErrors) => (errors[field] ? paymentText(errors[field]) : undefined);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    const source = readSource(values, new Date()).source;
    if (Object.keys(found).length > 0 || !source) {
      const form = event.currentTarget;
      queueMicrotask(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const result = await enroll({
      accountId,
      autoPayMethod: source.method,
      ...(source.method === 'card' ? { card: source.card } : { bank: source.bank }),
      autopayMaxWithdrawalAmount: values.maximum.trim() ? parseDollars(values.maximum) : null,
      startDate: values.startDate,
      endDate: values.endDate || null,
    });
    if (result.data) {
      notify.success(paymentText(result.data.message));
      onClose();
    } else notify.error(paymentFailureText(result.error));
  };

  return (
    <form
      className={styles.autopayForm}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="autopay-form-heading"
    >
      <h3 id="autopay-form-heading" className={styles.subTitle}>
        {autopay ? t('autopay.changeHeading') : t('autopay.formHeading')}
      </h3>
      <p className={styles.muted}>{t('autopay.noFee')}</p>
      {testMode ? (
        <aside className={styles.testModeNote} aria-label={t('testMode.title')}>
          <strong>{t('testMode.title')}</strong> {t('testMode.text')}
        </aside>
      ) : null}
      <SourceFields values={values} onChange={set} error={error} methods={methods} />
      <PlainField
        label={t('autopay.maximum')}
        hint={
          capText
            ? `${t('autopay.maximumHint')} ${t('autopay.capHint', { amount: capText })}`
            : t('autopay.maximumHint')
        }
        inputMode="decimal"
        value={values.maximum}
        onChange={(maximum) => set({ maximum })}
        error={error('maximum')}
      />
      <div className={styles.fields}>
        <PlainField
          label={t('autopay.startDate')}
          type="date"
          min={todayIso()}
          value={values.startDate}
          onChange={(startDate) => set({ startDate })}
          error={error('startDate')}
        />
        <PlainField
          label={t('autopay.endDate')}
          hint={t('autopay.endDateHint')}
          type="date"
          value={values.endDate}
          onChange={(endDate) => set({ endDate })}
          error={error('endDate')}
        />
      </div>
      <div className={styles.actions}>
        <button
          type="submit"
          className="gf-button"
          disabled={enrolling.isLoading}
          aria-busy={enrolling.isLoading}
        >
          {enrolling.isLoading ? t('autopay.saving') : t('autopay.save')}
        </button>
        <button type="button" className="gf-button gf-button--secondary" onClick={onClose}>
          {t('autopay.close')}
        </button>
      </div>
    </form>
  );
}

export default AutopayForm;
