// The signed-in portal's payment calls on /api/paymentus: open a hosted page for one's own account,
// and set up or cancel AutoPay. Apart from the payments host's calls (payments-api.ts), so that
// Account Information bundles only these schemas.
// The contracts (and zod with them) load beside the first call, not with Account Information.
import type { AutopayEnrollRequest, AutopayResponse } from '@gridfront/contracts/autopay';
import type { PaymentTokenUrlResponse } from '@gridfront/contracts/payment-fields';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';

const autopayContract = lazyContract(() => import('@gridfront/contracts/autopay'));
const paymentFields = lazyContract(() => import('@gridfront/contracts/payment-fields'));

export const accountPaymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    generateCustomerTokenUrl: build.mutation<
      PaymentTokenUrlResponse,
      { accountId: string; returnPath?: string }
    >({
      query: (body) => ({ url: '/paymentus/generateCustomerTokenUrl', method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await paymentFields()).paymentTokenUrlResponse.parse(raw),
    }),
    autopayEnroll: build.mutation<AutopayResponse, AutopayEnrollRequest>({
      query: (body) => ({ url: '/paymentus/autopayEnroll', method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await autopayContract()).autopayResponse.parse(raw),
      invalidatesTags: ['Account'],
    }),
    autopayCancel: build.mutation<AutopayResponse, { accountId: string }>({
      query: (body) => ({ url: '/paymentus/autopayCancel', method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await autopayContract()).autopayResponse.parse(raw),
      invalidatesTags: ['Account'],
    }),
  }),
});

export const { useGenerateCustomerTokenUrlMutation, useAutopayEnrollMutation, useAutopayCancelMutation } =
  accountPaymentsApi;
