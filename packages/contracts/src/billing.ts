// The billing system's calls under /oracle (spec point 7): user details, the current bill with its
// segments, and the history of bills, payments and fees. Response shapes are ours (the spec says "not
// shown"). Money is integer cents; dates are the tenant's local dates, 'YYYY-MM-DD'.
import { z } from 'zod';
import { LANGUAGES, TRANSACTION_FILTERS, TRANSACTION_PAGE_LIMIT_MAX, UTILITY_TYPES } from './constants.ts';

const isoDate = z.iso.date({ error: 'A date is written YYYY-MM-DD' });
const accountId = z.uuid({ error: 'Account not found' });
const cents = z.number().int();

export const utilityTypeSchema = z.enum(UTILITY_TYPES);

/** The spec's Autopay entry (point 3), field names exact; the maximum withdrawal in cents. */
export const autopayEntry = z.object({
  accountId: z.uuid(),
  startDate: isoDate,
  endDate: isoDate.nullable(),
  expireDate: isoDate.nullable(),
  entityName: z.string(),
  autoPayMethod: z.enum(['card', 'ach', 'check', 'cash']),
  autopaySource: z.string(),
  autopayMaxWithdrawalAmount: cents.nullable(),
});
export type AutopayEntry = z.infer<typeof autopayEntry>;

export const premiseSummary = z.object({
  premiseId: z.uuid(),
  serviceAddress: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  propertyType: z.string(),
  hasSolar: z.boolean(),
});

export const serviceSummary = z.object({
  serviceId: z.uuid(),
  premiseId: z.uuid(),
  utilityType: utilityTypeSchema,
  status: z.enum(['active', 'pending', 'stopped']),
  tariffName: z.string().nullable(),
});

export const accountSummary = z.object({
  accountId: z.uuid(),
  accountNumber: z.string(),
  holderName: z.string(),
  email: z.string(),
  phone: z.string(),
  mailingAddress: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  paperless: z.boolean(),
  /** The ledger's sum: above zero the customer owes, below zero a credit. */
  balanceCents: cents,
  premises: z.array(premiseSummary),
  services: z.array(serviceSummary),
  autopay: autopayEntry.nullable(),
});
export type AccountSummary = z.infer<typeof accountSummary>;

/** GET /oracle/getUserDetails: the signed-in user and the accounts linked to them. */
export const userDetailsResponse = z.object({
  userId: z.uuid(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  accounts: z.array(accountSummary),
});
export type UserDetailsResponse = z.infer<typeof userDetailsResponse>;

export const billLineItem = z.object({
  kind: z.string(),
  description: z.string(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  rate: z.number().nullable(),
  amountCents: cents,
});

/** The spec's bill segment: one service's part of a bill, with start and end date. */
export const billSegment = z.object({
  segmentId: z.uuid(),
  serviceId: z.uuid(),
  utilityType: utilityTypeSchema,
  startDate: isoDate,
  endDate: isoDate,
  usageQuantity: z.number(),
  usageUnit: z.string(),
  amountCents: cents,
  /** This service's share of what is still unpaid (the spec's current outstanding amount). */
  outstandingCents: cents,
  lineItems: z.array(billLineItem),
});
export type BillSegment = z.infer<typeof billSegment>;

export const billStatusSchema = z.enum(['open', 'partial', 'paid', 'void']);

export const billDetail = z.object({
  billId: z.uuid(),
  billNumber: z.string(),
  billDate: isoDate,
  dueDate: isoDate,
  periodStart: isoDate,
  periodEnd: isoDate,
  previousBalanceCents: cents,
  paymentsReceivedCents: cents,
  currentChargesCents: cents,
  amountDueCents: cents,
  status: billStatusSchema,
  segments: z.array(billSegment),
});
export type BillDetail = z.infer<typeof billDetail>;

/** A Quick Stats tile: one utility of the latest bill beside the same month a year before. */
export const quickStat = z.object({
  utilityType: utilityTypeSchema,
  usageQuantity: z.number(),
  usageUnit: z.string(),
  amountCents: cents,
  lastYearUsageQuantity: z.number().nullable(),
});
export type QuickStat = z.infer<typeof quickStat>;

/** POST /oracle/getBillDetails: one bill of an account (the latest without billId). */
export const billDetailsRequest = z.object({
  accountId,
  billId: z.uuid({ error: 'Bill not found' }).optional(),
});
export type BillDetailsRequest = z.infer<typeof billDetailsRequest>;

export const billDetailsResponse = z.object({
  accountId: z.uuid(),
  bill: billDetail.nullable(),
  quickStats: z.array(quickStat),
  /** What is owed now: the balance, never below zero. */
  outstandingCents: cents,
});
export type BillDetailsResponse = z.infer<typeof billDetailsResponse>;

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
