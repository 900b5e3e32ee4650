import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { api } from '../lib/api/api.ts';
import { lazyMiddleware, registerSliceInjector, trackStore } from '../lib/api/api-slot.ts';
import { searchSlice } from '../lib/search/search-slice.ts';
import { sessionSlice } from '../lib/session/session-slice.ts';
import { forgetReadableRefreshToken } from '../lib/session/session-storage.ts';
import { pageConfigSlice } from '../lib/tenant/page-config-slice.ts';
import { tenantSlice } from '../lib/tenant/tenant-slice.ts';

// Home draws without RTK Query (issue 7): the api slice and its middleware join the store when the
// first module that calls the server through it is loaded (lib/api/api-slot.ts); until then the
// tenant is read by a plain fetch (lib/tenant/tenant-slice.ts).
const rootReducer = combineSlices(
  sessionSlice,
  pageConfigSlice,
  searchSlice,
  tenantSlice,
).withLazyLoadedSlices<{
  api: ReturnType<typeof api.reducer>;
}>();
registerSliceInjector((slice) => rootReducer.inject(slice));

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store; tests make their own with a chosen starting state. */
export function createStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(lazyMiddleware.middleware),
  });
  trackStore(store);
  // Once per store, when the portal loads: a refresh token left readable by an earlier version goes.
  // Only a stored session can have one (logout removes both cookies), and a visitor's load skips
  // the cookie read: document.cookie is a synchronous call to the browser process, 3-7 ms of the
  // first task on a phone-speed load (issue 7).
  if (store.getState().session.isLoggedIn) forgetReadableRefreshToken();
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
