// What a 401 on an authenticated call does (spec points 4 and 8). The session-expired dialog
// plugs its refresh flow in through registerSessionRefresher, without touching the base query.
import { SESSION_ENDED_LOGOUT_DELAY_MS } from '@gridfront/contracts/constants';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { i18n } from '../../i18n/i18n.ts';
import { logout } from '../session/session-actions.ts';
import { hasRefreshSession } from '../session/session-storage.ts';
import { notify } from '../toast/toast.ts';

/** How an attempt to keep the session ended: new tokens, a refused refresh, or the user said no. */
export type RefreshOutcome = 'renewed' | 'failed' | 'declined';

/** Tries to renew the access token; 'renewed' means the failed call may be made again. */
export type SessionRefresher = (api: Pick<BaseQueryApi, 'dispatch'>) => Promise<RefreshOutcome>;

let refresher: SessionRefresher | null = null;
let endingScheduled = false;

/** Registers the refresher; returns the function that removes it again. */
export function registerSessionRefresher(refresh: SessionRefresher | null): () => void {
  refresher = refresh;
  return () => {
    if (refresher === refresh) refresher = null;
  };
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
export async function handleUnauthorized(api: Pick<BaseQueryApi, 'dispatch'>): Promise<boolean> {
  if (hasRefreshSession() && refresher) {
    const outcome = await refresher(api);
    if (outcome === 'renewed') return true;
    endSessionAfterDelay(
      api,
      i18n.t(outcome === 'failed' ? 'messages.refreshFailed' : 'messages.sessionEnded'),
    );
    return false;
  }
  endSessionAfterDelay(api, i18n.t('messages.sessionEnded'));
  return false;
}
