// /net2grid (issue 12, the spec's net2grid side area, in its own layout): energy insights from the
// signed-in customer's own smart meter: overview, breakdown, calendar, day profiles, the last 12
// months, solar, measurements, recommendations and the household questionnaire. A visitor is asked
// to sign in: every figure is of their own meter.
import './texts.ts';
import { Suspense } from 'react';
import { PageFrame } from '../../components/page-frame.tsx';
import { withSideArea } from '../../components/side-area/side-area-gate.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { useSession } from '../../lib/store-hooks.ts';
import { ChartSkeleton } from '../usage/chart/chart-states.tsx';
import styles from './insights.module.css';
import { INSIGHTS_NAMESPACE } from './texts.ts';

// The dashboard (its panels and the charts' code) is its own chunk, asked for when a signed-in
// customer's page first renders: the page's title is drawn without waiting for it, in the place the
// dashboard's own loading state takes (issue 7), and a visitor, who is asked to sign in, never
// downloads it.
const InsightsDashboard = lazyPart(() =>
  import('./dashboard.tsx').then((module) => ({ default: module.InsightsDashboard })),
);

export function Net2gridPage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  return (
    <PageFrame title={t('pageNames.net2grid')} intro={t('frames.net2grid')}>
      {isLoggedIn ? (
        <Suspense fallback={<DashboardPlace />}>
          <InsightsDashboard />
        </Suspense>
      ) : (
        <SignInNeeded />
      )}
    </PageFrame>
  );
}

/** What the dashboard itself shows first (its skeleton), while its chunk loads. */
function DashboardPlace() {
  const { t } = useTranslation(INSIGHTS_NAMESPACE);
  return (
    <div className={styles.dashboard}>
      <ChartSkeleton title={t('title')} />
    </div>
  );
}

function SignInNeeded() {
  const { t } = useTranslation(INSIGHTS_NAMESPACE);
  return <SignInPrompt text={t('signInNeeded')} action={t('signIn')} className={styles.notice} />;
}

export default withSideArea('insights', Net2gridPage);
