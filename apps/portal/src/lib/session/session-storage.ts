// The browser-stored session values of spec point 3: six values in localStorage and the two
// token cookies. Reducers never touch storage; these functions do, and the slice mirrors them.
// The refresh token itself lives only in the server's HttpOnly cookie (path /api/auth): the
// script-readable `refreshToken` cookie holds a marker saying that such a session exists, so that
// an injected script can read neither a long-lived secret nor send it elsewhere.
import type { LoginResponse } from '@gridfront/contracts';
import { getCookie, removeCookie, setCookie } from './cookies.ts';

export const SESSION_STORAGE_KEYS = {
  sessionToken: 'token',
  emailVerified: 'isEmailVerified',
  tfaEnabled: 'isTfaEnabled',
  hasAccount: 'isAccount',
  hasProfile: 'isProfile',
  isLoggedIn: 'isLogin',
  username: 'userName',
} as const;

export const TOKEN_COOKIES = { access: 'accessToken', refresh: 'refreshToken' } as const;

/** The refresh marker only has to outlive the access token; the server decides whether the session is still good. */
const REFRESH_COOKIE_DAYS = 30;

/** The value of the script-readable `refreshToken` cookie: never a token, only "the HttpOnly cookie exists". */
export const REFRESH_SESSION_MARKER = 'httpOnly';

export interface SessionValues {
  sessionToken: string | null;
  emailVerified: boolean;
  tfaEnabled: boolean;
  hasAccount: boolean;
  hasProfile: boolean;
  isLoggedIn: boolean;
  username: string | null;
}

export const signedOutSession: SessionValues = {
  sessionToken: null,
  emailVerified: false,
  tfaEnabled: false,
  hasAccount: false,
  hasProfile: false,
  isLoggedIn: false,
  username: null,
};

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const flag = (value: string | null): boolean => value === 'true';

export function readSession(): SessionValues {
  const store = storage();
  if (!store) return signedOutSession;
  const get = (key: keyof typeof SESSION_STORAGE_KEYS) => store.getItem(SESSION_STORAGE_KEYS[key]);
  return {
    sessionToken: get('sessionToken'),
    emailVerified: flag(get('emailVerified')),
    tfaEnabled: flag(get('tfaEnabled')),
    hasAccount: flag(get('hasAccount')),
    hasProfile: flag(get('hasProfile')),
    isLoggedIn: flag(get('isLoggedIn')),
    username: get('username'),
  };
}

export function writeSession(values: SessionValues): void {
  const store = storage();
  if (!store) return;
  for (const [field, key] of Object.entries(SESSION_STORAGE_KEYS) as [keyof SessionValues, string][]) {
    const value = values[field];
    if (value === null) store.removeItem(key);
    else store.setItem(key, String(value));
  }
}

export interface SessionTokens {
  accessToken: string;
  /** Whether the answer opened a refresh session (the token itself stays in the HttpOnly cookie). */
  refreshToken?: string | undefined;
  /** Seconds until the access token expires. */
  expiresIn?: number | undefined;
}

export function writeTokens(tokens: SessionTokens): void {
  const accessExpiry = tokens.expiresIn === undefined ? undefined : tokens.expiresIn / 86_400;
  setCookie(TOKEN_COOKIES.access, tokens.accessToken, { expires: accessExpiry });
  if (tokens.refreshToken)
    setCookie(TOKEN_COOKIES.refresh, REFRESH_SESSION_MARKER, { expires: REFRESH_COOKIE_DAYS });
}

/** The session a login answer opens; signed out when a second factor is still owed. */
export function sessionFromLogin(response: LoginResponse): SessionValues {
  const { user } = response;
  const signedIn = !response.tfaRequired && Boolean(response.accessToken);
  return {
    sessionToken: signedIn ? (response.accessToken ?? null) : null,
    emailVerified: user.emailVerified,
    tfaEnabled: user.tfaEnabled,
    hasAccount: user.hasAccount,
    hasProfile: user.hasProfile,
    isLoggedIn: signedIn,
    username: user.username,
  };
}

export function readAccessToken(): string | null {
  return getCookie(TOKEN_COOKIES.access) ?? storage()?.getItem(SESSION_STORAGE_KEYS.sessionToken) ?? null;
}

/** Whether a refresh session exists (spec point 4: "if a refresh token exists"). */
export function hasRefreshSession(): boolean {
  return getCookie(TOKEN_COOKIES.refresh) !== null;
}

/**
 * Earlier versions kept the refresh token itself in the script-readable cookie; the server's
 * HttpOnly cookie holds it too, so the readable copy is replaced by the marker.
 */
export function forgetReadableRefreshToken(): void {
  const value = getCookie(TOKEN_COOKIES.refresh);
  if (value !== null && value !== REFRESH_SESSION_MARKER)
    setCookie(TOKEN_COOKIES.refresh, REFRESH_SESSION_MARKER, { expires: REFRESH_COOKIE_DAYS });
}

/** Removes every stored session value and both token cookies. */
export function clearSession(): void {
  const store = storage();
  for (const key of Object.values(SESSION_STORAGE_KEYS)) store?.removeItem(key);
  removeCookie(TOKEN_COOKIES.access);
  removeCookie(TOKEN_COOKIES.refresh);
}
