// /net2grid (issue 12, the spec's net2grid side area, in its own layout): energy insights from the
// signed-in customer's own smart meter: overview, breakdown, calendar, day profiles, the last 12
// months, solar, measurements, recommendations and the household questionnaire. A visitor is asked
// to sign in: every figure is of their own meter.
import './texts.ts';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';
import { withSideArea } from '../../components/side-area/side-area-gate.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { useSession } from '../../lib/store-hooks.ts';
import { InsightsDashboard } from './dashboard.tsx';
import styles from './insights.module.css';
import { INSIGHTS_NAMESPACE } from './texts.ts';

export function Net2gridPage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  return (
    <PageFrame title={t('pageNames.net2grid')} intro={t('frames.net2grid')}>
      {isLoggedIn ? <InsightsDashboard /> : <SignInNeeded />}
    </PageFrame>
  );
}

function SignInNeeded() {
  const { t } = useTranslation(INSIGHTS_NAMESPACE);
  return <SignInPrompt text={t('signInNeeded')} action={t('signIn')} className={styles.notice} />;
}

export default withSideArea('insights', Net2gridPage);
