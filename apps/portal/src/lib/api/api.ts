// The portal's one RTK Query API. Features add their endpoints with api.injectEndpoints from
// their own folders, so this file never grows with them.
// Home draws without RTK Query (issue 7): this module loads with the first page that calls the
// server through it, and joins the store then (api-slot.ts, connect-api.ts).
import { createApi } from '@reduxjs/toolkit/query/react';
import { nextTask } from '../next-task.ts';
import { type TenantConfig, tenantConfig } from '../tenant/tenant-config.ts';
import { apiBaseQuery } from './base-query.ts';
import { connectToStore } from './connect-api.ts';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: ['Tenant', 'Session', 'Account', 'Bills', 'Payments', 'Usage', 'Settings', 'PaymentPlatforms'],
  endpoints: () => ({}),
});

/** The tenant as a query too, so that a change invalidating 'Tenant' is read again (connect-api.ts). */
export const tenantApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTenant: build.query<TenantConfig, void>({
      query: () => '/tenant',
      transformResponse: (raw: unknown) => tenantConfig.parse(raw),
      providesTags: ['Tenant'],
    }),
  }),
});

// Joining the store (its reducer, middleware and the tenant's query) and evaluating the modules that
// import this one (a page's api calls and the page) wait for a task of their own: with RTK Query's
// own modules and createApi before them, they were one task of 15-20 ms of a phone-speed load's CPU
// here (issue 7). The app draws a task later still (main.tsx), so no page renders before this.
await nextTask();

connectToStore({
  slice: api,
  middleware: api.middleware,
  resetApiState: () => api.util.resetApiState(),
  tenantFulfilled: tenantApi.endpoints.getTenant.matchFulfilled,
  subscribeTenant: () => tenantApi.endpoints.getTenant.initiate(),
  seedTenant: (config) => tenantApi.util.upsertQueryData('getTenant', undefined, config),
});
