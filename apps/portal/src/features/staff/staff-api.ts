// The staff calls (/api/staff), each answer parsed with its contract schema; the contract loads
// beside the first call, so the staff pages draw before zod arrives.
import type {
  StaffCustomerView,
  StaffItemDetail,
  StaffItemKind,
  StaffMembersResponse,
  StaffQueuePage,
  StaffQueueQuery,
  StaffStatus,
} from '@gridfront/contracts/staff';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';

const contract = lazyContract(() => import('@gridfront/contracts/staff'));

interface ItemKey {
  kind: StaffItemKind;
  id: string;
}

const itemUrl = ({ kind, id }: ItemKey) => `/staff/items/${kind}/${encodeURIComponent(id)}`;

const staffApi = api.enhanceEndpoints({ addTagTypes: ['StaffQueue', 'StaffItem'] }).injectEndpoints({
  endpoints: (build) => ({
    staffMembers: build.query<StaffMembersResponse, void>({
      query: () => '/staff/members',
      transformResponse: async (raw: unknown) => (await contract()).staffMembersResponse.parse(raw),
    }),
    staffQueue: build.query<StaffQueuePage, StaffQueueQuery>({
      query: (params) => ({ url: '/staff/queue', params }),
      transformResponse: async (raw: unknown) => (await contract()).staffQueuePage.parse(raw),
      providesTags: ['StaffQueue'],
    }),
    staffItem: build.query<StaffItemDetail, ItemKey>({
      query: itemUrl,
      transformResponse: async (raw: unknown) => (await contract()).staffItemDetail.parse(raw),
      providesTags: (_result, _error, key) => [{ type: 'StaffItem', id: `${key.kind}:${key.id}` }],
    }),
    assignStaffItem: build.mutation<
      StaffItemDetail,
      ItemKey & { assigneeId: string | null; version: number }
    >({
      query: ({ kind, id, ...body }) => ({ url: `${itemUrl({ kind, id })}/assign`, method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await contract()).staffItemDetail.parse(raw),
      invalidatesTags: (_result, _error, key) => [
        { type: 'StaffItem', id: `${key.kind}:${key.id}` },
        'StaffQueue',
      ],
    }),
    changeStaffItemStatus: build.mutation<
      StaffItemDetail,
      ItemKey & { status: StaffStatus; version: number }
    >({
      query: ({ kind, id, ...body }) => ({ url: `${itemUrl({ kind, id })}/status`, method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await contract()).staffItemDetail.parse(raw),
      invalidatesTags: (_result, _error, key) => [
        { type: 'StaffItem', id: `${key.kind}:${key.id}` },
        'StaffQueue',
      ],
    }),
    commentStaffItem: build.mutation<StaffItemDetail, ItemKey & { body: string }>({
      query: ({ kind, id, body }) => ({
        url: `${itemUrl({ kind, id })}/comments`,
        method: 'POST',
        body: { body },
      }),
      transformResponse: async (raw: unknown) => (await contract()).staffItemDetail.parse(raw),
      invalidatesTags: (_result, _error, key) => [{ type: 'StaffItem', id: `${key.kind}:${key.id}` }],
    }),
    staffCustomer: build.query<StaffCustomerView, string>({
      query: (accountNumber) => `/staff/customers/${encodeURIComponent(accountNumber)}`,
      transformResponse: async (raw: unknown) => (await contract()).staffCustomerView.parse(raw),
      // Every look is audited: look again when the page opens again, not from the cache.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useStaffMembersQuery,
  useStaffQueueQuery,
  useStaffItemQuery,
  useAssignStaffItemMutation,
  useChangeStaffItemStatusMutation,
  useCommentStaffItemMutation,
  useStaffCustomerQuery,
} = staffApi;
