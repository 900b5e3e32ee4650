import { api } from '../api/api.ts';
import { type TenantConfig, tenantConfig } from './tenant-config.ts';

export const tenantApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTenant: build.query<TenantConfig, void>({
      query: () => '/tenant',
      transformResponse: (raw: unknown) => tenantConfig.parse(raw),
      providesTags: ['Tenant'],
    }),
  }),
});

export const { useGetTenantQuery } = tenantApi;
