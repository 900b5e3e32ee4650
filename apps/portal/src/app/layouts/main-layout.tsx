import { Outlet } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { HydratedApart } from '../../lib/hydrate-in-parts.tsx';
import styles from './layout.module.css';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export const MAIN_CONTENT_ID = 'main-content';

/** The main layout: skip link, header, the page, footer (each hydrated in a task of its own). */
export function MainLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href={`#${MAIN_CONTENT_ID}`}>
        {t('app.skipToContent')}
      </a>
      <HydratedApart>
        <SiteHeader />
      </HydratedApart>
      <main id={MAIN_CONTENT_ID} className={styles.main} tabIndex={-1}>
        <HydratedApart>
          <Outlet />
        </HydratedApart>
      </main>
      <HydratedApart>
        <SiteFooter />
      </HydratedApart>
    </div>
  );
}
