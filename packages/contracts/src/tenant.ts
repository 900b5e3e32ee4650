import { z } from 'zod';
import { LANGUAGES, THEME_IDS } from './constants.ts';

/** One entry of the spec's payment platform list: the first with isEnable true is the active one. */
export const paymentPlatform = z.object({
  platformKey: z.string(),
  name: z.string(),
  isEnable: z.boolean(),
});
export type PaymentPlatform = z.infer<typeof paymentPlatform>;

/** GET /api/tenant: what the portal needs to brand itself for the utility of this site. No secrets. */
export const tenantConfigResponse = z.object({
  name: z.string(),
  defaultTheme: z.enum(THEME_IDS),
  timeZone: z.string(),
  currency: z.string(),
  /** The language the utility wrote its own texts in (contact, legal): the portal marks them with it. */
  contentLanguage: z.string(),
  features: z.array(z.string()),
  contact: z.object({
    phone: z.string(),
    outagePhone: z.string(),
    email: z.string(),
    address: z.string(),
    hours: z.string(),
  }),
  legal: z.object({
    /** Where the footer's links go: the portal's own /privacy and /terms, or the utility's site. */
    privacyUrl: z.string(),
    termsUrl: z.string(),
    /** The documents the portal shows at /privacy and /terms: paragraphs split by blank lines, '## ' opens a heading. */
    privacyPolicy: z.string(),
    termsOfUse: z.string(),
    electronicPaymentAgreement: z.string(),
  }),
  fees: z.object({
    /** Card fee in basis points of the amount (250 = 2.5 %). */
    cardFeeBasisPoints: z.number().int(),
    /** Flat ACH fee in cents. */
    achFeeCents: z.number().int(),
  }),
  paymentPlatforms: z.array(paymentPlatform),
  /** The administrators' colour overrides (theme token -> #rrggbb) on defaultTheme, AA-checked (issue 14). */
  brandColors: z.record(z.string(), z.string()),
  /** The portal languages the utility offers (en, es, ta, de), its default first (issue 14). */
  languages: z.array(z.enum(LANGUAGES)).min(1),
  /** The side areas the utility offers (issue 14, /admin/settings): off ones are hidden and refused. */
  sideAreas: z.object({ insights: z.boolean(), rateComparison: z.boolean(), assistant: z.boolean() }),
  /** What AutoPay enrolment accepts at this utility (issue 14, /admin/settings); the server checks it again. */
  autopay: z.object({
    methods: z.array(z.enum(['card', 'ach'])).min(1),
    /** The utility's cap on one withdrawal, in cents; null for none. */
    maxWithdrawalCents: z.number().int().nullable(),
  }),
});
export type TenantConfigResponse = z.infer<typeof tenantConfigResponse>;

/** GET /paymentus/getPaymentPlatform: the tenant's platforms in order; the first enabled is active. */
export const paymentPlatformList = z.array(paymentPlatform);

/** POST /paymentus/updatePaymentPlatform: makes this platform the active one (administrators only). */
export const updatePaymentPlatformRequest = z.object({
  platformKey: z
    .string({ error: 'Platform key is required' })
    .trim()
    .min(1, 'Platform key is required')
    .max(40),
});
export type UpdatePaymentPlatformRequest = z.infer<typeof updatePaymentPlatformRequest>;
