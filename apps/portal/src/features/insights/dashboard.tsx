// The signed-in dashboard: an analytics token, the initialisation, then every panel for the chosen
// month. While the loader flag is set (a call failed since the last one started) a notice says so
// and offers one "Try again" for everything that failed.
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useDeferredValue } from '../../lib/deferred-value.ts';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { useAppDispatch } from '../../lib/store-hooks.ts';
import { ChartError, ChartSkeleton } from '../usage/chart/usage-chart.tsx';
import { type Dashboard, DashboardContext } from './dashboard-context.ts';
import { defaultDay, monthsBetween } from './dates.ts';
import { formatMonth } from './format.ts';
import styles from './insights.module.css';
import { retryFailed, useInsightsInitialisationQuery, useInsightsTokenQuery } from './insights-api.ts';
import { useLoaderFlag } from './loader-flag.ts';
import { BreakdownPanel } from './panels/breakdown.tsx';
import { CalendarPanel } from './panels/calendar.tsx';
import { DayProfilesPanel } from './panels/day-profiles.tsx';
import { MeasurementPanel } from './panels/measurement.tsx';
import { OverviewPanel } from './panels/overview.tsx';
import { RecommendationsPanel } from './panels/recommendations.tsx';
import { SolarPanel } from './panels/solar.tsx';
import { TwelveMonthsPanel } from './panels/twelve-months.tsx';
import { INSIGHTS_NAMESPACE } from './texts.ts';

// The questionnaire is a form at the foot of the page: it loads after the panels above it, which
// keeps the route within its download budget (issue 7).
const QuestionnairePanel = lazyPart(() =>
  import('./panels/questionnaire.tsx').then((module) => ({ default: module.QuestionnairePanel })),
);

export function InsightsDashboard() {
  const { t } = useTranslation(INSIGHTS_NAMESPACE);
  // The calls add the token themselves and renew it when it has ended, so a renewal (a new answer
  // here) leaves the panels' arguments, hence their data, as they are: only the userId is theirs.
  const tokenQuery = useInsightsTokenQuery();
  const userId = tokenQuery.data?.userId;
  const auth = useMemo(() => (userId ? { userId } : null), [userId]);
  const initQuery = useInsightsInitialisationQuery(auth ?? { userId: '' }, { skip: !auth });
  // The panels mount as a transition, in slices that leave the main thread free between them, not
  // in the one long task of the answer's arrival (issue 7: total blocking time on a phone).
  const init = useDeferredValue(initQuery.data);

  return (
    <div className={styles.dashboard}>
      <LoaderNotice />
      {tokenQuery.isError && !auth ? (
        <ChartError title={t('title')} onRetry={() => tokenQuery.refetch()} />
      ) : initQuery.isError ? (
        <ChartError title={t('title')} onRetry={() => initQuery.refetch()} />
      ) : !auth || !init ? (
        <ChartSkeleton title={t('title')} />
      ) : !init.defaultMonth ? (
        <p className={`gf-surface ${styles.panel}`}>{t('noData')}</p>
      ) : (
        <Panels key={init.accountId} auth={auth} init={init} defaultMonth={init.defaultMonth} />
      )}
    </div>
  );
}

function Panels({ auth, init, defaultMonth }: Pick<Dashboard, 'auth' | 'init'> & { defaultMonth: string }) {
  const { t, i18n } = useTranslation(INSIGHTS_NAMESPACE);
  const [month, setMonth] = useState(defaultMonth);
  const [day, setDay] = useState(() => defaultDay(defaultMonth, init.lastDate));
  const months = monthsBetween(init.firstDate?.slice(0, 7) ?? defaultMonth, defaultMonth);
  const dashboard: Dashboard = { auth, init, month, day, chooseDay: setDay };
  const chooseMonth = (next: string) => {
    setMonth(next);
    setDay(defaultDay(next, init.lastDate));
  };
  return (
    <DashboardContext.Provider value={dashboard}>
      <div className={`gf-surface ${styles.toolbar}`}>
        <label className={styles.picker}>
          <span>{t('month')}</span>
          <select value={month} onChange={(event) => chooseMonth(event.target.value)}>
            {months.map((key) => (
              <option key={key} value={key}>
                {formatMonth(key, i18n.language)}
              </option>
            ))}
          </select>
        </label>
        <p className={styles.hint}>{t('account', { number: init.accountNumber })}</p>
      </div>
      <div className={styles.grid}>
        <OverviewPanel />
        <BreakdownPanel />
        <RecommendationsPanel />
        <CalendarPanel />
        <DayProfilesPanel />
        <TwelveMonthsPanel />
        <SolarPanel />
        <MeasurementPanel />
        <Suspense fallback={null}>
          <QuestionnairePanel />
        </Suspense>
      </div>
    </DashboardContext.Provider>
  );
}

/** Shown while the loader flag is set. */
function LoaderNotice() {
  const { t } = useTranslation(INSIGHTS_NAMESPACE);
  const failed = useLoaderFlag();
  const dispatch = useAppDispatch();
  if (!failed) return null;
  return (
    <div className={`gf-surface ${styles.notice}`} role="alert" data-loader-flag="true">
      <p>{t('loaderFailed')}</p>
      <button type="button" className="gf-button" onClick={() => dispatch(retryFailed())}>
        {t('retryAll')}
      </button>
    </div>
  );
}
