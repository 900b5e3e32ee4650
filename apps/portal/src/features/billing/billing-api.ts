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

/** `value`, in a later task: the main thread gets a turn first. */
function nextTask<Value>(value: Value): Promise<Value> {
  return new Promise((resolve) => setTimeout(() => resolve(value), 0));
}

/**
 * A contract module, asked for when the first call that needs it starts (the page has hydrated by
 * then) rather than when this module runs, and kept; a failed download is tried again by the next
 * call. zod's set-up (zod-jitless.ts, with zod itself) is evaluated first, then the contract, whose
 * schemas are built as it is evaluated: two tasks, each short, instead of one long one ahead of the
 * page's first answer on a phone (issue 7). Both download while the call is under way.
 */
export function lazyContract<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let module: Promise<Module> | undefined;
  return () => {
    // A task boundary after each step: zod's evaluation, the schemas' building and the first parse
    // (in the caller's continuation) each get a task of their own.
    module ??= import('../../config/zod-jitless.ts').then(nextTask).then(load).then(nextTask);
    module.catch(() => {
      module = undefined;
    });
    return module;
  };
}

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
