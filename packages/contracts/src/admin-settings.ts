// Issue 14, /api/admin/settings: which side areas the utility offers, its payment fees, notice
// timings, AutoPay rules and the plans it offers (URDB records checked by the tariff engine).
import { z } from 'zod';

/** The side areas a utility may switch off: /net2grid, /gridx and the AI Assist widget. */
export const SIDE_AREAS = ['insights', 'rateComparison', 'assistant'] as const;
export type SideArea = (typeof SIDE_AREAS)[number];

export const sideAreasSettings = z.object({
  insights: z.boolean(),
  rateComparison: z.boolean(),
  assistant: z.boolean(),
});
export type SideAreasSettings = z.infer<typeof sideAreasSettings>;

/** Bounds of the fees an administrator may set: a card fee up to 10 %, a bank fee up to $20. */
export const FEE_LIMITS = { maxCardFeeBasisPoints: 1000, maxAchFeeCents: 2000 } as const;

export const feesSettings = z.object({
  cardFeeBasisPoints: z
    .number({ error: 'Card fee is required' })
    .int('Card fee is a whole number of basis points')
    .min(0, 'Card fee cannot be negative')
    .max(FEE_LIMITS.maxCardFeeBasisPoints, 'Card fee can be at most 10 %'),
  achFeeCents: z
    .number({ error: 'Bank fee is required' })
    .int('Bank fee is a whole number of cents')
    .min(0, 'Bank fee cannot be negative')
    .max(FEE_LIMITS.maxAchFeeCents, 'Bank fee can be at most $20.00'),
});
export type FeesSettings = z.infer<typeof feesSettings>;

const days = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} is a whole number of days`)
    .min(min, `${label} must be ${min} to ${max} days`)
    .max(max, `${label} must be ${min} to ${max} days`);

export const notificationTimings = z.object({
  /** The bill-due reminder goes out this many days before the due date. */
  reminderDaysBefore: days('Bill reminder', 1, 30),
  /** The AutoPay notice goes out this many days before the due date. */
  autopayNoticeDaysBefore: days('AutoPay notice', 1, 30),
});
export type NotificationTimings = z.infer<typeof notificationTimings>;

export const AUTOPAY_METHODS = ['card', 'ach'] as const;

export const autopayRulesSettings = z.object({
  /** Highest withdrawal AutoPay makes, in cents; null: no cap. */
  maxWithdrawalCents: z
    .number()
    .int('Maximum withdrawal is a whole number of cents')
    .min(100, 'Maximum withdrawal must be at least $1.00')
    .max(10_000_000, 'Maximum withdrawal can be at most $100,000.00')
    .nullable(),
  methods: z
    .array(z.enum(AUTOPAY_METHODS))
    .min(1, 'Allow at least one AutoPay method')
    .refine((list) => new Set(list).size === list.length, 'Each AutoPay method once'),
  /** The withdrawal is made this many days before the due date (0: on the due date). */
  withdrawalDaysBefore: days('Withdrawal', 0, 10),
});
export type AutopayRulesSettings = z.infer<typeof autopayRulesSettings>;

export const offeredPlan = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  sector: z.string(),
  utilityType: z.string(),
  effectiveFrom: z.string(),
  offered: z.boolean(),
});
export type OfferedPlan = z.infer<typeof offeredPlan>;

export const adminSettingsResponse = z.object({
  sideAreas: sideAreasSettings,
  fees: feesSettings,
  notifications: notificationTimings,
  autopay: autopayRulesSettings,
  plans: z.array(offeredPlan),
});
export type AdminSettingsResponse = z.infer<typeof adminSettingsResponse>;

/** POST /api/admin/settings/plans: one URDB record as published, bare or as `{ items: [record] }`. */
export const planUploadRequest = z.object({
  /** The plan's code in the rate book; the record's label or name when absent. */
  code: z
    .string()
    .trim()
    .min(1, 'Plan code is required')
    .max(40, 'Plan code can be at most 40 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Plan code may hold letters, digits, dot, dash and underscore')
    .optional(),
  record: z.unknown(),
});
export type PlanUploadRequest = z.infer<typeof planUploadRequest>;

/** 422 of a refused URDB record: the field the tariff engine named, when it named one. */
export const planUploadError = z.object({ message: z.string(), field: z.string().nullable() });
export type PlanUploadError = z.infer<typeof planUploadError>;

export const planOfferedRequest = z.object({ offered: z.boolean() });
export const planIdParams = z.object({ id: z.uuid({ error: 'Plan not found' }) });
