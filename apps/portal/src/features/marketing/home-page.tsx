import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { HeroArt } from './hero-art.tsx';
import styles from './home-page.module.css';

const claims = [
  { id: 'integrates', title: 'home.claims.integratesTitle', text: 'home.claims.integratesText' },
  { id: 'always-on', title: 'home.claims.alwaysOnTitle', text: 'home.claims.alwaysOnText' },
  { id: 'wait', title: 'home.claims.waitTitle', text: 'home.claims.waitText' },
  { id: 'delinquency', title: 'home.claims.delinquencyTitle', text: 'home.claims.delinquencyText' },
  { id: 'payment', title: 'home.claims.paymentTitle', text: 'home.claims.paymentText' },
] as const;

export function HomePage() {
  const { t } = useTranslation();
  const tenant = useTenant();
  useDocumentTitle(t('pageNames.home'));
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.heroInner}>
          <div>
            <h1 id="home-title" className={styles.title}>
              {t('home.title')}
            </h1>
            <p className={styles.subtitle}>{t('home.subtitle', { name: tenant.displayName })}</p>
          </div>
          <HeroArt />
        </div>
      </section>
      <div className={styles.content}>
        <section aria-labelledby="home-actions">
          <h2 id="home-actions" className={styles.sectionTitle}>
            {t('home.actionsHeading')}
          </h2>
          <ul className={styles.actions}>
            <li>
              {/* A visitor's page (a signed-in customer sees My Account): Quick Pay needs no sign-in. */}
              <Link className="gf-button" to="/paybill">
                {t('home.payBill')}
              </Link>
            </li>
            <li>
              <Link className="gf-button" to="/accountInfo">
                {t('home.viewAccount')}
              </Link>
            </li>
            <li>
              <Link className="gf-button" to="/todo">
                {t('home.startStopService')}
              </Link>
            </li>
            <li>
              <Link className="gf-button gf-button--secondary" to="/signup">
                {t('home.signUp')}
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="home-claims">
          <h2 id="home-claims" className={styles.sectionTitle}>
            {t('home.claimsHeading')}
          </h2>
          <ul className={styles.claims}>
            {claims.map((claim) => (
              <li key={claim.id} className={`gf-surface ${styles.claim}`}>
                <h3 className={styles.claimTitle}>{t(claim.title)}</h3>
                <p className={styles.claimText}>{t(claim.text)}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

export default HomePage;
