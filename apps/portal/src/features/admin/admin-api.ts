// The administration calls (/api/admin), each answer parsed with its contract schema; the contract
// loads beside the first call.
import type {
  AdminAuditResponse,
  AdminBrandRequest,
  AdminBrandResponse,
} from '@gridfront/contracts/admin-brand';
import type { AdminInviteRequest, AdminPerson } from '@gridfront/contracts/admin-people';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';

const contract = lazyContract(() => import('@gridfront/contracts/admin-brand'));
const peopleContract = lazyContract(() => import('@gridfront/contracts/admin-people'));

const adminApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminBrand', 'AdminAudit', 'AdminPeople'] })
  .injectEndpoints({
    endpoints: (build) => ({
      adminBrand: build.query<AdminBrandResponse, void>({
        query: () => '/admin/brand',
        transformResponse: async (raw: unknown) => (await contract()).adminBrandResponse.parse(raw),
        providesTags: ['AdminBrand'],
      }),
      saveAdminBrand: build.mutation<AdminBrandResponse, AdminBrandRequest>({
        query: (body) => ({ url: '/admin/brand', method: 'PUT', body }),
        transformResponse: async (raw: unknown) => (await contract()).adminBrandResponse.parse(raw),
        // The tenant answer carries the new name and colours: refetch it so the portal shows them now.
        invalidatesTags: ['AdminBrand', 'AdminAudit', 'Tenant'],
      }),
      adminAudit: build.query<AdminAuditResponse, { action?: string }>({
        query: ({ action }) => ({ url: '/admin/audit', params: action ? { action } : {} }),
        transformResponse: async (raw: unknown) => (await contract()).adminAuditResponse.parse(raw),
        providesTags: ['AdminAudit'],
      }),
      adminPeople: build.query<{ people: AdminPerson[] }, void>({
        query: () => '/admin/people',
        transformResponse: async (raw: unknown) => (await peopleContract()).adminPeopleResponse.parse(raw),
        providesTags: ['AdminPeople'],
      }),
      inviteAdminPerson: build.mutation<AdminPerson, AdminInviteRequest>({
        query: (body) => ({ url: '/admin/people', method: 'POST', body }),
        invalidatesTags: ['AdminPeople', 'AdminAudit'],
      }),
    }),
  });

export const {
  useAdminBrandQuery,
  useSaveAdminBrandMutation,
  useAdminAuditQuery,
  useAdminPeopleQuery,
  useInviteAdminPersonMutation,
} = adminApi;
