// The calls of /admin/content and the brand images (issue 14), each answer parsed with its contract
// schema; the contract loads beside the first call. Saved channels invalidate the tenant answer, so
// the footer and Contact Us show them at once.
import type {
  AdminChannelsRequest,
  AdminContentResponse,
  AdminDocument,
  AdminImage,
  ContentKind,
  ImageSlot,
} from '@gridfront/contracts/admin-content';
import type { Language } from '@gridfront/contracts/constants';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';

const contract = lazyContract(() => import('@gridfront/contracts/admin-content'));

const contentApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminContent', 'AdminAudit', 'Tenant'] })
  .injectEndpoints({
    endpoints: (build) => ({
      adminContent: build.query<AdminContentResponse, void>({
        query: () => '/admin/content',
        transformResponse: async (raw: unknown) => (await contract()).adminContentResponse.parse(raw),
        providesTags: ['AdminContent'],
      }),
      saveAdminDocument: build.mutation<
        AdminDocument | null,
        { kind: ContentKind; language: Language; body: string }
      >({
        query: ({ kind, language, body }) => ({
          url: `/admin/content/${kind}/${language}`,
          method: 'PUT',
          body: { body },
        }),
        invalidatesTags: ['AdminContent', 'AdminAudit'],
      }),
      saveAdminChannels: build.mutation<AdminChannelsRequest, AdminChannelsRequest>({
        query: (body) => ({ url: '/admin/content/channels', method: 'PUT', body }),
        invalidatesTags: ['AdminContent', 'AdminAudit', 'Tenant'],
      }),
      uploadAdminImage: build.mutation<AdminImage, { slot: ImageSlot; bytes: ArrayBuffer }>({
        // The file's bytes as the body, as they are.
        query: ({ slot, bytes }) => ({
          url: `/admin/images/${slot}`,
          method: 'PUT',
          body: bytes,
          headers: { 'Content-Type': 'application/octet-stream' },
        }),
        invalidatesTags: ['AdminContent', 'AdminAudit'],
      }),
      removeAdminImage: build.mutation<null, ImageSlot>({
        query: (slot) => ({ url: `/admin/images/${slot}`, method: 'DELETE' }),
        invalidatesTags: ['AdminContent', 'AdminAudit'],
      }),
    }),
  });

export const {
  useAdminContentQuery,
  useSaveAdminDocumentMutation,
  useSaveAdminChannelsMutation,
  useUploadAdminImageMutation,
  useRemoveAdminImageMutation,
} = contentApi;
