// The payments host's calls (spec point 7): its tokens and the hosted checkout, and the payment
// status. Answers are parsed with their contract schemas.

import type { PaymentTokenUrlResponse } from '@gridfront/contracts/payment-fields';
import type {
  CheckoutPayRequest,
  CheckoutResponse,
  GenerateAuthTokenRequest,
  GenerateAuthTokenResponse,
  PaymentStatus,
} from '@gridfront/contracts/payments';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';
import { payHostUrl } from './open-checkout.ts';

// The answers' schemas, and zod with them (its set-up first), load with the first call, so a page
// draws without zod and one that makes no payment call never loads it (issue 7), as auth-api's do.
const contracts = lazyContract(() =>
  Promise.all([import('@gridfront/contracts/payment-fields'), import('@gridfront/contracts/payments')]).then(
    ([fields, payments]) => ({ ...fields, ...payments }),
  ),
);

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    generateAuthToken: build.mutation<GenerateAuthTokenResponse, GenerateAuthTokenRequest>({
      query: (body) => ({ url: payHostUrl('/auth/generateAuthToken'), method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await contracts()).generateAuthTokenResponse.parse(raw),
    }),
    generatePaymentTokenUrl: build.mutation<
      PaymentTokenUrlResponse,
      { authToken: string; returnPath?: string }
    >({
      query: (body) => ({ url: payHostUrl('/payment/generatePaymentTokenUrl'), method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await contracts()).paymentTokenUrlResponse.parse(raw),
    }),
    checkout: build.query<CheckoutResponse, string>({
      query: (token) => ({ url: payHostUrl('/payment/checkout'), method: 'POST', body: { token } }),
      transformResponse: async (raw: unknown) => (await contracts()).checkoutResponse.parse(raw),
      keepUnusedDataFor: 0,
    }),
    submitPayment: build.mutation<PaymentStatus, CheckoutPayRequest>({
      query: (body) => ({ url: payHostUrl('/payment/submit'), method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await contracts()).paymentStatusResponse.parse(raw),
      // The balance and the history change with a payment.
      invalidatesTags: ['Account', 'Bills', 'Payments'],
    }),
    transactionStatus: build.query<PaymentStatus, { token: string }>({
      query: (body) => ({ url: '/paymentus/getTransactionStatus', method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await contracts()).paymentStatusResponse.parse(raw),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGenerateAuthTokenMutation,
  useGeneratePaymentTokenUrlMutation,
  useCheckoutQuery,
  useSubmitPaymentMutation,
  useTransactionStatusQuery,
} = paymentsApi;
