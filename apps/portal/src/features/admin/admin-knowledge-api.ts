// The calls of /admin/knowledge and of People's disable action (issue 14), each answer parsed with
// its contract schema; the contracts load beside the first call.
import type {
  AdminKnowledgeArticle,
  AdminKnowledgeArticleEdit,
  AdminKnowledgeArticleInput,
  AdminKnowledgeImportRequest,
  AdminKnowledgeImportResponse,
  AdminKnowledgeList,
  AdminKnowledgeQuery,
} from '@gridfront/contracts/admin-knowledge';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';

const contract = lazyContract(() => import('@gridfront/contracts/admin-knowledge'));

type Key = { language: string; slug: string };
const articleUrl = ({ language, slug }: Key) =>
  `/admin/knowledge/articles/${encodeURIComponent(language)}/${encodeURIComponent(slug)}`;

const knowledgeApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminKnowledge', 'AdminPeople', 'AdminAudit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      adminKnowledgeList: build.query<AdminKnowledgeList, AdminKnowledgeQuery>({
        query: ({ language, q }) => ({
          url: '/admin/knowledge/articles',
          params: { ...(language ? { language } : {}), ...(q ? { q } : {}) },
        }),
        transformResponse: async (raw: unknown) => (await contract()).adminKnowledgeList.parse(raw),
        providesTags: ['AdminKnowledge'],
      }),
      adminKnowledgeArticle: build.query<AdminKnowledgeArticle, Key>({
        query: articleUrl,
        transformResponse: async (raw: unknown) => (await contract()).adminKnowledgeArticle.parse(raw),
        providesTags: ['AdminKnowledge'],
      }),
      createAdminKnowledgeArticle: build.mutation<AdminKnowledgeArticle, AdminKnowledgeArticleInput>({
        query: (body) => ({ url: '/admin/knowledge/articles', method: 'POST', body }),
        transformResponse: async (raw: unknown) => (await contract()).adminKnowledgeArticle.parse(raw),
        invalidatesTags: ['AdminKnowledge', 'AdminAudit'],
      }),
      saveAdminKnowledgeArticle: build.mutation<
        AdminKnowledgeArticle,
        Key & { body: AdminKnowledgeArticleEdit }
      >({
        query: ({ body, ...key }) => ({ url: articleUrl(key), method: 'PUT', body }),
        transformResponse: async (raw: unknown) => (await contract()).adminKnowledgeArticle.parse(raw),
        invalidatesTags: ['AdminKnowledge', 'AdminAudit'],
      }),
      deleteAdminKnowledgeArticle: build.mutation<{ message: string }, Key>({
        query: (key) => ({ url: articleUrl(key), method: 'DELETE' }),
        invalidatesTags: ['AdminKnowledge', 'AdminAudit'],
      }),
      importAdminKnowledge: build.mutation<AdminKnowledgeImportResponse, AdminKnowledgeImportRequest>({
        query: (body) => ({ url: '/admin/knowledge/import', method: 'POST', body }),
        transformResponse: async (raw: unknown) => (await contract()).adminKnowledgeImportResponse.parse(raw),
        invalidatesTags: ['AdminKnowledge', 'AdminAudit'],
      }),
      setAdminPersonDisabled: build.mutation<{ message: string }, { userId: string; disabled: boolean }>({
        query: ({ userId, disabled }) => ({
          url: `/admin/people/${encodeURIComponent(userId)}/${disabled ? 'disable' : 'enable'}`,
          method: 'POST',
        }),
        invalidatesTags: ['AdminPeople', 'AdminAudit'],
      }),
    }),
  });

export const {
  useAdminKnowledgeListQuery,
  useAdminKnowledgeArticleQuery,
  useCreateAdminKnowledgeArticleMutation,
  useSaveAdminKnowledgeArticleMutation,
  useDeleteAdminKnowledgeArticleMutation,
  useImportAdminKnowledgeMutation,
  useSetAdminPersonDisabledMutation,
} = knowledgeApi;
