import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { themeId } from './enums.ts';

export interface TenantFees {
  cardFeeBasisPoints: number;
  achFeeCents: number;
  lateFeeCents: number;
}
/** Which side areas the utility offers (issue 14, /admin/settings); off means refused and hidden. */
export interface TenantSideAreas {
  insights: boolean;
  rateComparison: boolean;
  assistant: boolean;
}
/** The utility's AutoPay rules (issue 14, /admin/settings). */
export interface TenantAutopayRules {
  /** Highest withdrawal AutoPay may make, in cents; null: no cap. */
  maxWithdrawalCents: number | null;
  /** Payment methods a customer may enrol with. */
  methods: Array<'card' | 'ach'>;
  /** The withdrawal is made this many days before the due date (0: on it). */
  withdrawalDaysBefore: number;
  /** The AutoPay notice goes out this many days before the due date. */
  noticeDaysBefore: number;
}
export interface TenantContact {
  phone: string;
  outagePhone: string;
  email: string;
  address: string;
  hours: string;
  /** The hours in other portal languages (en, es, ta, de), when the utility provides them. */
  hoursTranslations?: Partial<Record<'en' | 'es' | 'ta' | 'de', string>>;
}
export interface TenantLegal {
  privacyUrl: string;
  termsUrl: string;
  /** Shown at /privacy and /terms; rows written before these existed lack them. */
  privacyPolicy?: string;
  termsOfUse?: string;
  electronicPaymentAgreement: string;
  /** The agreement in other portal languages (en, es, ta, de), when the utility provides them. */
  electronicPaymentAgreementTranslations?: Partial<Record<'en' | 'es' | 'ta' | 'de', string>>;
}

/** One utility. Every row that belongs to a utility carries its id. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  defaultTheme: themeId('default_theme').notNull().default('green'),
  timeZone: text('time_zone').notNull().default('America/Chicago'),
  currency: text('currency').notNull().default('USD'),
  /** BCP 47 language of the utility's own texts (contact hours, address, legal documents). */
  contentLanguage: text('content_language').notNull().default('en'),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  /**
   * Portal languages the utility offers (codes of LANGUAGES), the first being its default; set by
   * `npm run tenant:create -- --languages en,es` (issue 14) and editable by its administrators.
   */
  languages: jsonb('languages').$type<string[]>().notNull().default(['en', 'es', 'ta', 'de']),
  fees: jsonb('fees').$type<TenantFees>().notNull(),
  contact: jsonb('contact').$type<TenantContact>().notNull(),
  legal: jsonb('legal').$type<TenantLegal>().notNull(),
  /** The spec's fixed Basic client credential: public, it names the tenant's app and grants nothing alone. */
  appClientId: text('app_client_id').notNull().unique(),
  appClientSecret: text('app_client_secret').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  /**
   * The administrators' colour overrides (theme token -> colour) on top of defaultTheme, checked for
   * WCAG AA contrast before they are saved (issue 14, /api/admin/brand).
   */
  brandColors: jsonb('brand_colors').$type<Record<string, string>>().notNull().default({}),
  /** Side areas on or off (issue 14); every area is on unless an administrator turns it off. */
  sideAreas: jsonb('side_areas')
    .$type<TenantSideAreas>()
    .notNull()
    .default({ insights: true, rateComparison: true, assistant: true }),
  /** AutoPay rules (issue 14); the defaults are the product's behaviour before they existed. */
  autopayRules: jsonb('autopay_rules')
    .$type<TenantAutopayRules>()
    .notNull()
    .default({
      maxWithdrawalCents: null,
      methods: ['card', 'ach'],
      withdrawalDaysBefore: 0,
      noticeDaysBefore: 3,
    }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Bumped by every administrator change, so each instance can tell its cached copy is stale. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The tenant_id column every utility-owned row carries; deleting a tenant deletes its rows. */
export const tenantIdColumn = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** Host names that resolve to a tenant; localhost falls back to the default tenant. */
export const tenantDomains = pgTable('tenant_domains', {
  host: text('host').primaryKey(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
});

/** The payment platform list of the spec: the first entry with isEnable is the active one. */
export const paymentPlatforms = pgTable(
  'payment_platforms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    platformKey: text('platform_key').notNull(),
    name: text('name').notNull(),
    isEnable: boolean('is_enable').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('payment_platforms_tenant_key').on(t.tenantId, t.platformKey)],
);
