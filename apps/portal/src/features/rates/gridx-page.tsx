// /gridx (issue 13, the spec's rate comparison side area, in its own layout): the signed-in
// customer's plans priced on their own last 12 months, with what-ifs; /gridx?compareResult=true&id=…
// reopens a saved result. A visitor is asked to sign in: the comparison is of their own usage.
import './texts.ts';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { withSideArea } from '../../components/side-area/side-area-gate.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSession } from '../../lib/store-hooks.ts';
import { ComparisonResult } from './comparison-result.tsx';
import { ComparisonStart } from './comparison-start.tsx';
import styles from './gridx-page.module.css';
import { RATES_NAMESPACE } from './texts.ts';

export function GridxPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const showsResults = searchParams.get('compareResult') === 'true';
  const resultId = searchParams.get('id');
  const { isLoggedIn } = useSession();
  return (
    <PageFrame
      title={t('pageNames.gridx')}
      intro={showsResults ? t('frames.gridxCompare') : t('frames.gridx')}
    >
      {showsResults ? (
        <section
          aria-labelledby="gridx-compare-results"
          className={styles.results}
          data-state="compare-results"
        >
          <h2 id="gridx-compare-results">{t('gridx.compareResults')}</h2>
          {!isLoggedIn ? (
            <SignInNeeded />
          ) : resultId ? (
            <ComparisonResult key={resultId} id={resultId} />
          ) : (
            <MissingResult />
          )}
        </section>
      ) : isLoggedIn ? (
        <ComparisonStart />
      ) : (
        <SignInNeeded />
      )}
    </PageFrame>
  );
}

function SignInNeeded() {
  const { t } = useTranslation(RATES_NAMESPACE);
  return <SignInPrompt text={t('signInNeeded')} action={t('signIn')} className={styles.notice} />;
}

function MissingResult() {
  const { t } = useTranslation(RATES_NAMESPACE);
  return (
    <p className={`gf-surface ${styles.notice}`}>
      {t('result.missing')} <Link to="/gridx">{t('result.newComparison')}</Link>
    </p>
  );
}

export default withSideArea('rateComparison', GridxPage);
