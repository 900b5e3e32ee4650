// An analytics token that has ended is not the portal session ending: the dashboard asks getToken
// for a new one and makes the refused call once more, and the user stays signed in. A 401 from
// getToken itself (the portal session is over) still ends the session.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { i18n } from '../../i18n/i18n.ts';
import { registerNavigate } from '../../lib/navigation/navigate.ts';
import { clearSession, readSession, writeSession } from '../../lib/session/session-storage.ts';
import { ToastHost } from '../../lib/toast/toast-host.tsx';
import { CHARTS_NAMESPACE } from '../usage/chart/texts.ts';
import { InsightsDashboard } from './dashboard.tsx';
import { insightsApi } from './insights-api.ts';
import { loaderFlag } from './loader-flag.ts';
import { type FakeServer, fakeServer, TOKEN, USER } from './test-server.ts';
import { INSIGHTS_NAMESPACE } from './texts.ts';

const signedIn = {
  sessionToken: 'portal.jwt.token',
  emailVerified: true,
  tfaEnabled: false,
  hasAccount: true,
  hasProfile: true,
  isLoggedIn: true,
  username: 'demo',
};

let server: FakeServer;
const navigations: string[] = [];
let unregister: () => void = () => {};

const calls = (call: string) => server.requests.filter((request) => request.call === call);
const sessionEndedText = /unable to continue your session/;

function renderDashboard() {
  writeSession(signedIn);
  const store = createStore({ session: signedIn });
  render(
    <Provider store={store}>
      <ToastHost />
      <MemoryRouter>
        <InsightsDashboard />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([INSIGHTS_NAMESPACE, CHARTS_NAMESPACE]);
});

beforeEach(() => {
  server = fakeServer();
  loaderFlag.record('fetch');
  navigations.length = 0;
  unregister = registerNavigate((path) => navigations.push(path));
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) =>
      request.url.endsWith('/auth/logout')
        ? Promise.resolve(Response.json({ message: 'Logged out' }))
        : server.handle(request),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  unregister();
  toast.dismiss();
  cleanup();
  clearSession();
});

describe('an ended analytics token', () => {
  it('is renewed once and the refused call made again with the new one; the user stays signed in', async () => {
    server.endedTokens.add(TOKEN);
    const store = renderDashboard();
    // Every call of the first view was refused with the first token and answered with the second.
    await within(await screen.findByRole('region', { name: 'Ways to save' })).findByText(
      /^Saves about \$42\.10 a year\./,
    );
    const refused = server.requests.filter((r) => r.call !== 'getToken' && r.body.token === TOKEN);
    expect(refused.length).toBeGreaterThan(0);
    for (const request of refused) {
      const again = server.requests.filter(
        (r) => r.call === request.call && r.body.token === `${TOKEN}-2` && sameBody(r.body, request.body),
      );
      expect(again, request.call).toHaveLength(1);
    }
    // However many calls were refused together, one new token served them all.
    expect(calls('getToken')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(loaderFlag.get()).toBe(false);

    // Later calls carry the new token from the start.
    const before = server.requests.length;
    await act(async () => {
      await store.dispatch(
        insightsApi.endpoints.recommendations.initiate({ userId: USER }, { forceRefetch: true }),
      );
    });
    const later = server.requests.slice(before);
    expect(later.filter((r) => r.call === 'recommendation').map((r) => [r.call, r.body.token])).toEqual([
      ['recommendation', `${TOKEN}-2`],
    ]);
    // A panel of the dashboard drawn meanwhile (on a loaded machine, its first call may come now)
    // asks with the new token too, and no token is asked for again.
    expect(later.map((r) => [r.call, r.body.token === `${TOKEN}-2`])).toEqual(
      later.map((r) => [r.call, true]),
    );

    // Not a session end: no message, no sign-out, still signed in after the spec's 2 seconds.
    await new Promise((done) => setTimeout(done, 2100));
    expect(screen.queryByText(sessionEndedText)).toBeNull();
    expect(store.getState().session.isLoggedIn).toBe(true);
    expect(readSession().isLoggedIn).toBe(true);
    expect(navigations).toEqual([]);
  });

  it('is tried only once more: a token refused again leaves the panel failed, the user signed in', async () => {
    const store = renderDashboard();
    await within(await screen.findByRole('region', { name: 'Ways to save' })).findByText(/^Saves about/);
    // From now on every analytics token is refused, the new ones too.
    const handle = server.handle;
    server.handle = async (request) => {
      const body = (await request.clone().json()) as { token?: string };
      if (!request.url.endsWith('/getToken')) server.endedTokens.add(String(body.token));
      return handle(request);
    };
    const tokens = calls('getToken').length;
    const recommendations = calls('recommendation').length;
    await act(async () => {
      await store.dispatch(
        insightsApi.endpoints.recommendations.initiate({ userId: USER }, { forceRefetch: true }),
      );
    });
    await within(await screen.findByRole('region', { name: 'Ways to save' })).findByText(/Could not load/);
    expect(loaderFlag.get()).toBe(true);
    // The first try, and one more with a renewed token.
    expect(
      calls('recommendation')
        .map((r) => r.body.token)
        .slice(recommendations),
    ).toEqual([TOKEN, `${TOKEN}-2`]);
    expect(calls('getToken').length - tokens).toBe(1);
    expect(screen.queryByText(sessionEndedText)).toBeNull();
    expect(readSession().isLoggedIn).toBe(true);
  });
});

describe('a portal session that has ended', () => {
  it('still ends the session: getToken’s 401 is the portal’s to handle', async () => {
    server.sessionEnded = true;
    const store = renderDashboard();
    expect(await screen.findByText(sessionEndedText)).toBeTruthy();
    await waitFor(() => expect(store.getState().session.isLoggedIn).toBe(false), { timeout: 3000 });
    expect(navigations).toEqual(['/']);
  });
});

function sameBody(a: Record<string, unknown>, b: Record<string, unknown>) {
  const { token: _a, ...restA } = a;
  const { token: _b, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
}
