// Paying a bill (spec points 1, 7, 9): the payments host's single-use tokens, its hosted checkout
// page, and the payment status. Response shapes are ours (the spec says "not shown"). Money is
// integer cents; full card and bank numbers go in and never come back out.
import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { accountNumberField, captchaField, pinField } from './fields.ts';
import { messages } from './messages.ts';
import { amountCentsField, bankSourceInput, cardSourceInput } from './payment-fields.ts';
import { checkoutMessages } from './payment-messages.ts';
import { paymentSourceSchema } from './payment-source-schema.ts';

const cents = z.number().int();

/** A path inside the portal ('/accountInfo'), never '//host' or a full address. */
const returnPathField = z
  .string()
  .max(200)
  .regex(/^\/(?!\/)[A-Za-z0-9/_?=&.-]*$/, { error: checkoutMessages.returnPath });

/**
 * POST {pay}/auth/generateAuthToken: who may pay which account, for 15 minutes, once. A signed-in
 * user names one of their accounts (staff: any account of the utility); a guest (Quick Pay) gives
 * the account number, its PIN and the human check, and learns only the amount due; the utility's
 * own web site (its server) names an account by its number and sends its payment site key.
 */
/** Quick Pay's form: the account number and PIN of the bill, and the human check. */
export const quickPayRequest = z.object({
  accountNumber: accountNumberField,
  pin: pinField,
  captcha: captchaField,
});

/**
 * The utility's own web site (its server, never a browser), with its payment site key in
 * `Authorization: Bearer gfsk_…` (admin-site-keys.ts): an account of the utility by its number. A
 * PIN or a human check is no part of it, so a guest's body with a bad field still gets that field's
 * message, never this shape's.
 */
export const siteAuthTokenRequest = z.object({
  accountNumber: accountNumberField,
  amountCents: amountCentsField.optional(),
  pin: z.never().optional(),
  captcha: z.never().optional(),
});
export type SiteAuthTokenRequest = z.infer<typeof siteAuthTokenRequest>;

export const generateAuthTokenRequest = z.union([
  z.object({ accountId: z.uuid({ error: 'Account not found' }), amountCents: amountCentsField.optional() }),
  quickPayRequest.extend({ amountCents: amountCentsField.optional() }),
  siteAuthTokenRequest,
]);
export type GenerateAuthTokenRequest = z.infer<typeof generateAuthTokenRequest>;

/** The site's shape of generateAuthToken: an account number without a PIN. */
export function isSiteAuthTokenRequest(body: GenerateAuthTokenRequest): body is SiteAuthTokenRequest {
  return 'accountNumber' in body && (!('pin' in body) || body.pin === undefined);
}

export const generateAuthTokenResponse = z.object({
  authToken: z.string(),
  expiresAt: z.iso.datetime(),
  amountDueCents: cents,
  accountNumberLast4: z.string(),
});
export type GenerateAuthTokenResponse = z.infer<typeof generateAuthTokenResponse>;

/** POST {pay}/payment/generatePaymentTokenUrl: exchanges an auth token for a checkout page's URL. */
export const generatePaymentTokenUrlRequest = z.object({
  authToken: z.string().min(1).max(200),
  amountCents: amountCentsField.optional(),
  returnPath: returnPathField.optional(),
});

/** POST /paymentus/generateCustomerTokenUrl: the signed-in customer's one-step way to the page. */
export const generateCustomerTokenUrlRequest = z.object({
  accountId: z.uuid({ error: 'Account not found' }),
  amountCents: amountCentsField.optional(),
  returnPath: returnPathField.optional(),
});

export const paymentStatusResponse = z.object({
  paymentId: z.uuid(),
  status: z.enum(['pending', 'succeeded', 'failed', 'refunded']),
  amountCents: cents,
  feeCents: cents,
  totalCents: cents,
  method: z.enum(['card', 'ach', 'check', 'cash']),
  confirmationNumber: z.string(),
  /** The source in English ("Visa ending 4242"); `source` is the same as data, for any language. */
  sourceLabel: z.string(),
  /** Method, brand or bank, last four digits; null for a payment without one (a check, cash). */
  source: paymentSourceSchema.nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  accountNumberLast4: z.string(),
  /** Where the receipt was e-mailed, masked; null when none was sent. */
  receiptSentTo: z.string().nullable(),
});
export type PaymentStatus = z.infer<typeof paymentStatusResponse>;

/** POST {pay}/payment/checkout: what the hosted page shows before the payer types anything. */
export const checkoutRequest = z.object({ token: z.string().min(1).max(200) });

export const checkoutResponse = z.object({
  accountNumberLast4: z.string(),
  amountDueCents: cents,
  /** The amount the page starts with (the balance when it is positive and none was given). */
  amountCents: cents,
  cardFeeBasisPoints: z.number().int(),
  achFeeCents: cents,
  platformLabel: z.string(),
  testMode: z.boolean(),
  channel: z.enum(['portal', 'quickpay', 'autopay', 'mail', 'agent', 'site']),
  returnPath: z.string(),
  expiresAt: z.iso.datetime(),
  /** A receipt goes here unless the payer gives another address; masked for display. */
  receiptEmailOnFile: z.string().nullable(),
  /** Set once this page has taken a payment: the page then shows its status or receipt. */
  payment: paymentStatusResponse.nullable(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/** POST {pay}/payment/submit: one attempt; `attemptKey` makes a repeat of it replay, never charge. */
export const checkoutPayRequest = z.object({
  token: z.string().min(1).max(200),
  attemptKey: z
    .string()
    .regex(/^[A-Za-z0-9-]{16,64}$/, { error: 'attemptKey must be 16 to 64 letters, digits or dashes' }),
  amountCents: amountCentsField,
  method: z.enum(['card', 'ach']),
  card: cardSourceInput.optional(),
  bank: bankSourceInput.optional(),
  receiptEmail: z.email({ error: messages.validEmail }).max(254).optional(),
  /** The page's language: the receipt is written in it. */
  language: z.enum(LANGUAGES).optional(),
});
export type CheckoutPayRequest = z.infer<typeof checkoutPayRequest>;

/** POST /paymentus/getTransactionStatus: by the hosted page's token, or a signed-in user's payment id. */
export const transactionStatusRequest = z.union([
  z.object({ token: z.string().min(1).max(200) }),
  z.object({ paymentId: z.uuid({ error: checkoutMessages.paymentNotFound }) }),
]);

/** GET {pay}/payment/quickPayQr: the account number the QR code's Quick Pay link fills in. */
export const quickPayQrQuery = z.object({ account: accountNumberField });
