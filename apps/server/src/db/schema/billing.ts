import {
  bigint,
  date,
  index,
  integer,
  json,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customerAccounts, services } from './accounts.ts';
import { billStatus, utilityType } from './enums.ts';
import { tariffs } from './tariffs.ts';
import { tenantIdColumn } from './tenants.ts';

/** A monthly bill for an account. Money is integer cents. */
export const bills = pgTable(
  'bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    billNumber: text('bill_number').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    billDate: date('bill_date').notNull(),
    dueDate: date('due_date').notNull(),
    previousBalanceCents: bigint('previous_balance_cents', { mode: 'number' }).notNull().default(0),
    paymentsReceivedCents: bigint('payments_received_cents', { mode: 'number' }).notNull().default(0),
    currentChargesCents: bigint('current_charges_cents', { mode: 'number' }).notNull(),
    amountDueCents: bigint('amount_due_cents', { mode: 'number' }).notNull(),
    status: billStatus('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * getBillDetails' answer parts that never change once the bill is issued, as exact JSON text,
     * written with the bill (billing/bill-answer-parts.ts): the bill's fields up to its status
     * (`{"billId":…,"amountDueCents":N`, no closing brace), its segments with nothing owed
     * (`answerSegmentsPaid`) and with the whole amount due owed (`answerSegmentsOpen`), and its
     * Quick Stats. Null on rows written before them: the answer is then worked out in full.
     */
    answerHead: text('answer_head'),
    answerSegmentsOpen: text('answer_segments_open'),
    answerSegmentsPaid: text('answer_segments_paid'),
    answerQuickStats: text('answer_quick_stats'),
  },
  (t) => [
    uniqueIndex('bills_tenant_number').on(t.tenantId, t.billNumber),
    index('bills_account_date').on(t.accountId, t.billDate),
  ],
);

/** One service's part of a bill (the spec's bill segment, with start and end date). */
export const billSegments = pgTable(
  'bill_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    utilityType: utilityType('utility_type').notNull(),
    tariffId: uuid('tariff_id').references(() => tariffs.id),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    usageQuantity: numeric('usage_quantity', { precision: 14, scale: 3 }).notNull(),
    usageUnit: text('usage_unit').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /**
     * The segment's line items as getBillDetails answers them (a JSON array, exact text), written
     * with the items in the bill's transaction (billing/line-items-json.ts), so the answer reads
     * them instead of aggregating. Null on rows written before it: the answer then aggregates.
     */
    lineItemsJson: json('line_items_json'),
  },
  (t) => [index('bill_segments_bill').on(t.billId)],
);

/** A priced line of a segment: fixed charge, energy block or TOU period, demand, tax, rider. */
export const billLineItems = pgTable(
  'bill_line_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => billSegments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3 }),
    unit: text('unit'),
    /** Price per unit in dollars, as tariffs publish it (up to 6 decimals). */
    rate: numeric('rate', { precision: 12, scale: 6 }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('bill_line_items_segment').on(t.segmentId)],
);

/**
 * getUserDetails' answer for one account, all but its balance, as exact JSON text: `head` up to and
 * with `"balanceCents":`, `tail` from `,"premises":` to the closing brace. Kept by triggers on
 * customer_accounts, premises, services, autopay_enrollments and tariffs (migration 0025), in the
 * transaction of every write to them, so it is never older than they are. Read by
 * billing/answer-statements.ts, userDetailsStoredAnswerStatement.
 */
export const accountAnswers = pgTable('account_answers', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => customerAccounts.id, { onDelete: 'cascade' }),
  accountNumber: text('account_number').notNull(),
  head: text('head').notNull(),
  tail: text('tail').notNull(),
});

/**
 * Each account's balance (the sum of its ledger entries' amounts), kept by a trigger on
 * ledger_entries in the transaction of every write to it (migration 0027): the row is updated in
 * place (`balance_cents + delta`), so concurrent entries wait on its row lock and none is lost; an
 * account's first entry written with triggers sums its ledger; a new account gets its row (0) by a
 * trigger on customer_accounts. No row (a load without triggers before storeAccountBalances): the
 * answers sum the ledger themselves. Read by billing/answer-statements.ts.
 */
export const accountBalances = pgTable('account_balances', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => customerAccounts.id, { onDelete: 'cascade' }),
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
});
