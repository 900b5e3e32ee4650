// The usage slices (spec point 7: usage monthly and yearly through the transaction calls with a
// usage payload), each answer parsed with its contract so a malformed one is an error state. The
// contract (and zod with it) loads beside the first call rather than before the page is drawn:
// /usage has no form, and zod would be more than half of its download.
import type {
  UsageDetailsRequest,
  UsageDetailsResponse,
  UsageYearDetailsRequest,
  UsageYearDetailsResponse,
} from '@gridfront/contracts/usage';
import { api } from '../../lib/api/api.ts';

const contract = import('@gridfront/contracts/usage');

export const usageApi = api.injectEndpoints({
  endpoints: (build) => ({
    usageDetails: build.query<UsageDetailsResponse, Omit<UsageDetailsRequest, 'type'>>({
      query: (body) => ({
        url: '/oracle/transactionDetails',
        method: 'POST',
        body: { type: 'usage', ...body },
      }),
      transformResponse: async (raw: unknown) => (await contract).usageDetailsResponse.parse(raw),
      providesTags: ['Usage'],
    }),
    usageYears: build.query<UsageYearDetailsResponse, Omit<UsageYearDetailsRequest, 'type'>>({
      query: (body) => ({
        url: '/oracle/transactionYearDetails',
        method: 'POST',
        body: { type: 'usage', ...body },
      }),
      transformResponse: async (raw: unknown) => (await contract).usageYearDetailsResponse.parse(raw),
      providesTags: ['Usage'],
    }),
  }),
});

export const { useUsageDetailsQuery, useUsageYearsQuery } = usageApi;
