import { lazy, type ReactNode, Suspense } from 'react';
import { Provider } from 'react-redux';
// From the main entry, not 'react-router/dom': one module instance for the provider and the hooks
// (the dom entry only adds flushSync, which the portal does not use).
import { type DataRouter, RouterProvider } from 'react-router';
import { SessionExpiredDialog } from '../lib/session/session-expired-dialog.tsx';
import { useTenant } from '../lib/tenant/use-tenant.ts';
import { ThemeProvider } from '../themes/index.ts';
import type { AppStore } from './store.ts';

// The toast library and its stylesheet are not needed to draw the first view (issue 7).
const ToastHost = lazy(() =>
  import('../lib/toast/toast-host.tsx').then((module) => ({ default: module.ToastHost })),
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

export function App({ store, router }: { store: AppStore; router: DataRouter }) {
  return (
    <Provider store={store}>
      <TenantThemeProvider>
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
        <SessionExpiredDialog />
      </TenantThemeProvider>
    </Provider>
  );
}
