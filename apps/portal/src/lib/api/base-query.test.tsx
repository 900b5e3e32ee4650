import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { registerNavigate } from '../navigation/navigate.ts';
import { getCookie, setCookie } from '../session/cookies.ts';
import { SessionExpiredDialog } from '../session/session-expired-dialog.tsx';
import {
  clearSession,
  REFRESH_SESSION_MARKER,
  readSession,
  writeSession,
} from '../session/session-storage.ts';
import { ToastHost } from '../toast/toast-host.tsx';
import { api } from './api.ts';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probeUsername: build.query<{ username: string }, void>({ query: () => '/settings/getUsername' }),
    probeLogin: build.mutation<unknown, { username: string; password: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
  }),
});

const unauthorized = () =>
  new Response(
    JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'Invalid username or password' }),
    {
      status: 401,
      headers: { 'content-type': 'application/json' },
    },
  );

const signedIn = {
  sessionToken: 'expired.jwt.token',
  emailVerified: true,
  tfaEnabled: false,
  hasAccount: true,
  hasProfile: true,
  isLoggedIn: true,
  username: 'demo',
};

describe('apiBaseQuery', () => {
  const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  const navigations: string[] = [];
  let unregister: () => void = () => {};

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    unregister = registerNavigate((path) => navigations.push(path));
    navigations.length = 0;
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    unregister();
    toast.dismiss();
    cleanup();
    clearSession();
  });

  it('sends JSON with the Basic client credential and the access token', async () => {
    fetchMock.mockResolvedValue(Response.json({ username: 'demo' }));
    writeSession(signedIn);
    const store = createStore({ session: signedIn });
    const result = await store.dispatch(probeApi.endpoints.probeUsername.initiate());
    expect(result.data).toEqual({ username: 'demo' });
    const request = fetchMock.mock.calls[0]?.[0];
    expect(request?.url).toBe('http://localhost:3000/api/settings/getUsername');
    expect(request?.headers.get('Authorization')).toBe(
      `Basic ${btoa('gridfront-demo-portal:demo-portal-public-credential')}`,
    );
    expect(request?.headers.get('X-Access-Token')).toBe('expired.jwt.token');
    expect(request?.headers.get('Accept')).toBe('application/json');
  });

  it('ends the session on a 401 without a refresh token: toast, then logout after 2 seconds', async () => {
    fetchMock.mockImplementation(async (request) =>
      request.url.endsWith('/auth/logout') ? Response.json({ message: 'Logged out' }) : unauthorized(),
    );
    writeSession(signedIn);
    const store = createStore({ session: signedIn });
    render(<ToastHost />);

    await act(() => store.dispatch(probeApi.endpoints.probeUsername.initiate()));
    expect(
      await screen.findByText('Sorry, unable to continue your session. Please login again.'),
    ).toBeTruthy();
    expect(store.getState().session.isLoggedIn).toBe(true);

    await waitFor(() => expect(store.getState().session.isLoggedIn).toBe(false), { timeout: 3000 });
    expect(readSession().isLoggedIn).toBe(false);
    expect(navigations).toEqual(['/']);
  });

  it('leaves the session alone on a 401 from the login call', async () => {
    fetchMock.mockImplementation(async () => unauthorized());
    const store = createStore();
    render(<ToastHost />);
    const result = await store.dispatch(
      probeApi.endpoints.probeLogin.initiate({ username: 'demo', password: 'Wrong@12345' }),
    );
    expect(result.error).toMatchObject({ status: 401, data: { message: 'Invalid username or password' } });
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.queryByText(/unable to continue your session/)).toBeNull();
  });
});

