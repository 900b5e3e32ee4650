import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customerAccounts } from './accounts.ts';
import { users } from './identity.ts';
import { tenantIdColumn } from './tenants.ts';

/**
 * A saved rate comparison (/gridx?compareResult=true&id=…): what the customer asked and what the
 * engine answered, so the result reopens exactly as it was priced even after tariffs or data change.
 * It belongs to the user who asked; nobody else can open it.
 */
export const rateComparisons = pgTable(
  'rate_comparisons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    /** A retried calculation with the same key answers the saved result instead of saving another. */
    idempotencyKey: text('idempotency_key').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rate_comparisons_user_idempotency').on(t.userId, t.idempotencyKey),
    index('rate_comparisons_user_created').on(t.userId, t.createdAt),
  ],
);
