// What a 401 on an authenticated call does (spec points 4 and 8). The token refresh is a later
// issue: it plugs in through registerSessionRefresher without touching the base query.
import { SESSION_ENDED_LOGOUT_DELAY_MS } from '@gridfront/contracts';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { i18n } from '../../i18n/i18n.ts';
import { logout } from '../session/session-actions.ts';
import { readRefreshToken } from '../session/session-storage.ts';
import { notify } from '../toast/toast.ts';

/** Tries to renew the access token; resolves true when the failed call may be retried. */
export type SessionRefresher = (api: BaseQueryApi) => Promise<boolean>;

let refresher: SessionRefresher | null = null;
let endingScheduled = false;

export function registerSessionRefresher(refresh: SessionRefresher | null): void {
  refresher = refresh;
}

/** Toasts the message once and logs out after the spec's 2 seconds, however many calls failed. */
export function endSessionAfterDelay(api: Pick<BaseQueryApi, 'dispatch'>, message: string): void {
  if (endingScheduled) return;
  endingScheduled = true;
  notify.error(message);
  setTimeout(() => {
    endingScheduled = false;
    void api.dispatch(logout());
  }, SESSION_ENDED_LOGOUT_DELAY_MS);
}

/** Returns true when the session was renewed and the call should be made again. */
export async function handleUnauthorized(api: BaseQueryApi): Promise<boolean> {
  if (readRefreshToken() && refresher) {
    if (await refresher(api)) return true;
    endSessionAfterDelay(api, i18n.t('messages.refreshFailed'));
    return false;
  }
  endSessionAfterDelay(api, i18n.t('messages.sessionEnded'));
  return false;
}
