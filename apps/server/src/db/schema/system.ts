import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mailStatus } from './enums.ts';
import { tenantIdColumn } from './tenants.ts';

/**
 * Every e-mail goes through the outbox first, in the same transaction as what caused it, so a
 * failed send is retried and never lost. With no SMTP configured it is what the dev mailbox shows.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    purpose: text('purpose').notNull(),
    /** Extra message headers (List-Unsubscribe on notices); null for most mail. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due').on(t.status, t.nextAttemptAt),
    index('mail_outbox_tenant_created').on(t.tenantId, t.createdAt),
  ],
);

/** Security and business events: who did what, from where. Never holds a secret, hash or code. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_tenant_created').on(t.tenantId, t.createdAt),
    index('audit_log_user').on(t.userId),
  ],
);
