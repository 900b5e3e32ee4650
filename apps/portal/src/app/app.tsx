import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
// From the main entry, not 'react-router/dom': one module instance for the provider and the hooks
// (the dom entry only adds flushSync, which the portal does not use).
import { type DataRouter, RouterProvider } from 'react-router';
import { SessionExpiredDialog } from '../lib/session/session-expired-dialog.tsx';
import { useTenant } from '../lib/tenant/use-tenant.ts';
import { ToastHost } from '../lib/toast/toast-host.tsx';
import { ThemeProvider } from '../themes/index.ts';
import type { AppStore } from './store.ts';

/** The tenant's default theme applies until the user picks one. */
function TenantThemeProvider({ children }: { children: ReactNode }) {
  const { defaultTheme } = useTenant();
  return <ThemeProvider tenantDefault={defaultTheme}>{children}</ThemeProvider>;
}

export function App({ store, router }: { store: AppStore; router: DataRouter }) {
  return (
    <Provider store={store}>
      <TenantThemeProvider>
        <RouterProvider router={router} />
        <ToastHost />
        <SessionExpiredDialog />
      </TenantThemeProvider>
    </Provider>
  );
}
