import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import styles from './gridx-page.module.css';

/** Frame of the rate comparison page; `?compareResult=true` shows its compare-results state. */
export function GridxPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const showsResults = searchParams.get('compareResult') === 'true';
  return (
    <PageFrame title={t('pageNames.gridx')} intro={t('frames.gridx')}>
      {showsResults ? (
        <section
          aria-labelledby="gridx-compare-results"
          className={`gf-surface ${styles.results}`}
          data-state="compare-results"
        >
          <h2 id="gridx-compare-results">{t('gridx.compareResults')}</h2>
          <p>{t('frames.gridxCompare')}</p>
        </section>
      ) : null}
    </PageFrame>
  );
}

export default GridxPage;
