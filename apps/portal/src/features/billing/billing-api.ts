// The billing calls (spec point 7: /oracle/getUserDetails, getBillDetails, transactionDetails), each
// answer parsed with its contract schema so a malformed answer is an error state, never a crash.
// The contract (and zod with it) loads beside the first call, not before the page is drawn: the
// account and usage pages show answers, and zod would be much of what they download first.
import type {
  BillDetailsResponse,
  TransactionDetailsRequest,
  TransactionDetailsResponse,
  UserDetailsResponse,
} from '@gridfront/contracts/billing';
import { api } from '../../lib/api/api.ts';

const contract = import('@gridfront/contracts/billing');

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserDetails: build.query<UserDetailsResponse, void>({
      query: () => '/oracle/getUserDetails',
      transformResponse: async (raw: unknown) => (await contract).userDetailsResponse.parse(raw),
      providesTags: ['Account'],
    }),
    getBillDetails: build.query<BillDetailsResponse, { accountId: string; billId?: string }>({
      query: (body) => ({ url: '/oracle/getBillDetails', method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await contract).billDetailsResponse.parse(raw),
      providesTags: ['Bills'],
    }),
    transactionDetails: build.query<TransactionDetailsResponse, TransactionDetailsRequest>({
      query: (body) => ({ url: '/oracle/transactionDetails', method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await contract).transactionDetailsResponse.parse(raw),
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
