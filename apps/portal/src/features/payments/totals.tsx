import { useTranslation } from '../../i18n/use-translation.ts';
import { formatCents } from '../billing/format.ts';
import { useLanguage } from '../billing/use-language.ts';
import styles from './payments.module.css';

/** Payment, fee and total; `live` announces changes politely while the payer types. */
export function Totals({
  amountCents,
  feeCents,
  live = false,
}: {
  amountCents: number | null;
  feeCents: number | null;
  live?: boolean;
}) {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const show = (cents: number | null) => (cents === null ? '—' : formatCents(cents, language));
  const total = amountCents === null || feeCents === null ? null : amountCents + feeCents;
  return (
    <dl className={styles.totals} aria-live={live ? 'polite' : undefined} data-testid="payment-totals">
      <div>
        <dt>{t('totals.amount')}</dt>
        <dd data-testid="total-amount">{show(amountCents)}</dd>
      </div>
      <div>
        <dt>{t('totals.fee')}</dt>
        <dd data-testid="total-fee">{show(feeCents)}</dd>
      </div>
      <div className={styles.grandTotal}>
        <dt>{t('totals.total')}</dt>
        <dd data-testid="total-charged">{show(total)}</dd>
      </div>
    </dl>
  );
}
