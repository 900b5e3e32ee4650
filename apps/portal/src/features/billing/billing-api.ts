// The billing calls (spec point 7: /oracle/getUserDetails, getBillDetails, transactionDetails), each
// answer parsed with its contract schema so a malformed answer is an error state, never a crash.
// The contracts (and zod with them) load beside the first call, not before the page is drawn: the
// account and usage pages show answers, and zod would be much of what they download first.
import type {
  BillDetailsResponse,
  TransactionDetailsRequest,
  TransactionDetailsResponse,
  UserDetailsResponse,
} from '@gridfront/contracts/billing';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';

// Each answer's schemas in a module of their own: the account pages' first answers (the accounts,
// then the bill) are checked without building every billing schema up front; the history's
// schemas (with the rest of the billing contract) come with the history, below the first view.
const accountsContract = lazyContract(() => import('@gridfront/contracts/billing-accounts'));
const billContract = lazyContract(() => import('@gridfront/contracts/billing-bill'));
const transactionsContract = lazyContract(() => import('@gridfront/contracts/billing'));

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserDetails: build.query<UserDetailsResponse, void>({
      query: () => {
        void accountsContract();
        return '/oracle/getUserDetails';
      },
      transformResponse: async (raw: unknown) => (await accountsContract()).userDetailsResponse.parse(raw),
      providesTags: ['Account'],
    }),
    getBillDetails: build.query<BillDetailsResponse, { accountId: string; billId?: string }>({
      query: (body) => {
        void billContract();
        return { url: '/oracle/getBillDetails', method: 'POST', body };
      },
      transformResponse: async (raw: unknown) => (await billContract()).billDetailsResponse.parse(raw),
      providesTags: ['Bills'],
    }),
    transactionDetails: build.query<TransactionDetailsResponse, TransactionDetailsRequest>({
      query: (body) => {
        void transactionsContract();
        return { url: '/oracle/transactionDetails', method: 'POST', body };
      },
      transformResponse: async (raw: unknown) =>
        (await transactionsContract()).transactionDetailsResponse.parse(raw),
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
