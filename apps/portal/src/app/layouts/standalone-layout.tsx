import { Link, Outlet } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { useTheme } from '../../themes/index.ts';
import styles from './layout.module.css';
import { MAIN_CONTENT_ID } from './main-layout.tsx';

/** The separate layout of /net2grid and /gridx: a slim header with a way back, no site navigation. */
export function StandaloneLayout() {
  const { t } = useTranslation();
  const { theme } = useTheme();
  const tenant = useTenant();
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href={`#${MAIN_CONTENT_ID}`}>
        {t('app.skipToContent')}
      </a>
      <header className={`gf-themed-header ${styles.slimHeader}`}>
        <span className={styles.slimBrand}>
          <img className={styles.slimLogo} src={theme.logo} alt="" />
          {tenant.name ? <span>{tenant.name}</span> : null}
        </span>
        <nav aria-label={t('nav.primary')}>
          <Link className={styles.backLink} to="/home">
            {t('nav.backHome')}
          </Link>
        </nav>
      </header>
      <main id={MAIN_CONTENT_ID} className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
