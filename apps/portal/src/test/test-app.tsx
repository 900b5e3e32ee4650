// Test helper: the real route tree in a memory router, with the real providers.
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app.tsx';
import type { GuardDeps } from '../app/guards.ts';
import { guardDepsFor } from '../app/router.tsx';
import { buildRoutes } from '../app/routes.tsx';
import { createStore } from '../app/store.ts';
import { signedOutSession } from '../lib/session/session-storage.ts';

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
