import { bigint, boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The built-in TEST payment processor's own records, apart from the ledger, as a remote processor
 * keeps them: one charge per idempotency key (charging again with the key returns the first
 * result). Brand or bank and the last four digits only; never a full number.
 */
export const testProcessorCharges = pgTable(
  'test_processor_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The merchant (tenant) the charge was made for. */
    merchantId: uuid('merchant_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    reference: text('reference').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method').notNull(),
    /** The card's brand or 'bank', and the last four digits. */
    sourceBrand: text('source_brand').notNull(),
    sourceLast4: text('source_last4').notNull(),
    /** succeeded, declined, insufficient_funds, closed_account. */
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_processor_charges_key').on(t.merchantId, t.idempotencyKey)],
);

/**
 * Sources the TEST processor keeps for later charges (AutoPay), as a processor's vault does: an
 * opaque token, what may be shown of the source, and how its test number behaves. Never the number.
 */
export const testProcessorSources = pgTable(
  'test_processor_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull(),
    token: text('token').notNull(),
    method: text('method').notNull(),
    /** The card's brand or 'bank', and the last four digits. */
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    /** How a charge on it ends: succeeded, declined, insufficient_funds, closed_account. */
    outcome: text('outcome').notNull(),
    timesOut: boolean('times_out').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_processor_sources_token').on(t.merchantId, t.token)],
);
