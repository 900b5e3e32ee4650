// Usage of an account's services (issue 9): the spec's usage slices, monthly and yearly, asked through
// /oracle/transactionDetails and /oracle/transactionYearDetails with a usage payload (`type: 'usage'`),
// beside the bills and payments those calls already answer. Energy is sent in whole watt-hours (what
// the meter recorded, no rounding on the way); gas, water and sewer in the unit they are billed in.
import { z } from 'zod';
import {
  transactionDetailsRequest,
  transactionDetailsResponse,
  transactionYearDetailsRequest,
  transactionYearDetailsResponse,
} from './billing.ts';
import { UTILITY_TYPES } from './constants.ts';
import { daysBetweenInclusive } from './day-count.ts';
import { usageDetailsResponse, usageYearDetailsResponse } from './usage-answers.ts';

export * from './usage-answers.ts';

const isoDate = z.iso.date({ error: 'A date is written YYYY-MM-DD' });
const accountId = z.uuid({ error: 'Account not found' });

export const USAGE_VIEWS = ['monthly', 'daily', 'interval'] as const;
export type UsageView = (typeof USAGE_VIEWS)[number];

/** Minutes per value in the interval view: hourly (a year fits) or the meter's own 15 minutes. */
export const USAGE_RESOLUTIONS = [15, 60] as const;
export type UsageResolution = (typeof USAGE_RESOLUTIONS)[number];

/** The longest range each view answers in one call, in days: keeps every answer small and fast. */
export const USAGE_MAX_DAYS: Record<UsageView, number> = { monthly: 3660, daily: 800, interval: 370 };

export const usageMessages = {
  range: 'The start date must not be after the end date',
  tooLong: 'Choose a shorter date range',
  noService: 'This account has no such service',
  notInterval: 'This service has no interval meter',
} as const;

const utilityType = z.enum(UTILITY_TYPES, { error: 'Unknown service' });

/**
 * POST /oracle/transactionDetails with a usage payload. `view`: bill periods (monthly), one value per
 * local day (daily, electricity), or each day's intervals at `resolution` minutes (interval,
 * electricity). `uploadId` shows a Green Button file the user uploaded instead of the meter's data.
 */
export const usageDetailsRequest = z
  .object({
    type: z.literal('usage'),
    accountId,
    utilityType,
    view: z.enum(USAGE_VIEWS, { error: 'Unknown usage view' }),
    from: isoDate,
    toDate: isoDate,
    resolution: z
      .union([z.literal(15), z.literal(60)], { error: 'Resolution is 15 or 60 minutes' })
      .default(60),
    uploadId: z.uuid({ error: 'Upload not found' }).optional(),
  })
  .refine((body) => body.from <= body.toDate, { message: usageMessages.range, path: ['from'] })
  .refine(
    (body) =>
      body.from > body.toDate || daysBetweenInclusive(body.from, body.toDate) <= USAGE_MAX_DAYS[body.view],
    { message: usageMessages.tooLong, path: ['toDate'] },
  );
export type UsageDetailsRequest = z.input<typeof usageDetailsRequest>;
/** The request as the server sees it, defaults applied. */
export type UsageDetailsQuery = z.output<typeof usageDetailsRequest>;

/** POST /oracle/transactionYearDetails with a usage payload: the service's years, newest first. */
export const usageYearDetailsRequest = z.object({
  type: z.literal('usage'),
  accountId,
  utilityType,
  uploadId: z.uuid({ error: 'Upload not found' }).optional(),
});
export type UsageYearDetailsRequest = z.infer<typeof usageYearDetailsRequest>;

/** The body of POST /oracle/transactionDetails: transactions (no `type`) or usage (`type: 'usage'`). */
export const transactionDetailsBody = z.discriminatedUnion('type', [
  usageDetailsRequest,
  transactionDetailsRequest,
]);
export const transactionDetailsAnswer = z.union([transactionDetailsResponse, usageDetailsResponse]);

/** The body of POST /oracle/transactionYearDetails, the same way. */
export const transactionYearDetailsBody = z.discriminatedUnion('type', [
  usageYearDetailsRequest,
  transactionYearDetailsRequest,
]);
export const transactionYearDetailsAnswer = z.union([
  transactionYearDetailsResponse,
  usageYearDetailsResponse,
]);
