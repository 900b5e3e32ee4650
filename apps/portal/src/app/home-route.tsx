// /home (and /): the marketing Home for a visitor, My Account for a signed-in customer (issue 10).
// The dashboard is its own lazily loaded chunk, so a visitor's first load does not grow with it.
import { type ComponentType, Suspense } from 'react';
import { HomePage } from '../features/marketing/home-page.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { lazyPart } from '../lib/lazy-part.tsx';
import { useSession } from '../lib/store-hooks.ts';

/** The page of /home, given how to load My Account (the page registry passes it in). */
export function homeRoute(loadMyAccount: () => Promise<{ default: ComponentType }>): ComponentType {
  const MyAccountPage = lazyPart(loadMyAccount);
  return function HomeRoute() {
    const { t } = useTranslation();
    const { isLoggedIn } = useSession();
    if (!isLoggedIn) return <HomePage />;
    // A plain status rather than root-layout's PageLoading: importing that here would split the
    // entry into one more chunk for every visitor.
    return (
      <Suspense
        fallback={
          <p role="status" aria-live="polite">
            {t('app.loading')}
          </p>
        }
      >
        <MyAccountPage />
      </Suspense>
    );
  };
}
