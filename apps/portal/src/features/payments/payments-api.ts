// The payment calls: the portal's /paymentus calls and the payments host's tokens and checkout
// (spec point 7). Answers are parsed with their contract schemas.
import {
  type AutopayEnrollRequest,
  type AutopayResponse,
  autopayResponse,
} from '@gridfront/contracts/autopay';
import {
  type CheckoutPayRequest,
  type CheckoutResponse,
  checkoutResponse,
  type GenerateAuthTokenRequest,
  type GenerateAuthTokenResponse,
  generateAuthTokenResponse,
  type PaymentStatus,
  type PaymentTokenUrlResponse,
  paymentStatusResponse,
  paymentTokenUrlResponse,
} from '@gridfront/contracts/payments';
import { config } from '../../config/env.ts';
import { api } from '../../lib/api/api.ts';

/** A payments-host path as an absolute URL: the base query leaves absolute URLs alone. */
export function payHostUrl(path: string): string {
  return new URL(`${config.payBase}${path}`, window.location.origin).href;
}

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    generateCustomerTokenUrl: build.mutation<
      PaymentTokenUrlResponse,
      { accountId: string; returnPath?: string }
    >({
      query: (body) => ({ url: '/paymentus/generateCustomerTokenUrl', method: 'POST', body }),
      transformResponse: (raw: unknown) => paymentTokenUrlResponse.parse(raw),
    }),
    generateAuthToken: build.mutation<GenerateAuthTokenResponse, GenerateAuthTokenRequest>({
      query: (body) => ({ url: payHostUrl('/auth/generateAuthToken'), method: 'POST', body }),
      transformResponse: (raw: unknown) => generateAuthTokenResponse.parse(raw),
    }),
    generatePaymentTokenUrl: build.mutation<
      PaymentTokenUrlResponse,
      { authToken: string; returnPath?: string }
    >({
      query: (body) => ({ url: payHostUrl('/payment/generatePaymentTokenUrl'), method: 'POST', body }),
      transformResponse: (raw: unknown) => paymentTokenUrlResponse.parse(raw),
    }),
    checkout: build.query<CheckoutResponse, string>({
      query: (token) => ({ url: payHostUrl('/payment/checkout'), method: 'POST', body: { token } }),
      transformResponse: (raw: unknown) => checkoutResponse.parse(raw),
      keepUnusedDataFor: 0,
    }),
    submitPayment: build.mutation<PaymentStatus, CheckoutPayRequest>({
      query: (body) => ({ url: payHostUrl('/payment/submit'), method: 'POST', body }),
      transformResponse: (raw: unknown) => paymentStatusResponse.parse(raw),
      // The balance and the history change with a payment.
      invalidatesTags: ['Account', 'Bills', 'Payments'],
    }),
    autopayEnroll: build.mutation<AutopayResponse, AutopayEnrollRequest>({
      query: (body) => ({ url: '/paymentus/autopayEnroll', method: 'POST', body }),
      transformResponse: (raw: unknown) => autopayResponse.parse(raw),
      invalidatesTags: ['Account'],
    }),
    autopayCancel: build.mutation<AutopayResponse, { accountId: string }>({
      query: (body) => ({ url: '/paymentus/autopayCancel', method: 'POST', body }),
      transformResponse: (raw: unknown) => autopayResponse.parse(raw),
      invalidatesTags: ['Account'],
    }),
    transactionStatus: build.query<PaymentStatus, { token: string }>({
      query: (body) => ({ url: '/paymentus/getTransactionStatus', method: 'POST', body }),
      transformResponse: (raw: unknown) => paymentStatusResponse.parse(raw),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGenerateCustomerTokenUrlMutation,
  useGenerateAuthTokenMutation,
  useGeneratePaymentTokenUrlMutation,
  useCheckoutQuery,
  useSubmitPaymentMutation,
  useTransactionStatusQuery,
  useAutopayEnrollMutation,
  useAutopayCancelMutation,
} = paymentsApi;
