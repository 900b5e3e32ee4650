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
import { lazyContract } from '../../lib/api/lazy-contract.ts';

/**
 * The usage answers' schemas alone (usage-answers.ts, not the whole usage contract with the billing
 * and request schemas it imports), asked for as the first call starts (see lazyContract).
 */
const loadContract = lazyContract(() => import('@gridfront/contracts/usage-answers'));

export const usageApi = api.injectEndpoints({
  endpoints: (build) => ({
    usageDetails: build.query<UsageDetailsResponse, Omit<UsageDetailsRequest, 'type'>>({
      query: (body) => {
        void loadContract();
        return { url: '/oracle/transactionDetails', method: 'POST', body: { type: 'usage', ...body } };
      },
      transformResponse: async (raw: unknown) => (await loadContract()).usageDetailsResponse.parse(raw),
      providesTags: ['Usage'],
    }),
    usageYears: build.query<UsageYearDetailsResponse, Omit<UsageYearDetailsRequest, 'type'>>({
      query: (body) => {
        void loadContract();
        return { url: '/oracle/transactionYearDetails', method: 'POST', body: { type: 'usage', ...body } };
      },
      transformResponse: async (raw: unknown) => (await loadContract()).usageYearDetailsResponse.parse(raw),
      providesTags: ['Usage'],
    }),
  }),
});

export const { useUsageDetailsQuery, useUsageYearsQuery } = usageApi;
