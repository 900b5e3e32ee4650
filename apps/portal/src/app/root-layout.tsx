import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { HydratedApart } from '../lib/hydrate-in-parts.tsx';
import { lazyPart } from '../lib/lazy-part.tsx';
import { FocusNewPage } from './focus-new-page.tsx';
import { loadShellParts } from './load-shell-parts.ts';

// AI Assist's side of the portal comes with the shell's later parts, after Home's first load (issue 7 budget).
const AssistantBridge = lazyPart(() =>
  loadShellParts().then((parts) => ({ default: parts.AssistantBridge })),
);

/**
 * Spec point 2: the page scrolls to the top on every path change. Not when the app first starts: the
 * page is where the browser put it, and a visitor who began to read the server's view while the app
 * loaded (issue 7: on a slow phone, for a second or more) keeps their place instead of being thrown
 * back to the top.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <FocusNewPage />
      {/* In a task after the app's providers: its code is requested from there (issue 7). */}
      <HydratedApart>
        <Suspense fallback={null}>
          <AssistantBridge />
        </Suspense>
      </HydratedApart>
      {/* The layout hydrates after the router and the app's providers, in a task of its own. */}
      <HydratedApart>
        <Outlet />
      </HydratedApart>
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
