// Green Button calls: Download My Data (a file), upload of a file, the user's uploads and deleting one.
// The contract (and zod with it) loads beside the first call, not with /usage (see usage-api.ts).
import type {
  GreenButtonExportRequest,
  GreenButtonUpload,
  GreenButtonUploadsResponse,
} from '@gridfront/contracts/green-button';
import { api } from '../../../lib/api/api.ts';
import { lazyContract } from '../../../lib/api/lazy-contract.ts';

/**
 * The contract, asked for as the first call starts rather than when this module runs: this module
 * shares its chunk with the billing and usage calls, so /accountInfo and /usage evaluated zod and
 * these schemas ahead of their own first call, a long task of their first load on a phone (issue 7).
 */
const loadContract = lazyContract(() => import('@gridfront/contracts/green-button'));

const UPLOADS_TAG = { type: 'Usage' as const, id: 'green-button-uploads' };

export const greenButtonApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Answers an object URL of the file (the store keeps only serializable values); revoke it after use. */
    greenButtonExport: build.mutation<string, GreenButtonExportRequest>({
      query: (body) => ({
        url: '/usage/greenButton/export',
        method: 'POST',
        body,
        // The file on success; the error body (JSON) otherwise.
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
    greenButtonUploads: build.query<GreenButtonUploadsResponse, void>({
      query: () => {
        void loadContract();
        return '/usage/greenButton/uploads';
      },
      transformResponse: async (raw: unknown) => (await loadContract()).greenButtonUploadsResponse.parse(raw),
      providesTags: [UPLOADS_TAG],
    }),
    greenButtonUpload: build.mutation<GreenButtonUpload, { xml: string; name: string }>({
      // The file's text goes as is: the server reads raw XML, not a form.
      query: ({ xml, name }) => {
        void loadContract();
        return {
          url: `/usage/greenButton/upload?name=${encodeURIComponent(name)}`,
          method: 'POST',
          body: xml,
          headers: { 'Content-Type': 'application/xml' },
        };
      },
      transformResponse: async (raw: unknown) => (await loadContract()).greenButtonUpload.parse(raw),
      invalidatesTags: [UPLOADS_TAG],
    }),
    deleteGreenButtonUpload: build.mutation<{ deleted: true }, string>({
      query: (uploadId) => ({
        url: `/usage/greenButton/uploads/${encodeURIComponent(uploadId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: [UPLOADS_TAG],
    }),
  }),
});

export const {
  useGreenButtonExportMutation,
  useGreenButtonUploadsQuery,
  useGreenButtonUploadMutation,
  useDeleteGreenButtonUploadMutation,
} = greenButtonApi;
