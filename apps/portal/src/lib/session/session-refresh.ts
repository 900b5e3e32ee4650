// The refresh half of spec points 4 and 8: a 401 with a refresh token sets the token-expired flag
// (which opens the session-expired dialog); Continue renews the tokens through
// POST /auth/refreshToken, and every call that failed meanwhile is made again.
import type { RefreshTokenResponse } from '@gridfront/contracts/auth';
import type { Dispatch } from '@reduxjs/toolkit';
import { config } from '../../config/env.ts';
import { authHeaders } from '../api/auth-headers.ts';
import type { RefreshOutcome, SessionRefresher } from '../api/session-expiry.ts';
import { storeRenewedTokens } from './session-actions.ts';
import { tokenExpiredChanged } from './session-slice.ts';

interface PendingDecision {
  promise: Promise<RefreshOutcome>;
  resolve: (outcome: RefreshOutcome) => void;
}

// One decision answers every call that failed while the dialog was open.
let pending: PendingDecision | null = null;

/** The refresher the dialog registers: opens the dialog and waits for the user's answer. */
export const askToContinueSession: SessionRefresher = (api) => {
  if (!pending) {
    let resolve: (outcome: RefreshOutcome) => void = () => {};
    const promise = new Promise<RefreshOutcome>((done) => {
      resolve = done;
    });
    pending = { promise, resolve };
    api.dispatch(tokenExpiredChanged(true));
  }
  return pending.promise;
};

function settle(dispatch: Dispatch, outcome: RefreshOutcome): RefreshOutcome {
  dispatch(tokenExpiredChanged(false));
  pending?.resolve(outcome);
  pending = null;
  return outcome;
}

/**
 * POST /auth/refreshToken with an empty body: the refresh token is the server's HttpOnly cookie
 * (path /api/auth, SameSite=Strict), which this same-origin call carries and scripts cannot read.
 */
export async function requestNewTokens(): Promise<RefreshTokenResponse | null> {
  try {
    const request = new Request(new URL(`${config.apiBase}/auth/refreshToken`, window.location.origin), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...authHeaders(null), 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
    });
    const response = await fetch(request);
    if (!response.ok) return null;
    // The schema (and zod with it) loads only when a session is renewed: issue 7's first view has no zod.
    const [{ refreshTokenResponse }] = await Promise.all([
      import('@gridfront/contracts/auth'),
      import('../../config/zod-jitless.ts'),
    ]);
    const parsed = refreshTokenResponse.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Continue in the dialog: renew the tokens, store them, and let the failed calls run again. */
export function continueSession() {
  return async (dispatch: Dispatch): Promise<RefreshOutcome> => {
    const tokens = await requestNewTokens();
    if (!tokens) return settle(dispatch, 'failed');
    storeRenewedTokens(tokens)(dispatch);
    return settle(dispatch, 'renewed');
  };
}

/** Escape in the dialog: the user does not continue, so the session ends. */
export function declineSession() {
  return (dispatch: Dispatch): RefreshOutcome => settle(dispatch, 'declined');
}
