// Test helper: the real route tree in a memory router, with the real providers.
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { signedOutSession } from '../lib/session/session-storage.ts';
import { App } from './app.tsx';
import type { GuardDeps } from './guards.ts';
import { guardDepsFor } from './router.tsx';
import { buildRoutes } from './routes.tsx';
import { createStore } from './store.ts';

export interface TestAppOptions {
  path: string;
  loggedIn?: boolean;
  guards?: Partial<GuardDeps>;
}

export function renderApp({ path, loggedIn = false, guards }: TestAppOptions) {
  const store = createStore({
    session: { ...signedOutSession, isLoggedIn: loggedIn, username: loggedIn ? 'demo' : null },
  });
  const router = createMemoryRouter(buildRoutes({ ...guardDepsFor(store), ...guards }), {
    initialEntries: [path],
  });
  const view = render(<App store={store} router={router} />);
  return { ...view, store, router };
}
