// The usage answers (POST /oracle/transactionDetails and transactionYearDetails with a usage
// payload), in a module of their own that needs nothing of billing.ts: the portal checks the usage
// page's answers with these schemas alone, without building the billing and request schemas with
// them (issue 7: a long task on a phone). Re-exported by usage.ts, where the names have always been.
import { z } from 'zod';
import { UTILITY_TYPES } from './constants.ts';

const isoDate = z.iso.date({ error: 'A date is written YYYY-MM-DD' });
const cents = z.number().int();
const wattHours = z.number().int();
const utilityType = z.enum(UTILITY_TYPES, { error: 'Unknown service' });

/** One bill period of a service: what was used and billed, beside the same period a year before. */
export const usagePeriod = z.object({
  /** The month the period ends in, 'YYYY-MM': what the chart labels it by. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  periodStart: isoDate,
  periodEnd: isoDate,
  /** In the service's unit (kWh, therm, gal). */
  quantity: z.number(),
  /** This service's charges on the bill; null while the period is not billed yet. */
  costCents: cents.nullable(),
  lastYearQuantity: z.number().nullable(),
  lastYearCostCents: cents.nullable(),
  /** Mean of the service area's daily mean temperatures over the period, °C. */
  averageTempC: z.number().nullable(),
  /** Electricity with solar: energy sent to the grid and produced, kWh. */
  exportQuantity: z.number().nullable(),
  generationQuantity: z.number().nullable(),
  /** Some reads of the period were estimated, or the period is not complete yet. */
  estimated: z.boolean(),
});
export type UsagePeriod = z.infer<typeof usagePeriod>;

export const usageDay = z.object({
  date: isoDate,
  importWh: wattHours,
  exportWh: wattHours,
  /** Solar production, when a production meter reads it. */
  generationWh: wattHours.nullable(),
  averageTempC: z.number().nullable(),
  /** Energy charges of the day at the tariff's rates (time of use, first tier), without fixed charges. */
  energyCostCents: cents.nullable(),
  estimated: z.boolean(),
});
export type UsageDay = z.infer<typeof usageDay>;

/** One local day's intervals: 24 hours (23 or 25 on a daylight-saving day) × 60 / resolution values. */
export const usageIntervalDay = z.object({
  date: isoDate,
  importWh: z.array(wattHours),
  exportWh: z.array(wattHours).nullable(),
  generationWh: z.array(wattHours).nullable(),
  estimated: z.boolean(),
});
export type UsageIntervalDay = z.infer<typeof usageIntervalDay>;

/**
 * The tariff's time-of-use periods for shading: `weekday`/`weekend` are 12 months × 24 local hours of
 * period numbers (URDB's schedules); `periods` names each number by its rate.
 */
export const touSchedule = z.object({
  weekday: z.array(z.array(z.number().int())),
  weekend: z.array(z.array(z.number().int())),
  periods: z.array(
    z.object({
      period: z.number().int(),
      kind: z.enum(['peak', 'mid', 'off']),
      /** First tier's energy rate, $ per kWh. */
      rate: z.number(),
    }),
  ),
});
export type TouSchedule = z.infer<typeof touSchedule>;

/** Sentences the page words in the reader's language; the server only finds the facts. */
export const usageHighlights = z.object({
  highestDay: z.object({ date: isoDate, quantity: z.number() }).nullable(),
  /** This range against the same range a year before, as a fraction (0.12 = 12 % more). */
  changeFromLastYear: z.number().nullable(),
  /** Share of the energy used in each time-of-use period (fractions summing to 1). */
  touShares: z.array(z.object({ kind: z.enum(['peak', 'mid', 'off']), share: z.number() })),
  /** What the solar production saved on the bills of the range: priced with and without it. */
  solarSavingsCents: cents.nullable(),
});
export type UsageHighlights = z.infer<typeof usageHighlights>;

const usageAnswerBase = {
  type: z.literal('usage'),
  accountId: z.uuid(),
  utilityType,
  unit: z.string(),
  /** The tenant's time zone: days and hours are its local clock. */
  timeZone: z.string(),
  from: isoDate,
  toDate: isoDate,
  hasSolar: z.boolean(),
  /** The upload shown instead of the meter, when asked for one. */
  uploadId: z.uuid().nullable(),
  tou: touSchedule.nullable(),
  highlights: usageHighlights,
};

export const usageDetailsResponse = z.discriminatedUnion('view', [
  z.object({ ...usageAnswerBase, view: z.literal('monthly'), periods: z.array(usagePeriod) }),
  z.object({ ...usageAnswerBase, view: z.literal('daily'), days: z.array(usageDay) }),
  z.object({
    ...usageAnswerBase,
    view: z.literal('interval'),
    resolution: z.union([z.literal(15), z.literal(60)]),
    intervals: z.array(usageIntervalDay),
  }),
]);
export type UsageDetailsResponse = z.infer<typeof usageDetailsResponse>;

export const usageYear = z.object({
  year: z.number().int(),
  quantity: z.number(),
  costCents: cents.nullable(),
  averageTempC: z.number().nullable(),
  exportQuantity: z.number().nullable(),
  generationQuantity: z.number().nullable(),
  /** Bill periods ending in the year; fewer than 12 for a year not complete. */
  periods: z.number().int(),
});
export type UsageYear = z.infer<typeof usageYear>;

export const usageYearDetailsResponse = z.object({
  type: z.literal('usage'),
  accountId: z.uuid(),
  utilityType,
  unit: z.string(),
  hasSolar: z.boolean(),
  uploadId: z.uuid().nullable(),
  years: z.array(usageYear),
});
export type UsageYearDetailsResponse = z.infer<typeof usageYearDetailsResponse>;
