import type { AutopayEntry } from '@gridfront/contracts/billing';
import { paymentSourceText } from '@gridfront/contracts/payment-source-text';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './billing.module.css';
import { formatCents, formatDate } from './format.ts';
import { useLanguage } from './use-language.ts';

/** AutoPay as it stands, or the spec's Autopay benefits view when the account is not enrolled. */
export function AutopayStatus({ autopay, actions }: { autopay: AutopayEntry | null; actions?: ReactNode }) {
  const { t } = useTranslation('billing');
  const language = useLanguage();
  return (
    <section className={`gf-surface ${styles.card}`} aria-labelledby="autopay-heading">
      <h2 id="autopay-heading" className={styles.cardTitle}>
        {autopay ? t('autopay.heading') : t('autopay.benefitsHeading')}
      </h2>
      {autopay ? (
        <>
          <p className={styles.enrolled}>{t('autopay.enrolled')}</p>
          <dl className={styles.facts}>
            <div>
              <dt>{t('autopay.method')}</dt>
              <dd>
                {autopay.source.brand === 'bank'
                  ? paymentSourceText(autopay.source, language)
                  : `${t(`autopay.methods.${autopay.autoPayMethod}`)} · ${paymentSourceText(autopay.source, language)}`}
              </dd>
            </div>
            <div>
              <dt>{t('autopay.maxWithdrawal')}</dt>
              <dd>
                {autopay.autopayMaxWithdrawalAmount === null
                  ? t('autopay.noMaximum')
                  : formatCents(autopay.autopayMaxWithdrawalAmount, language)}
              </dd>
            </div>
            <div>
              <dt>{t('autopay.startDate')}</dt>
              <dd>{formatDate(autopay.startDate, language)}</dd>
            </div>
            <div>
              <dt>{t('autopay.endDate')}</dt>
              <dd>{autopay.endDate ? formatDate(autopay.endDate, language) : t('autopay.openEnded')}</dd>
            </div>
          </dl>
        </>
      ) : (
        <>
          <p>{t('autopay.benefitsIntro')}</p>
          <ul className={styles.benefits}>
            <li>{t('autopay.benefitNeverLate')}</li>
            <li>{t('autopay.benefitNotice')}</li>
            <li>{t('autopay.benefitLimit')}</li>
            <li>{t('autopay.benefitCancel')}</li>
          </ul>
        </>
      )}
      {actions}
    </section>
  );
}
