import type { AccountSummary } from '@gridfront/contracts/billing';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './billing.module.css';

/** Account number, holder, mailing address, premises with their services. */
export function AccountOverview({ account }: { account: AccountSummary }) {
  const { t } = useTranslation('billing');
  return (
    <section className={`gf-surface ${styles.card}`} aria-labelledby="account-heading">
      <h2 id="account-heading" className={styles.cardTitle}>
        {t('account.heading')}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('account.number')}</dt>
          <dd className={styles.number}>{account.accountNumber}</dd>
        </div>
        <div>
          <dt>{t('account.holder')}</dt>
          <dd>{account.holderName}</dd>
        </div>
        <div>
          <dt>{t('account.mailingAddress')}</dt>
          <dd>
            {account.mailingAddress}, {account.city}, {account.state} {account.zip}
          </dd>
        </div>
        <div>
          <dt>{t('account.paperless')}</dt>
          <dd>{account.paperless ? t('account.on') : t('account.off')}</dd>
        </div>
      </dl>
      <h3 className={styles.subTitle}>{t('account.premises')}</h3>
      <ul className={styles.premises}>
        {account.premises.map((premise) => (
          <li key={premise.premiseId}>
            <p className={styles.address}>
              {premise.serviceAddress}, {premise.city}, {premise.state} {premise.zip}
              {premise.hasSolar ? <span className={styles.badge}>{t('account.solar')}</span> : null}
            </p>
            <ul className={styles.services} aria-label={t('account.services')}>
              {account.services
                .filter((service) => service.premiseId === premise.premiseId)
                .map((service) => (
                  <li key={service.serviceId} className={styles.service} data-utility={service.utilityType}>
                    <span>{t(`utilities.${service.utilityType}`)}</span>
                    <span className={styles.muted}>
                      {service.tariffName ? `${t('account.tariff')}: ${service.tariffName} · ` : ''}
                      {t(`serviceStatus.${service.status}`)}
                    </span>
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
