// The billing system's calls under /oracle (spec point 7): user details, the current bill with its
// segments, and the history of bills, payments and fees. Response shapes are ours (the spec says "not
// shown"). Money is integer cents; dates are the tenant's local dates, 'YYYY-MM-DD'.
import { z } from 'zod';
import { LANGUAGES, TRANSACTION_FILTERS, TRANSACTION_PAGE_LIMIT_MAX } from './constants.ts';

const isoDate = z.iso.date({ error: 'A date is written YYYY-MM-DD' });
const accountId = z.uuid({ error: 'Account not found' });
const cents = z.number().int();

export * from './billing-accounts.ts';
export * from './billing-bill.ts';

/** POST /oracle/getBillDetails: one bill of an account (the latest without billId). */
export const billDetailsRequest = z.object({
  accountId,
  billId: z.uuid({ error: 'Bill not found' }).optional(),
});
export type BillDetailsRequest = z.infer<typeof billDetailsRequest>;

/**
 * POST /oracle/transactionDetails (spec point 7: filterType, filterDescription, from, toDate,
 * pageLimit, pageOffset). `filterDescription` is echoed, not used to filter.
 */
export const transactionDetailsRequest = z
  .object({
    /** Absent or 'transactions'; 'usage' asks for the usage slices instead (usage.ts). */
    type: z.literal('transactions').optional(),
    accountId,
    filterType: z.enum(TRANSACTION_FILTERS, { error: 'Unknown transaction filter' }).default('ALL'),
    filterDescription: z.string().max(60).optional(),
    from: isoDate.optional(),
    toDate: isoDate.optional(),
    pageLimit: z.number().int().min(1).max(TRANSACTION_PAGE_LIMIT_MAX).default(10),
    pageOffset: z.number().int().min(0).default(0),
    sortBy: z.enum(['date', 'amount']).default('date'),
    sortOrder: z.enum(['asc', 'desc']).default('desc'),
  })
  .refine((body) => !body.from || !body.toDate || body.from <= body.toDate, {
    message: 'The start date must not be after the end date',
    path: ['from'],
  });
export type TransactionDetailsRequest = z.input<typeof transactionDetailsRequest>;

export const transaction = z.object({
  /** The ledger entry's id; a bill's PDF is fetched by it. */
  transactionId: z.uuid(),
  transactionDate: isoDate,
  transactionType: z.string(),
  description: z.string(),
  /** Signed: a bill or fee adds (+), a payment subtracts (−). */
  amountCents: cents,
  billId: z.uuid().nullable(),
  billNumber: z.string().nullable(),
  /** The bill's period, so the portal can describe a bill in the reader's language. */
  periodStart: isoDate.nullable(),
  periodEnd: isoDate.nullable(),
  dueDate: isoDate.nullable(),
  paymentMethod: z.enum(['card', 'ach', 'check', 'cash']).nullable(),
  confirmationNumber: z.string().nullable(),
  paymentStatus: z.enum(['pending', 'succeeded', 'failed', 'refunded']).nullable(),
  hasPdf: z.boolean(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionDetailsResponse = z.object({
  accountId: z.uuid(),
  filterType: z.enum(TRANSACTION_FILTERS),
  filterDescription: z.string().nullable(),
  totalCount: z.number().int(),
  pageLimit: z.number().int(),
  pageOffset: z.number().int(),
  transactions: z.array(transaction),
});
export type TransactionDetailsResponse = z.infer<typeof transactionDetailsResponse>;

/** POST /oracle/transactionYearDetails: a year's totals per month (default: the latest year). */
export const transactionYearDetailsRequest = z.object({
  type: z.literal('transactions').optional(),
  accountId,
  year: z.number().int().min(1900).max(2200).optional(),
});
export type TransactionYearDetailsRequest = z.infer<typeof transactionYearDetailsRequest>;

export const transactionMonth = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  billedCents: cents,
  paidCents: cents,
  lateFeeCents: cents,
  bills: z.number().int(),
  payments: z.number().int(),
});

export const transactionYearDetailsResponse = z.object({
  accountId: z.uuid(),
  /** Every year with transactions, newest first. */
  years: z.array(z.number().int()),
  year: z.number().int(),
  months: z.array(transactionMonth),
});
export type TransactionYearDetailsResponse = z.infer<typeof transactionYearDetailsResponse>;

/** GET /oracle/billPdf/:transactionId (spec: "a PDF is fetched per transaction"). */
export const billPdfParams = z.object({ transactionId: z.string().max(64) });
/** The PDF's language; the user's own language when absent. */
export const billPdfQuery = z.object({ lang: z.enum(LANGUAGES).optional() });
