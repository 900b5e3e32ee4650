// The administration calls (/api/admin), each answer parsed with its contract schema; the contract
// loads beside the first call.
import type {
  AdminAuditResponse,
  AdminBrandRequest,
  AdminBrandResponse,
} from '@gridfront/contracts/admin-brand';
import { api } from '../../lib/api/api.ts';

const contract = import('@gridfront/contracts/admin-brand');

const adminApi = api.enhanceEndpoints({ addTagTypes: ['AdminBrand', 'AdminAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    adminBrand: build.query<AdminBrandResponse, void>({
      query: () => '/admin/brand',
      transformResponse: async (raw: unknown) => (await contract).adminBrandResponse.parse(raw),
      providesTags: ['AdminBrand'],
    }),
    saveAdminBrand: build.mutation<AdminBrandResponse, AdminBrandRequest>({
      query: (body) => ({ url: '/admin/brand', method: 'PUT', body }),
      transformResponse: async (raw: unknown) => (await contract).adminBrandResponse.parse(raw),
      // The tenant answer carries the new name and colours: refetch it so the portal shows them now.
      invalidatesTags: ['AdminBrand', 'AdminAudit', 'Tenant'],
    }),
    adminAudit: build.query<AdminAuditResponse, { action?: string }>({
      query: ({ action }) => ({ url: '/admin/audit', params: action ? { action } : {} }),
      transformResponse: async (raw: unknown) => (await contract).adminAuditResponse.parse(raw),
      providesTags: ['AdminAudit'],
    }),
  }),
});

export const { useAdminBrandQuery, useSaveAdminBrandMutation, useAdminAuditQuery } = adminApi;
