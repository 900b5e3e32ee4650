import { PlainField } from '../../components/plain-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { SourceValues } from './checkout-form.ts';
import styles from './payments.module.css';

export interface SourceFieldsProps {
  values: SourceValues;
  onChange: (patch: Partial<SourceValues>) => void;
  /** A field's message, already in the reader's language. */
  error: (field: keyof SourceValues) => string | undefined;
  /** What each method costs, beside its name (the payment page; AutoPay has no fee). */
  feeNotes?: { card: string; ach: string };
  /** The methods offered (AutoPay follows the utility's rules); both when not given. */
  methods?: readonly ('card' | 'ach')[];
}

/** Card or bank account: the choice and the fields of the chosen one (payment page and AutoPay). */
export function SourceFields({
  values,
  onChange,
  error,
  feeNotes,
  methods = ['card', 'ach'],
}: SourceFieldsProps) {
  const { t } = useTranslation('payments');
  return (
    <>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>{t('method.legend')}</legend>
        {methods.map((method) => (
          <label key={method} className={styles.choice}>
            <input
              type="radio"
              name="method"
              checked={values.method === method}
              onChange={() => onChange({ method })}
            />
            <span>
              {t(`method.${method}`)}
              {feeNotes ? <span className={styles.muted}> · {feeNotes[method]}</span> : null}
            </span>
          </label>
        ))}
      </fieldset>

      {values.method === 'card' ? (
        <div className={styles.fields}>
          <div data-field="cardNumber" className={styles.wide}>
            <PlainField
              label={t('card.number')}
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={23}
              value={values.cardNumber}
              onChange={(cardNumber) => onChange({ cardNumber })}
              error={error('cardNumber')}
            />
          </div>
          <div data-field="expiry">
            <PlainField
              label={t('card.expiry')}
              hint={t('card.expiryHint')}
              inputMode="numeric"
              autoComplete="cc-exp"
              maxLength={7}
              value={values.expiry}
              onChange={(expiry) => onChange({ expiry })}
              error={error('expiry')}
            />
          </div>
          <div data-field="cvc">
            <PlainField
              label={t('card.cvc')}
              hint={t('card.cvcHint')}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              value={values.cvc}
              onChange={(cvc) => onChange({ cvc })}
              error={error('cvc')}
            />
          </div>
        </div>
      ) : (
        <div className={styles.fields}>
          <div data-field="routingNumber">
            <PlainField
              label={t('bank.routing')}
              hint={t('bank.routingHint')}
              inputMode="numeric"
              maxLength={11}
              value={values.routingNumber}
              onChange={(routingNumber) => onChange({ routingNumber })}
              error={error('routingNumber')}
            />
          </div>
          <div data-field="bankAccountNumber">
            <PlainField
              label={t('bank.account')}
              inputMode="numeric"
              maxLength={20}
              value={values.bankAccountNumber}
              onChange={(bankAccountNumber) => onChange({ bankAccountNumber })}
              error={error('bankAccountNumber')}
            />
          </div>
        </div>
      )}
    </>
  );
}
