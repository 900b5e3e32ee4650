// Redux mirror of the stored session values, so components re-render when they change, plus the
// spec's token-expired flag (point 3: "refresh tokens and token-expired flag"), which is not stored.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  forgetReadableRefreshToken,
  readSession,
  type SessionValues,
  signedOutSession,
} from './session-storage.ts';

export interface SessionState extends SessionValues {
  /** Set on a 401 while a refresh token exists: the session-expired dialog is open. */
  tokenExpired?: boolean;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => {
    // Once per store, when the portal loads: a refresh token left readable by an earlier version goes.
    // Only a stored session can have one (logout removes both cookies), and a visitor's load skips
    // the cookie read: document.cookie is a synchronous call to the browser process, measured at
    // 3-7 ms of the first task on a phone-speed load (issue 7).
    const stored = readSession();
    if (stored.isLoggedIn) forgetReadableRefreshToken();
    return { ...stored, tokenExpired: false };
  },
  reducers: {
    sessionStarted: (_state, action: PayloadAction<SessionValues>): SessionState => ({
      ...action.payload,
      tokenExpired: false,
    }),
    sessionUpdated: (state, action: PayloadAction<Partial<SessionValues>>): SessionState => ({
      ...state,
      ...action.payload,
    }),
    tokenExpiredChanged: (state, action: PayloadAction<boolean>) => {
      state.tokenExpired = action.payload;
    },
    sessionEnded: (): SessionState => ({ ...signedOutSession, tokenExpired: false }),
  },
});

export const { sessionStarted, sessionUpdated, sessionEnded, tokenExpiredChanged } = sessionSlice.actions;

export interface SessionRootState {
  session: SessionState;
}

export const selectSession = (state: SessionRootState): SessionState => state.session;
export const selectTokenExpired = (state: SessionRootState): boolean => state.session.tokenExpired === true;
