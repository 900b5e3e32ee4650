// Joins the RTK Query api to the store when it is first loaded (issue 7: Home draws without it):
// its reducer and middleware, the session cleanup, and the tenant's getTenant query, which mirrors
// into the tenant slice so that a change invalidating 'Tenant' (the administrators' brand colours)
// reaches every page that shows the tenant.
import type { Middleware, PayloadAction, Reducer, UnknownAction } from '@reduxjs/toolkit';
import { nextTask } from '../next-task.ts';
import { sessionEnded } from '../session/session-slice.ts';
import type { TenantConfig } from '../tenant/tenant-config.ts';
import { selectTenantState, type TenantRootState, tenantLoaded } from '../tenant/tenant-slice.ts';
import { apiConnected, connectApi } from './api-slot.ts';

/** What this module needs of the api, typed loosely so that the api's own type stays its own. */
export interface ApiParts {
  slice: { reducerPath: 'api'; reducer: Reducer };
  middleware: Middleware;
  resetApiState: () => UnknownAction;
  tenantFulfilled: (action: unknown) => action is PayloadAction<TenantConfig>;
  // Thunks of RTK Query; dispatched as they are.
  subscribeTenant: () => unknown;
  seedTenant: (config: TenantConfig) => unknown;
}

interface Store {
  dispatch: (action: never) => unknown;
  getState: () => unknown;
}

export function connectToStore(parts: ApiParts): void {
  // The stores whose getTenant query is subscribed (for as long as the page lives).
  const subscribed = new WeakSet<object>();
  const dispatch = (store: Store, action: unknown) => store.dispatch(action as never);
  const tenantOf = (store: Store) => selectTenantState(store.getState() as TenantRootState);

  /**
   * Subscribes getTenant once the plain fetch has read the tenant, starting from its answer (no
   * second request); a store that never showed the tenant has nothing to keep fresh.
   */
  function subscribeTenant(store: Store): void {
    const { config } = tenantOf(store);
    if (!config || subscribed.has(store.dispatch)) return;
    subscribed.add(store.dispatch);
    void Promise.resolve(dispatch(store, parts.seedTenant(config))).then(() =>
      dispatch(store, parts.subscribeTenant()),
    );
  }

  const bridge: Middleware = (store) => (next) => (action) => {
    const result = next(action);
    // In a task after the one joining the api to the store, which is long enough already (issue 7).
    if (apiConnected.match(action)) void nextTask().then(() => subscribeTenant(store));
    else if (sessionEnded.match(action)) {
      // Nothing fetched for the previous user may be shown to the next one.
      store.dispatch(parts.resetApiState());
      subscribed.delete(store.dispatch);
      subscribeTenant(store);
    } else if (tenantLoaded.match(action)) subscribeTenant(store);
    else if (parts.tenantFulfilled(action) && action.payload !== tenantOf(store).config)
      store.dispatch(tenantLoaded(action.payload));
    return result;
  };

  connectApi(parts.slice, parts.middleware, bridge);
}
