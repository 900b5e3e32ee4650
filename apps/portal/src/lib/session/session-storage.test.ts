import type { LoginResponse } from '@gridfront/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { registerNavigate } from '../navigation/navigate.ts';
import { getCookie, setCookie } from './cookies.ts';
import { logout, startSession } from './session-actions.ts';
import {
  clearSession,
  hasRefreshSession,
  REFRESH_SESSION_MARKER,
  readSession,
  SESSION_STORAGE_KEYS,
  TOKEN_COOKIES,
} from './session-storage.ts';

const loginAnswer: LoginResponse = {
  message: 'Login successful',
  tfaRequired: false,
  accessToken: 'header.payload.signature',
  refreshToken: 'opaque-refresh-token',
  expiresIn: 900,
  user: {
    username: 'demo',
    fullName: 'Dana Demo',
    emailVerified: true,
    tfaEnabled: false,
    hasAccount: true,
    hasProfile: true,
  },
};

describe('session values', () => {
  const navigations: string[] = [];
  let unregister: () => void = () => {};
  const fetchMock = vi.fn(async () => new Response('{"message":"Logged out"}', { status: 200 }));

  beforeEach(() => {
    navigations.length = 0;
    unregister = registerNavigate((path) => navigations.push(path));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    unregister();
    vi.unstubAllGlobals();
    fetchMock.mockClear();
    clearSession();
    localStorage.clear();
  });

  it('stores every session value and both token cookies at login (the refresh one as a marker), and mirrors them in Redux', () => {
    const store = createStore();
    store.dispatch(startSession(loginAnswer));

    expect(localStorage.getItem(SESSION_STORAGE_KEYS.sessionToken)).toBe('header.payload.signature');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.isLoggedIn)).toBe('true');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.emailVerified)).toBe('true');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.tfaEnabled)).toBe('false');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.hasAccount)).toBe('true');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.hasProfile)).toBe('true');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.username)).toBe('demo');
    expect(getCookie(TOKEN_COOKIES.access)).toBe('header.payload.signature');
    // The refresh token stays in the server's HttpOnly cookie; scripts only learn that it exists.
    expect(getCookie(TOKEN_COOKIES.refresh)).toBe(REFRESH_SESSION_MARKER);
    expect(document.cookie).not.toContain('opaque-refresh-token');
    expect(hasRefreshSession()).toBe(true);
    expect(store.getState().session).toEqual({ ...readSession(), tokenExpired: false });
    expect(store.getState().session.isLoggedIn).toBe(true);
  });

  it('does not sign in while a second factor is owed', () => {
    const store = createStore();
    store.dispatch(
      startSession({ ...loginAnswer, tfaRequired: true, accessToken: undefined, refreshToken: undefined }),
    );
    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.isLoggedIn)).toBe('false');
    expect(getCookie(TOKEN_COOKIES.access)).toBeNull();
    expect(hasRefreshSession()).toBe(false);
  });

  it('replaces a refresh token that an earlier version left readable with the marker when the portal loads', () => {
    setCookie(TOKEN_COOKIES.refresh, 'left-by-an-earlier-version', { expires: 30 });
    localStorage.setItem(SESSION_STORAGE_KEYS.isLoggedIn, 'true');
    createStore();
    expect(getCookie(TOKEN_COOKIES.refresh)).toBe(REFRESH_SESSION_MARKER);
    expect(document.cookie).not.toContain('left-by-an-earlier-version');
  });

  it("does not read the cookies when a visitor's portal loads", () => {
    const cookieRead = vi.spyOn(Document.prototype, 'cookie', 'get');
    try {
      const store = createStore();
      expect(store.getState().session.isLoggedIn).toBe(false);
      expect(cookieRead).not.toHaveBeenCalled();
    } finally {
      cookieRead.mockRestore();
    }
  });

  it('logout removes every stored value and both cookies, tells the server and goes to /', async () => {
    const store = createStore();
    store.dispatch(startSession(loginAnswer));
    localStorage.setItem('theme', 'blue');

    await store.dispatch(logout());

    for (const key of Object.values(SESSION_STORAGE_KEYS)) expect(localStorage.getItem(key), key).toBeNull();
    expect(localStorage.getItem('theme')).toBe('blue');
    expect(getCookie(TOKEN_COOKIES.access)).toBeNull();
    expect(getCookie(TOKEN_COOKIES.refresh)).toBeNull();
    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(navigations).toEqual(['/']);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/logout');
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toMatch(/^Basic /);
    expect(headers.get('X-Access-Token')).toBe('header.payload.signature');
    // The server revokes the refresh token of its HttpOnly cookie, which a same-origin call carries.
    expect(init.credentials).toBe('same-origin');
    expect(JSON.parse(String(init.body))).toEqual({});
  });

  it('still signs out locally when the server cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('network down'));
    const store = createStore();
    store.dispatch(startSession(loginAnswer));
    await store.dispatch(logout());
    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(readSession().isLoggedIn).toBe(false);
  });
});
