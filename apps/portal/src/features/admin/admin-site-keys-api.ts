// The calls of the payment site keys card (issue 8), each answer parsed with its contract schema;
// the contract loads beside the first call. Making or revoking a key refreshes the list and the
// audit log.
import type {
  AdminSiteKey,
  AdminSiteKeyCreated,
  AdminSiteKeysResponse,
} from '@gridfront/contracts/admin-site-keys';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';

const contract = lazyContract(() => import('@gridfront/contracts/admin-site-keys'));

const siteKeysApi = api.enhanceEndpoints({ addTagTypes: ['AdminSiteKeys', 'AdminAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    adminSiteKeys: build.query<AdminSiteKeysResponse, void>({
      query: () => '/admin/site-keys',
      transformResponse: async (raw: unknown) => (await contract()).adminSiteKeysResponse.parse(raw),
      providesTags: ['AdminSiteKeys'],
    }),
    createSiteKey: build.mutation<AdminSiteKeyCreated, { name: string }>({
      query: (body) => ({ url: '/admin/site-keys', method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await contract()).adminSiteKeyCreated.parse(raw),
      invalidatesTags: ['AdminSiteKeys', 'AdminAudit'],
    }),
    revokeSiteKey: build.mutation<AdminSiteKey, { keyId: string }>({
      query: ({ keyId }) => ({ url: `/admin/site-keys/${keyId}/revoke`, method: 'POST' }),
      transformResponse: async (raw: unknown) => (await contract()).adminSiteKey.parse(raw),
      invalidatesTags: ['AdminSiteKeys', 'AdminAudit'],
    }),
  }),
});

export const { useAdminSiteKeysQuery, useCreateSiteKeyMutation, useRevokeSiteKeyMutation } = siteKeysApi;
