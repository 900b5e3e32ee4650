// What a side area's page shows when the utility has switched the area off (issue 14).
import './texts.ts';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { PageFrame } from '../page-frame.tsx';
import styles from './not-offered.module.css';
import type { SideArea } from './side-area-gate.tsx';
import { SIDE_AREA_NAMESPACE } from './texts.ts';

export default function NotOffered({ area, utility }: { area: SideArea; utility: string }) {
  const { t } = useTranslation(SIDE_AREA_NAMESPACE);
  const name = t(`areas.${area}`);
  return (
    <PageFrame title={t('title', { area: name })}>
      <div className={`gf-surface ${styles.notice}`} data-status="not-offered">
        <p>{t('text', { area: name, utility })}</p>
        <p>
          <Link className="gf-button" to="/">
            {t('home')}
          </Link>
        </p>
      </div>
    </PageFrame>
  );
}
