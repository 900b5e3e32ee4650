// The portal's one RTK Query API. Features add their endpoints with api.injectEndpoints from
// their own folders, so this file never grows with them.
import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from './base-query.ts';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: ['Tenant', 'Session', 'Account', 'Bills', 'Payments', 'Usage', 'Settings', 'PaymentPlatforms'],
  endpoints: () => ({}),
});
