import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from '../lib/api/api.ts';
import { searchSlice } from '../lib/search/search-slice.ts';
import { sessionEnded, sessionSlice } from '../lib/session/session-slice.ts';
import { pageConfigSlice } from '../lib/tenant/page-config-slice.ts';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionSlice.reducer,
  pageConfig: pageConfigSlice.reducer,
  search: searchSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store; tests make their own with a chosen starting state. */
export function createStore(preloadedState?: Partial<RootState>) {
  const sessionCleanup = createListenerMiddleware();
  sessionCleanup.startListening({
    actionCreator: sessionEnded,
    // Nothing fetched for the previous user may be shown to the next one.
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(api.util.resetApiState());
    },
  });
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(sessionCleanup.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
