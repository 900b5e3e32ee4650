// The app hydrates the server's first view (issue 7, main.tsx, app/server-view.ts): the markup that
// entry-server.tsx renders for a route and the app's own first render must be the same tree, or React
// would throw the server's nodes away (a recoverable error and a second full render) or, for an
// attribute, keep a wrong one. React's development build reports both; this test renders each
// server-rendered route's view as the shell carries it, hydrates it with the app, and checks that no
// mismatch is reported and that the server's nodes are the ones the app now owns.
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render as renderServerView, SERVER_RENDERED_PATHS, SIGNED_IN_PATHS } from '../entry-server.tsx';
import { i18n, registeredNamespaceNames } from '../i18n/i18n.ts';
import { signedOutSession } from '../lib/session/session-storage.ts';
import { tenantConfig } from '../lib/tenant/tenant-config.ts';
import { tenantLoaded } from '../lib/tenant/tenant-slice.ts';
import { hydrateAppOver } from '../test/hydrate-app.tsx';
import { guardDepsFor } from './router.tsx';
import { buildRoutes } from './routes.tsx';
import { hydratableView, keepOnly } from './server-view.ts';
import { createStore } from './store.ts';

const tenant = tenantConfig.parse({ name: 'Riverbend Utilities', defaultTheme: 'green' });

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-gf-lang');
  document.documentElement.removeAttribute('data-gf-theme');
  vi.restoreAllMocks();
});

async function hydrateAt(path: string, signedIn: boolean) {
  const markup = await renderServerView({ path, tenant, language: 'en', signedIn });
  // The server's renderer leaves the contexts of its last task set on the shared React (harmless on
  // the server, which renders nothing in the browser's process): a render of nothing resets them.
  await prerender(<p />);
  document.documentElement.setAttribute('data-gf-lang', 'en');
  document.documentElement.setAttribute('data-gf-theme', 'green');
  const kind = signedIn ? ' data-gf-for="session"' : '';
  document.body.innerHTML = `<div id="root"><div class="gf-frame gf-frame-alt"></div><div class="gf-first-view"${kind} inert>${markup}</div></div>`;
  const container = document.getElementById('root') as HTMLElement;

  const store = createStore({
    session: { ...signedOutSession, isLoggedIn: signedIn, username: signedIn ? 'demo' : null },
  });
  store.dispatch(tenantLoaded(tenant));
  const router = createMemoryRouter(buildRoutes(guardDepsFor(store)), { initialEntries: [path] });
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 });
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(registeredNamespaceNames());

  const view = hydratableView(container, { signedIn, language: 'en', themeId: 'green' });
  if (!view) throw new Error(`no view to hydrate at ${path}`);
  keepOnly(container, view);
  // The page's frame and title (what the page draws later from its data may change after the start).
  const serverNodes = [...view.querySelectorAll('h1, main, header, footer')];
  expect(serverNodes.length).toBeGreaterThan(0);

  // The page's lazy parts hydrate as their code arrives.
  const hydrated = await hydrateAppOver(view, { store, router }, 1000);
  root = hydrated.root;
  const { errors } = hydrated;
  return { view, serverNodes, errors };
}

describe('hydrating the server’s first view', () => {
  it.each([...SERVER_RENDERED_PATHS])(
    'a visitor’s %s keeps the server’s nodes, no mismatch',
    async (path) => {
      const { view, serverNodes, errors } = await hydrateAt(path, false);
      expect(errors.map(String)).toEqual([]);
      for (const node of serverNodes) expect(view.contains(node)).toBe(true);
      expect(view.hasAttribute('inert')).toBe(false);
      expect(view.className).toBe('gf-app');
    },
  );

  it.each([...SIGNED_IN_PATHS])('a customer’s %s keeps the server’s nodes, no mismatch', async (path) => {
    const { view, serverNodes, errors } = await hydrateAt(path, true);
    expect(errors.map(String)).toEqual([]);
    for (const node of serverNodes) expect(view.contains(node)).toBe(true);
    expect(view.hasAttribute('data-gf-for')).toBe(false);
  });
});

describe('which view the app hydrates', () => {
  function shell(views: string) {
    document.documentElement.setAttribute('data-gf-lang', 'en');
    document.documentElement.setAttribute('data-gf-theme', 'green');
    document.body.innerHTML = `<div id="root"><div class="gf-frame gf-frame-alt"></div>${views}</div>`;
    return document.getElementById('root') as HTMLElement;
  }
  const both =
    '<div class="gf-first-view" inert><h1>visitor</h1></div><div class="gf-first-view" data-gf-for="session" inert><h1>customer</h1></div>';
  const visitor = { signedIn: false, language: 'en', themeId: 'green' };

  it('takes the view of the browser’s session kind', () => {
    const container = shell(both);
    expect(hydratableView(container, visitor)?.textContent).toBe('visitor');
    expect(hydratableView(container, { ...visitor, signedIn: true })?.textContent).toBe('customer');
    expect(
      hydratableView(shell(both.slice(0, both.indexOf('<div', 5))), { ...visitor, signedIn: true }),
    ).toBe(null);
  });

  it('renders afresh in another language or theme, or when the inline script turned the view off', () => {
    const container = shell(both);
    expect(hydratableView(container, { ...visitor, language: 'de' })).toBe(null);
    expect(hydratableView(container, { ...visitor, themeId: 'lubbock' })).toBe(null);
    document.documentElement.setAttribute('data-gf-preview', 'off');
    expect(hydratableView(container, visitor)).toBe(null);
    document.documentElement.removeAttribute('data-gf-preview');
    expect(hydratableView(shell('<main></main>'), visitor)).toBe(null);
  });

  it('renders afresh for a sign-up’s session before its profile (the view is nobody’s)', () => {
    const container = shell(both);
    expect(hydratableView(container, { ...visitor, pending: true })).toBe(null);
    expect(hydratableView(container, { ...visitor, pending: false })?.textContent).toBe('visitor');
  });

  it('keeps only the view, and stops the browser submitting a form itself', () => {
    const container = shell(
      '<div class="gf-first-view" inert><form><button type="submit">Send</button></form></div>',
    );
    const view = hydratableView(container, visitor) as HTMLElement;
    keepOnly(container, view);
    expect([...container.children]).toEqual([view]);
    const submit = new Event('submit', { cancelable: true, bubbles: true });
    view.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });
});
