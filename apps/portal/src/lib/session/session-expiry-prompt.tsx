import { lazy, Suspense, useEffect } from 'react';
import { useSelector } from 'react-redux';
import { registerSessionRefresher } from '../api/session-expiry.ts';
import { askToContinueSession } from './session-refresh.ts';
import { type SessionRootState, selectTokenExpired } from './session-slice.ts';

// The dialog and its modal come as their own chunk the first time a session expires: every
// visitor's first load does without them (issue 7 budget).
const SessionExpiredDialog = lazy(() =>
  import('./session-expired-dialog.tsx').then((module) => ({ default: module.SessionExpiredDialog })),
);

/**
 * While it is mounted, a 401 with a refresh token asks the user in the session-expired dialog
 * instead of ending the session at once (spec points 4 and 8).
 */
export function SessionExpiryPrompt() {
  const open = useSelector((state: SessionRootState) => selectTokenExpired(state));
  useEffect(() => registerSessionRefresher(askToContinueSession), []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiredDialog open={open} />
    </Suspense>
  );
}
