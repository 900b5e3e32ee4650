// Redux mirror of the stored session values, so components re-render when they change.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readSession, type SessionValues, signedOutSession } from './session-storage.ts';

export const sessionSlice = createSlice({
  name: 'session',
  initialState: readSession,
  reducers: {
    sessionStarted: (_state, action: PayloadAction<SessionValues>) => action.payload,
    sessionUpdated: (state, action: PayloadAction<Partial<SessionValues>>) => ({
      ...state,
      ...action.payload,
    }),
    sessionEnded: () => signedOutSession,
  },
});

export const { sessionStarted, sessionUpdated, sessionEnded } = sessionSlice.actions;

export interface SessionRootState {
  session: SessionValues;
}

export const selectSession = (state: SessionRootState): SessionValues => state.session;
export const selectIsLoggedIn = (state: SessionRootState): boolean => state.session.isLoggedIn;
