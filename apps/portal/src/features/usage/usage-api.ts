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

let contract: Promise<typeof import('@gridfront/contracts/usage')> | undefined;
/**
 * The contract, asked for as the first call starts (the page has hydrated by then) rather than when
 * this module runs: its evaluation (building the zod schemas) was a long task ahead of hydration and
 * of the call itself on a phone (issue 7). It downloads while the call is under way.
 */
function loadContract(): Promise<typeof import('@gridfront/contracts/usage')> {
  contract ??= import('@gridfront/contracts/usage');
  // A failed download is tried again by the next call.
  contract.catch(() => {
    contract = undefined;
  });
  return contract;
}

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
