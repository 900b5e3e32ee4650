// The gridx calls (spec point 7): price the plans, reopen a saved result, switch plan. The contract
// (and zod with it) loads beside the first call, not before the page is drawn (see usage-api.ts).
import type {
  CompareCalculateRequest,
  CompareResult,
  SwitchPlanRequest,
  SwitchPlanResponse,
} from '@gridfront/contracts/rate-comparison';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';

const contract = lazyContract(() => import('@gridfront/contracts/rate-comparison'));

export const ratesApi = api.injectEndpoints({
  endpoints: (build) => ({
    compareCalculate: build.mutation<CompareResult, CompareCalculateRequest>({
      query: (body) => ({ url: '/gridx/compareCalculate', method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await contract()).compareResult.parse(raw),
    }),
    compareResult: build.query<CompareResult, string>({
      query: (id) => `/gridx/compareResult/${encodeURIComponent(id)}`,
      transformResponse: async (raw: unknown) => (await contract()).compareResult.parse(raw),
    }),
    switchPlan: build.mutation<SwitchPlanResponse, SwitchPlanRequest>({
      query: (body) => ({ url: '/gridx/switchPlan', method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await contract()).switchPlanResponse.parse(raw),
    }),
  }),
});

export const { useCompareCalculateMutation, useCompareResultQuery, useSwitchPlanMutation } = ratesApi;
