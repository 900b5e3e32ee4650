import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Provider } from 'react-redux';
// From the main entry, not 'react-router/dom': one module instance for the provider and the hooks
// (the dom entry only adds flushSync, which the portal does not use).
import { type DataRouter, RouterProvider } from 'react-router';
import { registerSessionRefresher } from '../lib/api/session-expiry.ts';
import { lazyPart } from '../lib/lazy-part.tsx';
import { nextTask } from '../lib/next-task.ts';
import { useTenant } from '../lib/tenant/use-tenant.ts';
import { ThemeProvider } from '../themes/index.ts';
import { loadShellParts } from './load-shell-parts.ts';
import type { AppStore } from './store.ts';

// The toast library and its stylesheet are not needed to draw the first view (issue 7).
const ToastHost = lazyPart(() => loadShellParts().then((parts) => ({ default: parts.ToastHost })));

// Nor the session-expired dialog (spec points 4 and 8), which is closed until a call gets a 401: it
// comes after the app's first commit. A 401 before its chunk has come still asks the customer (the
// dialog registers the same refresher when it mounts, and opens on the flag this one sets).
const SessionExpiredDialog = lazyPart(() =>
  loadShellParts().then((parts) => ({ default: parts.SessionExpiredDialog })),
);
registerSessionRefresher((api) =>
  import('../lib/session/session-refresh.ts').then((module) => module.askToContinueSession(api)),
);

/** The tenant's default theme applies until the user picks one. */
function TenantThemeProvider({ children }: { children: ReactNode }) {
  const { defaultTheme, brandColors } = useTenant();
  return (
    <ThemeProvider tenantDefault={defaultTheme} tenantColors={brandColors}>
      {children}
    </ThemeProvider>
  );
}

/**
 * What the app adds beside the pages (toasts, the session-expired dialog), drawn only once the app
 * has committed in the browser. The server's first view (entry-server.tsx) renders this component
 * in the same place, where it draws nothing: hydrating that view then meets the same tree (the same
 * siblings, so the same useId values) and no markup the server did not send. `onStart` is told once,
 * after the app's first commit.
 */
export function AppAfterStart({ onStart }: { onStart?: () => void }) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    onStart?.();
    // In a task of its own: their chunks' preloads (links appended to the head) are not work for the
    // task that runs the hydrated page's effects (issue 7, lib/hydrate-in-parts.tsx).
    let live = true;
    void nextTask().then(() => {
      if (live) setStarted(true);
    });
    return () => {
      live = false;
    };
  }, [onStart]);
  if (!started) return null;
  return (
    <>
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
      <Suspense fallback={null}>
        <SessionExpiredDialog />
      </Suspense>
    </>
  );
}

export interface AppProps {
  store: AppStore;
  router: DataRouter;
  /** Told once the app has committed (main.tsx: the server's view it hydrated becomes the app's). */
  onStart?: () => void;
}

export function App({ store, router, onStart }: AppProps) {
  return (
    <Provider store={store}>
      <TenantThemeProvider>
        <RouterProvider router={router} />
        <AppAfterStart onStart={onStart} />
      </TenantThemeProvider>
    </Provider>
  );
}
