// Where the RTK Query api joins the store (issue 7: Home draws without it). No import of the api
// here: the store registers how its reducer takes a slice, api.ts connects once it is loaded, and
// every store, made before or after, is told by an apiConnected action.
import { createAction, createDynamicMiddleware, type Middleware, type Reducer } from '@reduxjs/toolkit';

/** Dispatched to a store once the api is part of it. */
export const apiConnected = createAction('app/apiConnected');

/** In every store's middleware; the api's middleware is added to it when the api connects. */
export const lazyMiddleware = createDynamicMiddleware();

interface ApiSlice {
  reducerPath: 'api';
  reducer: Reducer;
}

type Store = { dispatch: (action: ReturnType<typeof apiConnected>) => unknown };

let injectSlice: ((slice: ApiSlice) => void) | null = null;
let connected = false;
/** The api's slice, once connected (a module may load the api before the store module). */
let connectedSlice: ApiSlice | null = null;
const stores = new Set<Store>();

/** The store module says how a slice is added to its reducer. */
export function registerSliceInjector(inject: (slice: ApiSlice) => void): void {
  injectSlice = inject;
  if (connectedSlice) inject(connectedSlice);
}

/** Each new store: told at once when the api is connected already. */
export function trackStore(store: Store): void {
  stores.add(store);
  if (connected) store.dispatch(apiConnected());
}

/** Adds the api's reducer and middleware to every store, those made already and those to come. */
export function connectApi(slice: ApiSlice, ...middleware: Middleware[]): void {
  if (connected) return;
  connected = true;
  connectedSlice = slice;
  injectSlice?.(slice);
  lazyMiddleware.addMiddleware(...middleware);
  for (const store of stores) store.dispatch(apiConnected());
}