describe('session-expired dialog (spec points 4 and 8)', () => {
  const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  const navigations: string[] = [];
  let unregister: () => void = () => {};

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    unregister = registerNavigate((path) => navigations.push(path));
    navigations.length = 0;
    writeSession(signedIn);
    // The refresh token itself is in the server's HttpOnly cookie; scripts see the marker.
    setCookie('refreshToken', REFRESH_SESSION_MARKER);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    unregister();
    toast.dismiss();
    cleanup();
    clearSession();
  });

  function renderWithDialog() {
    const store = createStore({ session: signedIn });
    render(
      <Provider store={store}>
        <ToastHost />
        <SessionExpiredDialog />
      </Provider>,
    );
    return store;
  }

  it('on a 401 asks to continue, refreshes with the HttpOnly cookie, stores the tokens and retries', async () => {
    const refreshBodies: unknown[] = [];
    const refreshCredentials: string[] = [];
    fetchMock.mockImplementation(async (request) => {
      if (request.url.endsWith('/auth/refreshToken')) {
        refreshBodies.push(await request.json());
        refreshCredentials.push(request.credentials);
        return Response.json({
          message: 'Session refreshed',
          accessToken: 'new.jwt.token',
          refreshToken: 'new-refresh-token',
          expiresIn: 900,
        });
      }
      return request.headers.get('X-Access-Token') === 'new.jwt.token'
        ? Response.json({ username: 'demo' })
        : unauthorized();
    });
    const store = renderWithDialog();

    const pending = store.dispatch(probeApi.endpoints.probeUsername.initiate());
    const dialog = await screen.findByRole('dialog', { name: 'Session Expired' });
    expect(dialog.textContent).toContain('Your session has expired. Do you want to continue?');
    expect(store.getState().session.tokenExpired).toBe(true);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    const result = await pending;
    expect(result.data).toEqual({ username: 'demo' });
    // No token in the body: the browser sends the HttpOnly cookie with this same-origin call.
    expect(refreshBodies).toEqual([{}]);
    expect(refreshCredentials).toEqual(['same-origin']);
    expect(readSession().sessionToken).toBe('new.jwt.token');
    // The new refresh token of the answer is not kept where scripts can read it.
    expect(getCookie('refreshToken')).toBe(REFRESH_SESSION_MARKER);
    expect(document.cookie).not.toContain('new-refresh-token');
    expect(store.getState().session.tokenExpired).toBe(false);
    expect(store.getState().session.isLoggedIn).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the failure message and logs out when the refresh fails', async () => {
    fetchMock.mockImplementation(async (request) => {
      if (request.url.endsWith('/auth/logout')) return Response.json({ message: 'Logged out' });
      if (request.url.endsWith('/auth/refreshToken')) {
        return Response.json(
          { statusCode: 401, error: 'Unauthorized', message: 'Sorry, unable to continue your session' },
          { status: 401 },
        );
      }
      return unauthorized();
    });
    const store = renderWithDialog();

    const pending = store.dispatch(probeApi.endpoints.probeUsername.initiate());
    await screen.findByRole('dialog', { name: 'Session Expired' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    const result = await pending;
    expect(result.error).toMatchObject({ status: 401 });
    expect(await screen.findByText('Sorry, unable to continue your session')).toBeTruthy();
    await waitFor(() => expect(store.getState().session.isLoggedIn).toBe(false), { timeout: 3000 });
    expect(readSession().isLoggedIn).toBe(false);
    expect(navigations).toEqual(['/']);
  });

  it('Escape declines: the session ends with the session-ended message', async () => {
    fetchMock.mockImplementation(async (request) =>
      request.url.endsWith('/auth/logout') ? Response.json({ message: 'Logged out' }) : unauthorized(),
    );
    const store = renderWithDialog();
    const pending = store.dispatch(probeApi.endpoints.probeUsername.initiate());
    const dialog = await screen.findByRole('dialog', { name: 'Session Expired' });
    await act(async () => {
      fireEvent(dialog, new Event('cancel', { cancelable: true }));
    });
    await pending;
    expect(
      await screen.findByText('Sorry, unable to continue your session. Please login again.'),
    ).toBeTruthy();
    const refreshCalls = fetchMock.mock.calls.filter(([request]) =>
      request.url.endsWith('/auth/refreshToken'),
    );
    expect(refreshCalls).toEqual([]);
    await waitFor(() => expect(store.getState().session.isLoggedIn).toBe(false), { timeout: 3000 });
  });
});
