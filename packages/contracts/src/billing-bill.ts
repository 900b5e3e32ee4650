// The answer of POST /oracle/getBillDetails (one bill with its segments and Quick Stats), in a module
// of its own for the same reason as billing-accounts.ts (issue 7). Re-exported by billing.ts.
import { z } from 'zod';
import { utilityTypeSchema } from './billing-accounts.ts';

const isoDate = z.iso.date({ error: 'A date is written YYYY-MM-DD' });
const cents = z.number().int();

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

export const billDetailsResponse = z.object({
  accountId: z.uuid(),
  bill: billDetail.nullable(),
  quickStats: z.array(quickStat),
  /** What is owed now: the balance, never below zero. */
  outstandingCents: cents,
});
export type BillDetailsResponse = z.infer<typeof billDetailsResponse>;
