import type { UtilityType } from '@gridfront/contracts/constants';
import { UTILITY_TYPES } from '@gridfront/contracts/constants';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './services-page.module.css';
import { DocumentBlocks, useTenantDocument } from './tenant-document.tsx';

const offers = ['payments', 'autopay', 'history', 'usage', 'requests', 'assistant'] as const;

const tileClass: Record<UtilityType, string | undefined> = {
  electricity: styles.electricity,
  gas: styles.gas,
  water: styles.water,
  sewer: styles.sewer,
};

export function ServicesPage() {
  const { t } = useTranslation();
  // The utility's own Services text (issue 14, /admin Content), in its language; else the built-in one.
  const own = useTenantDocument('services');
  if (own.body) {
    return (
      <PageFrame title={t('pageNames.services')} intro={t('services.intro')}>
        <section className={`gf-surface ${styles.offers}`} lang={own.language}>
          <DocumentBlocks text={own.body} />
        </section>
      </PageFrame>
    );
  }
  if (!own.ready) return <PageFrame title={t('pageNames.services')} intro={t('services.intro')} />;
  return (
    <PageFrame title={t('pageNames.services')} intro={t('services.intro')}>
      <section aria-labelledby="services-utilities" className={styles.section}>
        <h2 id="services-utilities">{t('services.utilitiesHeading')}</h2>
        <ul className={styles.tiles}>
          {UTILITY_TYPES.map((utility) => (
            <li key={utility} className={`${styles.tile} ${tileClass[utility] ?? ''}`}>
              <h3 className={styles.tileTitle}>{t(`services.utilities.${utility}Name`)}</h3>
              <p className={styles.tileText}>{t(`services.utilities.${utility}Text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="services-portal" className={`gf-surface ${styles.offers}`}>
        <h2 id="services-portal">{t('services.portalHeading')}</h2>
        <ul>
          {offers.map((offer) => (
            <li key={offer}>{t(`services.portal.${offer}`)}</li>
          ))}
        </ul>
      </section>
    </PageFrame>
  );
}

export default ServicesPage;
