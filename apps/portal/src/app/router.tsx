import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  type DataRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
} from 'react-router';
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

/**
 * The app's browser router, made but not started: the caller starts it with `router.initialize()`.
 * This is react-router's createBrowserRouter in its two steps (the same calls, without the server's
 * hydration data, which the portal does not use), so that main.tsx can take them in two tasks: the
 * history and the route table ranked here, the first match and its lazy page in `initialize` (issue
 * 7: together a task of 8-16 ms of CPU on this machine, four times that on a phone).
 */
export function createAppRouter(store: AppStore): DataRouter {
  const router = createRouter({
    history: createBrowserHistory(),
    routes: buildRoutes(guardDepsFor(store)),
    mapRouteProperties,
    hydrationRouteProperties,
  });
  registerNavigate((path) => void router.navigate(path));
  return router;
}
