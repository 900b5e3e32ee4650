// The calls of /admin/languages (issue 14), each answer parsed with its contract schema; the contract
// loads beside the first call. A save invalidates the tenant answer too, so the language select of
// the open page offers the new list at once.
import type { AdminLanguagesRequest, AdminLanguagesResponse } from '@gridfront/contracts/admin-languages';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';

const contract = lazyContract(() => import('@gridfront/contracts/admin-languages'));
const parse = async (raw: unknown) => (await contract()).adminLanguagesResponse.parse(raw);

const languagesApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminLanguages', 'AdminAudit', 'Tenant'] })
  .injectEndpoints({
    endpoints: (build) => ({
      adminLanguages: build.query<AdminLanguagesResponse, void>({
        query: () => '/admin/languages',
        transformResponse: parse,
        providesTags: ['AdminLanguages'],
      }),
      saveAdminLanguages: build.mutation<AdminLanguagesResponse, AdminLanguagesRequest>({
        query: (body) => ({ url: '/admin/languages', method: 'PUT', body }),
        transformResponse: parse,
        invalidatesTags: ['AdminLanguages', 'AdminAudit', 'Tenant'],
      }),
    }),
  });

export const { useAdminLanguagesQuery, useSaveAdminLanguagesMutation } = languagesApi;
