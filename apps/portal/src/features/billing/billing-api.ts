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

let contract: Promise<typeof import('@gridfront/contracts/billing')> | undefined;
/**
 * The contract, asked for as the first call starts (the page has hydrated by then) rather than when
 * this module runs: its evaluation (building the zod schemas) was a long task ahead of hydration and
 * of the call itself on a phone (issue 7). It downloads while the call is under way.
 */
function loadContract(): Promise<typeof import('@gridfront/contracts/billing')> {
  contract ??= import('@gridfront/contracts/billing');
  // A failed download is tried again by the next call.
  contract.catch(() => {
    contract = undefined;
  });
  return contract;
}

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserDetails: build.query<UserDetailsResponse, void>({
      query: () => {
        void loadContract();
        return '/oracle/getUserDetails';
      },
      transformResponse: async (raw: unknown) => (await loadContract()).userDetailsResponse.parse(raw),
      providesTags: ['Account'],
    }),
    getBillDetails: build.query<BillDetailsResponse, { accountId: string; billId?: string }>({
      query: (body) => {
        void loadContract();
        return { url: '/oracle/getBillDetails', method: 'POST', body };
      },
      transformResponse: async (raw: unknown) => (await loadContract()).billDetailsResponse.parse(raw),
      providesTags: ['Bills'],
    }),
    transactionDetails: build.query<TransactionDetailsResponse, TransactionDetailsRequest>({
      query: (body) => {
        void loadContract();
        return { url: '/oracle/transactionDetails', method: 'POST', body };
      },
      transformResponse: async (raw: unknown) => (await loadContract()).transactionDetailsResponse.parse(raw),
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
