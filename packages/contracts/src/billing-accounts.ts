// The billing answers of the signed-in user's accounts (GET /oracle/getUserDetails), in a module of
// their own so that the portal builds only these schemas to check that answer, the first its account
// pages show, not every billing schema at once (issue 7: building them all was a long task on a
// phone). Re-exported by billing.ts, where the names have always been.
import { z } from 'zod';
import { UTILITY_TYPES } from './constants.ts';
import { paymentSourceSchema } from './payment-source-schema.ts';

const isoDate = z.iso.date({ error: 'A date is written YYYY-MM-DD' });
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
  /** The saved source in English ("Visa ending 4242"); `source` is the same as data, for any language. */
  autopaySource: z.string(),
  autopayMaxWithdrawalAmount: cents.nullable(),
  source: paymentSourceSchema,
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
