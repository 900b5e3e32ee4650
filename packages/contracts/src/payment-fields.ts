// Small payment schemas shared by the checkout, the portal's Pay my Bill and AutoPay, in a module of
// their own so that a page bundles only the schemas it uses.
import { z } from 'zod';
import { checkoutMessages, MAX_PAYMENT_CENTS } from './payment-messages.ts';

export const amountCentsField = z
  .number({ error: checkoutMessages.amount })
  .int({ error: checkoutMessages.amount })
  .min(1, { error: checkoutMessages.amount })
  .max(MAX_PAYMENT_CENTS, { error: checkoutMessages.amountTooLarge });

export const cardSourceInput = z.object({
  number: z.string().min(1).max(30),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().min(1).max(4),
});
export const bankSourceInput = z.object({
  routingNumber: z.string().min(1).max(20),
  accountNumber: z.string().min(1).max(30),
});

export const paymentTokenUrlResponse = z.object({
  /** The hosted page; the token rides in the fragment so no server log ever records it. */
  url: z.string(),
  expiresAt: z.iso.datetime(),
});
export type PaymentTokenUrlResponse = z.infer<typeof paymentTokenUrlResponse>;
