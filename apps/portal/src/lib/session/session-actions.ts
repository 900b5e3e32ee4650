// Starting and ending a session: storage, cookies, the Redux mirror and the server, in one place.
import type { LoginResponse } from '@gridfront/contracts';
import type { Dispatch } from '@reduxjs/toolkit';
import { config } from '../../config/env.ts';
import { authHeaders } from '../api/auth-headers.ts';
import { navigateTo } from '../navigation/navigate.ts';
import { sessionEnded, sessionStarted, sessionUpdated } from './session-slice.ts';
import {
  clearSession,
  readAccessToken,
  readSession,
  type SessionValues,
  sessionFromLogin,
  writeSession,
  writeTokens,
} from './session-storage.ts';

/** Stores what a login answer grants and mirrors it in Redux; returns the new session values. */
export function startSession(response: LoginResponse) {
  return (dispatch: Dispatch): SessionValues => {
    const values = sessionFromLogin(response);
    writeSession(values);
    if (values.isLoggedIn && response.accessToken) {
      writeTokens({
        accessToken: response.accessToken,
        refreshToken: response.refreshToken,
        expiresIn: response.expiresIn,
      });
    }
    dispatch(sessionStarted(values));
    return values;
  };
}

/**
 * Keeps the tokens of a verified e-mail address without setting the login flag (sign-up continues
 * at /createProfile, a guest page, with these tokens); completeSignIn sets the flag afterwards.
 */
export function startPendingSession(response: LoginResponse) {
  return (dispatch: Dispatch): SessionValues => {
    const values = { ...sessionFromLogin(response), isLoggedIn: false };
    values.sessionToken = response.accessToken ?? null;
    writeSession(values);
    if (response.accessToken) {
      writeTokens({
        accessToken: response.accessToken,
        refreshToken: response.refreshToken,
        expiresIn: response.expiresIn,
      });
    }
    dispatch(sessionStarted(values));
    return values;
  };
}

/** Changes some stored session values (login flag, user name, two-factor flag…) and their mirror. */
export function updateSession(changes: Partial<SessionValues>) {
  return (dispatch: Dispatch): SessionValues => {
    const values = { ...readSession(), ...changes };
    writeSession(values);
    dispatch(sessionUpdated(changes));
    return values;
  };
}

/** Stores the tokens of a refresh: the access token, the refresh marker and the session token value. */
export function storeRenewedTokens(tokens: { accessToken: string; refreshToken: string; expiresIn: number }) {
  return (dispatch: Dispatch): void => {
    writeTokens(tokens);
    writeSession({ ...readSession(), sessionToken: tokens.accessToken });
    dispatch(sessionUpdated({ sessionToken: tokens.accessToken }));
  };
}

/** The refresh token to revoke travels in the server's HttpOnly cookie, which this same-origin call carries. */
async function tellServer(accessToken: string | null): Promise<void> {
  try {
    await fetch(`${config.apiBase}/auth/logout`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        ...authHeaders(accessToken),
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: '{}',
    });
  } catch {
    // Best effort: the local session is gone either way, and the tokens expire on their own.
  }
}

/**
 * Logout (spec point 4): removes every stored session value, clears both token cookies, tells
 * the server (best effort, so that it can revoke the refresh token) and goes to /.
 */
export function logout() {
  return async (dispatch: Dispatch): Promise<void> => {
    const accessToken = readAccessToken();
    clearSession();
    navigateTo('/');
    dispatch(sessionEnded());
    await tellServer(accessToken);
  };
}
