import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customerAccounts } from './accounts.ts';
import { bills } from './billing.ts';
import {
  autopayRunStatus,
  autopayStatus,
  ledgerKind,
  paymentChannel,
  paymentMethod,
  paymentStatus,
  paymentTokenKind,
} from './enums.ts';
import { users } from './identity.ts';
import { tenantIdColumn } from './tenants.ts';

/** A payment attempt. The idempotency key makes a retried submission return the first result. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    billId: uuid('bill_id').references(() => bills.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    confirmationNumber: text('confirmation_number').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    method: paymentMethod('method').notNull(),
    channel: paymentChannel('channel').notNull(),
    platformKey: text('platform_key').notNull(),
    /**
     * The source in no language (contracts' payment-sources.ts): the card's brand or 'bank', and the
     * last four digits; never a full card or account number. Null for a check or cash.
     */
    sourceBrand: text('source_brand'),
    sourceLast4: text('source_last4'),
    providerReference: text('provider_reference'),
    status: paymentStatus('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    /** Where and in which language the receipt goes once the payment succeeds (none when null). */
    receiptEmail: text('receipt_email'),
    receiptLanguage: text('receipt_language'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_tenant_idempotency').on(t.tenantId, t.idempotencyKey),
    uniqueIndex('payments_tenant_confirmation').on(t.tenantId, t.confirmationNumber),
    index('payments_account_created').on(t.accountId, t.createdAt),
  ],
);

/**
 * The account ledger: every bill, payment, fee and adjustment as a signed amount
 * (positive owes the utility, negative credits the customer). The balance is the sum.
 * `transactionType` carries the billing system's code (C1BL bill, PAY payment, …) for the spec's filters.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    entryDate: date('entry_date').notNull(),
    kind: ledgerKind('kind').notNull(),
    transactionType: text('transaction_type').notNull(),
    description: text('description').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    billId: uuid('bill_id').references(() => bills.id, { onDelete: 'set null' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The entry's whole transactionDetails item as exact JSON text, with its payment's status as
     * it is now (features/billing/answer-statements.ts). Kept by triggers in the transaction of every
     * write to the entry and of every change of its payment (migration 0027); null only after a bulk
     * load without triggers, where the full statement answers.
     */
    answerItem: text('answer_item'),
  },
  (t) => [
    index('ledger_account_date').on(t.accountId, t.entryDate),
    // transactionDetails with a type filter: the count read from the index alone, the page in the
    // date order without a sort (the id and created_at break ties, as TRANSACTION_ORDER does).
    index('ledger_account_type_date').on(t.accountId, t.transactionType, t.entryDate, t.createdAt, t.id),
    // A payment's entries, for the trigger that writes their items again when its status changes
    // (and for the foreign key's `on delete set null`).
    index('ledger_payment').on(t.paymentId),
    uniqueIndex('ledger_payment_once')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null and ${t.kind} = 'payment'`),
  ],
);

/** AutoPay enrollment (the spec's autopay entry fields). */
export const autopayEnrollments = pgTable(
  'autopay_enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    entityName: text('entity_name').notNull(),
    autoPayMethod: paymentMethod('auto_pay_method').notNull(),
    /** The saved source's brand or 'bank' and last four digits (autopaySource words it). */
    sourceBrand: text('source_brand').notNull(),
    sourceLast4: text('source_last4').notNull(),
    autopayMaxWithdrawalCents: bigint('autopay_max_withdrawal_cents', { mode: 'number' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    expireDate: date('expire_date'),
    status: autopayStatus('status').notNull().default('active'),
    /** The processor's token of the saved source; the source itself stays with the processor. */
    processorToken: text('processor_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('autopay_account').on(t.accountId),
    uniqueIndex('autopay_one_active').on(t.accountId).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * Single-use, short-lived tokens of the payments host. An `auth` token (generateAuthToken) says
 * who may pay which account; exchanged once (generatePaymentTokenUrl) it becomes a `checkout`
 * token, the capability in a hosted payment page's URL. Only a SHA-256 of the token is stored.
 * A checkout is claimed by its first submission (`attemptKey`, the payment's idempotency key):
 * a repeat of that attempt replays its result, a second attempt is refused while one is under way,
 * and a declined attempt releases the claim so another card can be tried.
 */
export const paymentTokens = pgTable(
  'payment_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    kind: paymentTokenKind('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: paymentChannel('channel').notNull(),
    /** The amount the page starts with; null means the balance due. */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** A portal path to return to after paying (never an outside address). */
    returnPath: text('return_path').notNull().default('/'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    attemptKey: text('attempt_key'),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_tokens_hash').on(t.tokenHash),
    index('payment_tokens_expires').on(t.expiresAt),
  ],
);

/**
 * One AutoPay withdrawal per bill: the unique bill id makes the notice and the payment happen once
 * however many instances run the job; a claim (`leaseUntil`) under SKIP LOCKED keeps two instances
 * off the same run, and a crashed instance's claim simply expires.
 */
export const autopayRuns = pgTable(
  'autopay_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => autopayEnrollments.id, { onDelete: 'cascade' }),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    /** The due date: the withdrawal happens on it (or at the first run after it). */
    scheduledFor: date('scheduled_for').notNull(),
    /** The amount the notice announced. */
    noticeAmountCents: bigint('notice_amount_cents', { mode: 'number' }).notNull(),
    status: autopayRunStatus('status').notNull().default('scheduled'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('autopay_runs_bill').on(t.billId),
    index('autopay_runs_due').on(t.status, t.scheduledFor),
  ],
);
