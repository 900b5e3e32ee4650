// AutoPay (spec point 3's Autopay entry): enroll, change and cancel. The card or bank account goes
// to the processor, which keeps it; Gridfront keeps its token and what may be shown of it.
import { z } from 'zod';
import { autopayEntry } from './billing.ts';
import { amountCentsField, bankSourceInput, cardSourceInput } from './payment-fields.ts';

const isoDate = z.iso.date({ error: 'A date is written YYYY-MM-DD' });

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
