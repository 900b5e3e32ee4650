// Typed dispatch and session access for features, which may not import the app's store module.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { type SessionRootState, selectSession } from './session/session-slice.ts';
import type { SessionValues } from './session/session-storage.ts';

export const useAppDispatch = useDispatch.withTypes<ThunkDispatch<unknown, unknown, UnknownAction>>();

export function useSession(): SessionValues {
  return useSelector((state: SessionRootState) => selectSession(state));
}
