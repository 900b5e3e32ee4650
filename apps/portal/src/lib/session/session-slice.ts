// Redux mirror of the stored session values, so components re-render when they change, plus the
// spec's token-expired flag (point 3: "refresh tokens and token-expired flag"), which is not stored.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readSession, type SessionValues, signedOutSession } from './session-storage.ts';

export interface SessionState extends SessionValues {
  /** Set on a 401 while a refresh token exists: the session-expired dialog is open. */
  tokenExpired?: boolean;
}

export const sessionSlice = createSlice({
  name: 'session',
  // Called whenever the reducer meets no state: Redux probes it twice when combining reducers, and
  // again each time the api's slice joins (app/store.ts), so it only reads.
  initialState: (): SessionState => ({ ...readSession(), tokenExpired: false }),
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
