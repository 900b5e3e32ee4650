// The billing calls (spec point 7: /oracle/getUserDetails, getBillDetails, transactionDetails), each
// answer parsed with its contract schema so a malformed answer is an error state, never a crash.
import {
  type BillDetailsResponse,
  billDetailsResponse,
  type TransactionDetailsRequest,
  type TransactionDetailsResponse,
  transactionDetailsResponse,
  type UserDetailsResponse,
  userDetailsResponse,
} from '@gridfront/contracts/billing';
import { api } from '../../lib/api/api.ts';

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserDetails: build.query<UserDetailsResponse, void>({
      query: () => '/oracle/getUserDetails',
      transformResponse: (raw: unknown) => userDetailsResponse.parse(raw),
      providesTags: ['Account'],
    }),
    getBillDetails: build.query<BillDetailsResponse, { accountId: string; billId?: string }>({
      query: (body) => ({ url: '/oracle/getBillDetails', method: 'POST', body }),
      transformResponse: (raw: unknown) => billDetailsResponse.parse(raw),
      providesTags: ['Bills'],
    }),
    transactionDetails: build.query<TransactionDetailsResponse, TransactionDetailsRequest>({
      query: (body) => ({ url: '/oracle/transactionDetails', method: 'POST', body }),
      transformResponse: (raw: unknown) => transactionDetailsResponse.parse(raw),
      providesTags: ['Bills', 'Payments'],
    }),
    billPdf: build.mutation<Blob, string>({
      query: (transactionId) => ({
        url: `/oracle/billPdf/${encodeURIComponent(transactionId)}`,
        responseHandler: (response) => (response.ok ? response.blob() : response.json()),
      }),
    }),
  }),
});

export const {
  useGetUserDetailsQuery,
  useGetBillDetailsQuery,
  useTransactionDetailsQuery,
  useBillPdfMutation,
  useLazyTransactionDetailsQuery,
} = billingApi;
