// AutoPay (spec point 3's Autopay entry): enroll, change and cancel. The card or bank account goes
// to the processor, which keeps it; Gridfront keeps its token and what may be shown of it.
import { z } from 'zod';
import { autopayEntry } from './billing.ts';
import { amountCentsField, bankSourceInput, cardSourceInput } from './payments.ts';

const isoDate = z.iso.date({ error: 'A date is written YYYY-MM-DD' });

/** Days before the due date that the withdrawal notice goes out. */
export const AUTOPAY_NOTICE_DAYS = 3;

export const autopayMessages = {
  enrolled: 'AutoPay is set up',
  changed: 'AutoPay has been changed',
  cancelled: 'AutoPay has been cancelled',
  notEnrolled: 'AutoPay is not set up for this account',
  startDate: 'The start date cannot be in the past',
  endDate: 'The end date must be after the start date',
  source: 'Enter the card or bank account details',
} as const;

/** POST /paymentus/autopayEnroll: sets AutoPay up, or replaces the account's current enrollment. */
export const autopayEnrollRequest = z.object({
  accountId: z.uuid({ error: 'Account not found' }),
  autoPayMethod: z.enum(['card', 'ach']),
  card: cardSourceInput.optional(),
  bank: bankSourceInput.optional(),
  /** In cents; null: no maximum. */
  autopayMaxWithdrawalAmount: amountCentsField.nullable(),
  startDate: isoDate,
  endDate: isoDate.nullable().optional(),
});
export type AutopayEnrollRequest = z.infer<typeof autopayEnrollRequest>;

export const autopayCancelRequest = z.object({ accountId: z.uuid({ error: 'Account not found' }) });

export const autopayResponse = z.object({
  message: z.string(),
  autopay: autopayEntry.nullable(),
});
export type AutopayResponse = z.infer<typeof autopayResponse>;
