// Notices to customers (bill ready, reminders, past due, AutoPay, service requests): who opted out
// of which type, each notice sent once under its event key, and each utility's reminder lead time.
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { mailOutbox } from './system.ts';
import { tenantIdColumn } from './tenants.ts';

/**
 * A recipient's choice for one notice type. Keyed by the address the notices go to (lower-cased),
 * since a one-click unsubscribe speaks for a mailbox; a missing row means the type's default.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    tenantId: tenantIdColumn(),
    email: text('email').notNull(),
    type: text('type').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.email, t.type] })],
);

/**
 * One row per event that called for a notice (e.g. `due_reminder:<bill id>`), written in the same
 * transaction as its mail: the unique key makes it once, with any number of instances. A notice
 * the recipient had opted out of is recorded too (mail_id null), so it is not reconsidered.
 */
export const noticesSent = pgTable(
  'notices_sent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    eventKey: text('event_key').notNull(),
    type: text('type').notNull(),
    email: text('email').notNull(),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notices_sent_tenant_event').on(t.tenantId, t.eventKey),
    index('notices_sent_tenant_created').on(t.tenantId, t.createdAt),
  ],
);

/** A utility's notice settings and the key its unsubscribe links are signed with. */
export const notificationSettings = pgTable('notification_settings', {
  tenantId: tenantIdColumn().primaryKey(),
  reminderDaysBefore: integer('reminder_days_before').notNull().default(5),
  /** HMAC-SHA256 key (hex) for unsubscribe tokens; per utility, so no token crosses utilities. */
  unsubscribeKey: text('unsubscribe_key').notNull(),
});
