// Rate comparison (issue 13, the spec's gridx side area): POST /gridx/compareCalculate prices the
// last 12 months of a customer's own interval data under every plan the utility offers them, with
// optional what-ifs, and saves the result; GET /gridx/compareResult/{id} reopens it for the same
// user. POST /gridx/switchPlan files "switch to this plan" as a service request for the staff.
import { z } from 'zod';
import { idempotencyKeyField } from './contact.ts';
import { BATTERY_MODES, rateComparisonMessages, WHAT_IF_LIMITS } from './rate-comparison-basics.ts';

export { BATTERY_MODES, rateComparisonMessages, WHAT_IF_LIMITS } from './rate-comparison-basics.ts';

const isoDate = z.iso.date();
const month = z.string().regex(/^\d{4}-\d{2}$/);
const cents = z.number().int();

const between = (bounds: { min: number; max: number }, message: string) =>
  z.number({ error: message }).min(bounds.min, { error: message }).max(bounds.max, { error: message });
const hour = z.number().int().min(0, { error: 'Hours are 0–23' }).max(23, { error: 'Hours are 0–23' });

export const evWhatIf = z.object({
  milesPerYear: between(WHAT_IF_LIMITS.evMilesPerYear, 'Miles a year are 500–60,000'),
  kwhPerMile: between(WHAT_IF_LIMITS.evKwhPerMile, 'kWh per mile is 0.15–0.6').optional(),
  chargerKw: between(WHAT_IF_LIMITS.evChargerKw, 'Charger power is 1.4–19.2 kW').optional(),
  startHour: hour.optional(),
  endHour: hour.optional(),
});
export const solarWhatIf = z.object({
  kw: between(WHAT_IF_LIMITS.solarKw, 'System size is 0.5–25 kW'),
  tiltDeg: z.number().min(0, { error: 'Tilt is 0–90°' }).max(90, { error: 'Tilt is 0–90°' }).optional(),
  azimuthDeg: z
    .number()
    .min(0, { error: 'Azimuth is 0–360°' })
    .max(360, { error: 'Azimuth is 0–360°' })
    .optional(),
});
export const batteryWhatIf = z.object({
  kwh: between(WHAT_IF_LIMITS.batteryKwh, 'Battery capacity is 1–60 kWh'),
  kw: between(WHAT_IF_LIMITS.batteryKw, 'Battery power is 1–25 kW').optional(),
  mode: z.enum(BATTERY_MODES).optional(),
});
export const shiftWhatIf = z.object({
  share: between(WHAT_IF_LIMITS.shiftShare, 'The shifted share is 5–50 %'),
});

export const whatIfRequest = z.object({
  ev: evWhatIf.optional(),
  solar: solarWhatIf.optional(),
  battery: batteryWhatIf.optional(),
  shift: shiftWhatIf.optional(),
});
export type WhatIfRequest = z.infer<typeof whatIfRequest>;

export const compareCalculateRequest = z.object({
  accountId: z.uuid({ error: rateComparisonMessages.accountNotFound }),
  whatIfs: whatIfRequest.default({}),
  /** A Green Button file of the user's (e.g. from a previous address) that fills months without data. */
  uploadId: z.uuid({ error: rateComparisonMessages.uploadNotFound }).optional(),
  /** A retried calculation with the same key answers the result saved the first time. */
  idempotencyKey: idempotencyKeyField,
});
export type CompareCalculateRequest = z.input<typeof compareCalculateRequest>;

const lineItem = z.object({
  kind: z.enum(['fixed', 'energy', 'demand', 'export_credit', 'minimum']),
  description: z.string(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  rate: z.number().nullable(),
  amountCents: cents,
});

export const comparedPeriod = z.object({
  periodStart: isoDate,
  periodEnd: isoDate,
  month,
  /** Some or all days were filled from similar homes of the utility. */
  estimated: z.boolean(),
});

export const planBill = comparedPeriod.extend({
  totalCents: cents,
  lineItems: z.array(lineItem),
  importKwh: z.number(),
  exportKwh: z.number(),
  peakDemandKw: z.number().nullable(),
  /** This plan's bill minus the current plan's (negative: this plan saves). */
  differenceCents: cents,
});
export type PlanBill = z.infer<typeof planBill>;

export const whatIfEnergy = z.object({
  evKwh: z.number(),
  evUnservedKwh: z.number(),
  solarKwh: z.number(),
  shiftedKwh: z.number(),
  batteryChargedKwh: z.number(),
  batteryDischargedKwh: z.number(),
});

export const comparedPlan = z.object({
  tariffId: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  sector: z.string(),
  current: z.boolean(),
  /** 1 = cheapest over the year, the current plan included. */
  rank: z.number().int(),
  annualCents: cents,
  /** annualCents minus the current plan's (negative: this plan saves). */
  annualDifferenceCents: cents,
  bills: z.array(planBill),
  whatIfEnergy: whatIfEnergy.nullable(),
});
export type ComparedPlan = z.infer<typeof comparedPlan>;

/** Every what-if with its defaults filled in: what the page shows as editable assumptions. */
export const whatIfAssumptions = z.object({
  ev: z
    .object({
      milesPerYear: z.number(),
      kwhPerMile: z.number(),
      chargerKw: z.number(),
      startHour: z.number().int(),
      endHour: z.number().int(),
    })
    .nullable(),
  solar: z
    .object({ kw: z.number(), tiltDeg: z.number(), azimuthDeg: z.number(), systemDerate: z.number() })
    .nullable(),
  battery: z
    .object({
      kwh: z.number(),
      kw: z.number(),
      roundTripEfficiency: z.number(),
      mode: z.enum(BATTERY_MODES),
    })
    .nullable(),
  shift: z.object({ share: z.number() }).nullable(),
});
export type WhatIfAssumptions = z.infer<typeof whatIfAssumptions>;

export const ESTIMATE_SOURCES = ['similarHomes', 'upload'] as const;

export const compareResult = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime({ offset: true }),
  accountId: z.uuid(),
  accountNumber: z.string(),
  timeZone: z.string(),
  periods: z.array(comparedPeriod),
  /** Months (YYYY-MM) holding days the customer has no data for: estimates, and the page says so. */
  estimatedMonths: z.array(month),
  /** What filled them: the utility's similar homes, or the user's Green Button upload (scaled to the customer). */
  estimateSource: z.enum(ESTIMATE_SOURCES).nullable(),
  uploadId: z.uuid().nullable(),
  assumptions: whatIfAssumptions,
  /** The current plan first, then the others cheapest first. */
  plans: z.array(comparedPlan),
});
export type CompareResult = z.infer<typeof compareResult>;

export const compareResultParams = z.object({
  id: z.uuid({ error: rateComparisonMessages.notFound }),
});

export const switchPlanRequest = z.object({
  compareResultId: z.uuid({ error: rateComparisonMessages.notFound }),
  tariffId: z.uuid({ error: rateComparisonMessages.planNotOffered }),
  idempotencyKey: idempotencyKeyField,
});
export type SwitchPlanRequest = z.input<typeof switchPlanRequest>;

export const switchPlanResponse = z.object({
  message: z.string(),
  referenceNumber: z.string(),
  status: z.string(),
});
export type SwitchPlanResponse = z.infer<typeof switchPlanResponse>;
