// The payments host's calls (spec point 7): its tokens and the hosted checkout, and the payment
// status. Answers are parsed with their contract schemas.

import { type PaymentTokenUrlResponse, paymentTokenUrlResponse } from '@gridfront/contracts/payment-fields';
import {
  type CheckoutPayRequest,
  type CheckoutResponse,
  checkoutResponse,
  type GenerateAuthTokenRequest,
  type GenerateAuthTokenResponse,
  generateAuthTokenResponse,
  type PaymentStatus,
  paymentStatusResponse,
} from '@gridfront/contracts/payments';
import { api } from '../../lib/api/api.ts';
import { payHostUrl } from './open-checkout.ts';

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
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
    transactionStatus: build.query<PaymentStatus, { token: string }>({
      query: (body) => ({ url: '/paymentus/getTransactionStatus', method: 'POST', body }),
      transformResponse: (raw: unknown) => paymentStatusResponse.parse(raw),
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
