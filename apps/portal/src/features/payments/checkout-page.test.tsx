// The hosted checkout's first view (issue 7): the server never sees the URL's fragment, so it draws
// the page as it stands before the payment is read (the summary's and the form's places, and the
// test-mode notice of the utility's active platform); the app hydrates that view unchanged, then
// reads the token and fills the places, or says the link cannot be used.
import { waitFor } from '@testing-library/react';
import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app.tsx';
import { guardDepsFor } from '../../app/router.tsx';
import { buildRoutes } from '../../app/routes.tsx';
import { adoptView, hydratableView, keepOnly } from '../../app/server-view.ts';
import { createStore } from '../../app/store.ts';
import { render as renderServerView } from '../../entry-server.tsx';
import { i18n, registeredNamespaceNames } from '../../i18n/i18n.ts';
import { signedOutSession } from '../../lib/session/session-storage.ts';
import { tenantConfig } from '../../lib/tenant/tenant-config.ts';
import { tenantLoaded } from '../../lib/tenant/tenant-slice.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const testPlatform = { platformKey: 'gridfront', name: 'Gridfront test processor', isEnable: true };
const realPlatform = { platformKey: 'paymentus', name: 'Paymentus', isEnable: true };
const tenantWith = (platforms: (typeof testPlatform)[]) =>
  tenantConfig.parse({ name: 'Riverbend Utilities', defaultTheme: 'green', paymentPlatforms: platforms });

const TOKEN = 'k'.repeat(43);
const answer = {
  accountNumberLast4: '0078',
  amountDueCents: 12_345,
  amountCents: 12_345,
  cardFeeBasisPoints: 250,
  achFeeCents: 50,
  platformLabel: 'Gridfront test processor',
  testMode: true,
  channel: 'portal',
  returnPath: '/accountInfo',
  expiresAt: '2026-11-26T21:00:00.000Z',
  receiptEmailOnFile: null,
  payment: null,
};

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const checkoutBodies = async () =>
  Promise.all(
    fetchMock.mock.calls
      .filter(([request]) => request.url.endsWith('/payment/checkout'))
      .map(async ([request]) => (await request.clone().json()) as unknown),
  );

let root: Root | null = null;
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-gf-lang');
  document.documentElement.removeAttribute('data-gf-theme');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

async function serverView(platforms: (typeof testPlatform)[]): Promise<string> {
  const markup = await renderServerView({
    path: '/pay/checkout',
    tenant: tenantWith(platforms),
    language: 'en',
  });
  // The server's renderer leaves its last task's contexts set on the shared React: reset them.
  await prerender(<p />);
  return markup;
}

/** The lazily drawn parts of the frame that are still loading arrive inside act(), as React asks. */
const settled = () => act(() => vi.dynamicImportSettled());

/** Hydrates the server's view as main.tsx does, the browser at `url`; the errors React reports. */
async function hydrateAt(url: string, platforms: (typeof testPlatform)[]) {
  const markup = await serverView(platforms);
  document.documentElement.setAttribute('data-gf-lang', 'en');
  document.documentElement.setAttribute('data-gf-theme', 'green');
  document.body.innerHTML = `<div id="root"><div class="gf-frame gf-frame-alt"></div><div class="gf-first-view" inert>${markup}</div></div>`;
  const container = document.getElementById('root') as HTMLElement;
  const store = createStore({ session: { ...signedOutSession } });
  store.dispatch(tenantLoaded(tenantWith(platforms)));
  const router = createMemoryRouter(buildRoutes(guardDepsFor(store)), { initialEntries: [url] });
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 });
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(registeredNamespaceNames());
  const view = hydratableView(container, { signedIn: false, language: 'en', themeId: 'green' });
  if (!view) throw new Error('no view to hydrate');
  keepOnly(container, view);
  const heading = view.querySelector('h1');
  const notice = view.querySelector('aside');
  const errors: unknown[] = [];
  const sameProcess =
    /multiple renderers concurrently rendering the same context provider|<%s> is unrecognized in this browser/;
  vi.spyOn(console, 'error').mockImplementation((...args) => {
    if (!sameProcess.test(String(args[0]))) errors.push(args.map(String).join(' '));
  });
  await act(async () => {
    root = hydrateRoot(
      view,
      <StrictMode>
        <App store={store} router={router} onStart={() => adoptView(view)} />
      </StrictMode>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  return { view, heading, notice, errors };
}

describe('the checkout’s first view on the server', () => {
  it('draws the page before its payment is read, with the test-mode notice of a test platform', async () => {
    const html = await serverView([testPlatform]);
    expect(html).toMatch(/<h1[^>]*>Make a Payment<\/h1>/);
    expect(html).toContain('No real money moves.');
    expect(html).toMatch(/<p role="status">Loading your payment…<\/p>/);
    // The summary's place: its labels, no account and no amount.
    expect(html).toContain('Amount due');
    expect(html).not.toMatch(/ending \d{4}|\$\d/);
    expect(html).not.toContain('cannot be used');
  });

  it('says nothing of test mode when the utility pays through a real platform', async () => {
    const html = await serverView([realPlatform]);
    expect(html).not.toContain('Test mode');
    expect(html).toContain('Loading your payment…');
  });
});

describe('hydrating the checkout’s first view', () => {
  it('keeps the server’s nodes, reads the token from the fragment and fills the places', async () => {
    fetchMock.mockImplementation(async (request) =>
      request.url.endsWith('/payment/checkout') ? Response.json(answer) : new Response('{}', { status: 404 }),
    );
    const { view, heading, notice, errors } = await hydrateAt(`/pay/checkout#token=${TOKEN}`, [testPlatform]);
    // Testing Library's wait, not Vitest's: the page's chunk and the answer may arrive after the
    // hydration's act() on a loaded machine, and React only accepts updates outside act() while a
    // Testing Library wait is running (it would report each one as an error).
    await waitFor(() => expect(view.querySelector('[data-testid="checkout-amount-due"]')).not.toBeNull(), {
      timeout: 10_000,
    });
    await settled();
    expect(errors.map(String)).toEqual([]);
    // The page's heading and the notice are the server's nodes, not new ones.
    expect(heading && view.contains(heading)).toBe(true);
    expect(notice && view.contains(notice)).toBe(true);
    expect(await checkoutBodies()).toEqual([{ token: TOKEN }]);
    expect(view.querySelector('[data-testid="checkout-amount-due"]')?.textContent).toBe('$123.45');
    expect(view.textContent).toContain('Account ending 0078');
    expect(view.textContent).not.toContain('Loading your payment');
  });

  it('says the link cannot be used when the fragment holds no token, and asks nothing', async () => {
    fetchMock.mockImplementation(async () => new Response('{}', { status: 404 }));
    const { view, heading, errors } = await hydrateAt('/pay/checkout', [testPlatform]);
    await waitFor(() => expect(view.querySelector('[role="alert"]')).not.toBeNull(), { timeout: 10_000 });
    await settled();
    expect(errors.map(String)).toEqual([]);
    expect(heading && view.contains(heading)).toBe(true);
    expect(view.querySelector('[role="alert"] h2')?.textContent).toBe('This payment link cannot be used');
    expect(await checkoutBodies()).toEqual([]);
  });
});
