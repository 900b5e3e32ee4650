import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AssistantBridge } from '../features/assistant/assistant-bridge.ts';
import { FocusNewPage } from './focus-new-page.tsx';

/** Spec point 2: the page scrolls to the top on every path change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <FocusNewPage />
      <AssistantBridge />
      <Outlet />
    </>
  );
}

/** Shown while the first page's chunk loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" aria-live="polite">
      {t('app.loading')}
    </p>
  );
}
