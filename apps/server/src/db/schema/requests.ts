import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customerAccounts } from './accounts.ts';
import { contactStatus, propertyType, todoStatus } from './enums.ts';
import { users } from './identity.ts';
import { tenantIdColumn } from './tenants.ts';

/** Service requests (the spec's to-do: start / stop / move service), from the three-step flow. */
export const todos = pgTable(
  'todos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    referenceNumber: text('reference_number').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    accountId: uuid('account_id').references(() => customerAccounts.id, { onDelete: 'set null' }),
    requestType: text('request_type').notNull(),
    status: todoStatus('status').notNull().default('submitted'),
    accountHolderName: text('account_holder_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    effectiveDate: date('effective_date').notNull(),
    serviceAddress: text('service_address').notNull(),
    propertyType: propertyType('property_type').notNull(),
    serviceDescription: text('service_description').notNull().default(''),
    agreementAccepted: boolean('agreement_accepted').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The staff member working it (staff queue); null while unassigned. */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Raised by every staff change, so two agents cannot overwrite each other unseen. */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('todos_tenant_reference').on(t.tenantId, t.referenceNumber),
    uniqueIndex('todos_tenant_idempotency').on(t.tenantId, t.idempotencyKey),
    index('todos_user').on(t.userId),
    index('todos_tenant_status_created').on(t.tenantId, t.status, t.createdAt),
  ],
);

/** Contact-us messages and appointment bookings. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    /** "MSG-…" / "APT-…": what the customer quotes; random, unique per tenant. */
    referenceNumber: text('reference_number').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default('message'),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    appointmentAt: timestamp('appointment_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    /** The sender's language, for the staff queue's status e-mails. */
    language: text('language').notNull().default('en'),
    status: contactStatus('status').notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_tenant_created').on(t.tenantId, t.createdAt),
    index('contact_messages_tenant_status_created').on(t.tenantId, t.status, t.createdAt),
    uniqueIndex('contact_messages_tenant_reference').on(t.tenantId, t.referenceNumber),
    uniqueIndex('contact_messages_tenant_idempotency').on(t.tenantId, t.idempotencyKey),
  ],
);
