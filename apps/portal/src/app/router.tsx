import { createBrowserRouter } from 'react-router';
import { i18n } from '../i18n/i18n.ts';
import { registerNavigate } from '../lib/navigation/navigate.ts';
import { notify } from '../lib/toast/toast.ts';
import type { GuardDeps } from './guards.ts';
import type { PageKey } from './page-registry.ts';
import { buildRoutes } from './routes.tsx';
import type { AppStore } from './store.ts';

/** Guards read the login flag from the store, so they follow login and logout at once. */
export function guardDepsFor(store: AppStore): GuardDeps {
  return {
    isLoggedIn: () => store.getState().session.isLoggedIn,
    onLoginRequired: (page: PageKey) => {
      notify.error(i18n.t('messages.loginRequiredForPage', { page: i18n.t(`pageNames.${page}`) }));
    },
  };
}

export function createAppRouter(store: AppStore) {
  const router = createBrowserRouter(buildRoutes(guardDepsFor(store)));
  registerNavigate((path) => void router.navigate(path));
  return router;
}
