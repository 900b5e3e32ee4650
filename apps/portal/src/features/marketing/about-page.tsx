import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import styles from './about-page.module.css';
import { DocumentBlocks, useTenantDocument } from './tenant-document.tsx';

const values = ['reliability', 'transparency', 'sustainability', 'community'] as const;

export function AboutPage() {
  const { t } = useTranslation();
  const tenant = useTenant();
  // The utility's own About Us (issue 14, /admin Content), in its language; else the built-in text.
  const own = useTenantDocument('about');
  return (
    <PageFrame title={t('pageNames.aboutUs')} intro={t('about.intro', { name: tenant.displayName })}>
      {own.body ? (
        <div className={styles.about}>
          <section className={styles.panel} lang={own.language}>
            <DocumentBlocks text={own.body} />
          </section>
        </div>
      ) : own.ready ? (
        // The theme decides whether the two panels sit side by side, reversed or stacked.
        <div className={styles.about}>
          <section className={styles.panel} aria-labelledby="about-mission">
            <h2 id="about-mission">{t('about.missionHeading')}</h2>
            <p>{t('about.missionText')}</p>
            <h2 id="about-portal">{t('about.portalHeading')}</h2>
            <p>{t('about.portalText')}</p>
          </section>
          <section className={`gf-surface ${styles.values}`} aria-labelledby="about-values">
            <h2 id="about-values">{t('about.valuesHeading')}</h2>
            <ul>
              {values.map((value) => (
                <li key={value}>{t(`about.values.${value}`)}</li>
              ))}
            </ul>
          </section>
        </div>
      ) : null}
    </PageFrame>
  );
}

export default AboutPage;
