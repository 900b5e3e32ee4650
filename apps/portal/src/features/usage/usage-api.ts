// The usage slices (spec point 7: usage monthly and yearly through the transaction calls with a
// usage payload), each answer parsed with its contract so a malformed one is an error state.
import {
  type UsageDetailsRequest,
  type UsageDetailsResponse,
  type UsageYearDetailsRequest,
  type UsageYearDetailsResponse,
  usageDetailsResponse,
  usageYearDetailsResponse,
} from '@gridfront/contracts/usage';
import { api } from '../../lib/api/api.ts';

export const usageApi = api.injectEndpoints({
  endpoints: (build) => ({
    usageDetails: build.query<UsageDetailsResponse, Omit<UsageDetailsRequest, 'type'>>({
      query: (body) => ({
        url: '/oracle/transactionDetails',
        method: 'POST',
        body: { type: 'usage', ...body },
      }),
      transformResponse: (raw: unknown) => usageDetailsResponse.parse(raw),
      providesTags: ['Usage'],
    }),
    usageYears: build.query<UsageYearDetailsResponse, Omit<UsageYearDetailsRequest, 'type'>>({
      query: (body) => ({
        url: '/oracle/transactionYearDetails',
        method: 'POST',
        body: { type: 'usage', ...body },
      }),
      transformResponse: (raw: unknown) => usageYearDetailsResponse.parse(raw),
      providesTags: ['Usage'],
    }),
  }),
});

export const { useUsageDetailsQuery, useUsageYearsQuery } = usageApi;
