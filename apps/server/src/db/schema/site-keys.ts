import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { tenantIdColumn } from './tenants.ts';

/**
 * The utility's own web site's server credentials for the payments host (issue 8): with one, its
 * server asks /pay/auth/generateAuthToken for a payment page. The secret is shown once when made;
 * only its SHA-256 is kept (a 32-byte random secret needs no slow hash), with its last four
 * characters so an administrator can tell keys apart.
 */
export const siteKeys = pgTable(
  'site_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    last4: text('last4').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('site_keys_key_hash').on(t.keyHash),
    index('site_keys_tenant_created').on(t.tenantId, t.createdAt),
  ],
);
