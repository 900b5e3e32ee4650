import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customerAccounts } from './accounts.ts';
import { bills } from './billing.ts';
import { autopayStatus, ledgerKind, paymentChannel, paymentMethod, paymentStatus } from './enums.ts';
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
    /** Last four digits or bank name only; never a full card or account number. */
    sourceLabel: text('source_label').notNull().default(''),
    providerReference: text('provider_reference'),
    status: paymentStatus('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
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
  },
  (t) => [
    index('ledger_account_date').on(t.accountId, t.entryDate),
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
    autopaySource: text('autopay_source').notNull(),
    autopayMaxWithdrawalCents: bigint('autopay_max_withdrawal_cents', { mode: 'number' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    expireDate: date('expire_date'),
    status: autopayStatus('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('autopay_account').on(t.accountId),
    uniqueIndex('autopay_one_active').on(t.accountId).where(sql`${t.status} = 'active'`),
  ],
);
