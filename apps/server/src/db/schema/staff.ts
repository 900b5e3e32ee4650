import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { contactMessages, todos } from './requests.ts';
import { tenantIdColumn } from './tenants.ts';

/** Exactly one of the two queue items a comment or history entry belongs to. */
const oneItem = (name: string, todo: unknown, contact: unknown) =>
  check(name, sql`(${todo} is null) <> (${contact} is null)`);

/** Staff notes on a service request or contact message (internal: never shown to the customer). */
export const requestComments = pgTable(
  'request_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    todoId: uuid('todo_id').references(() => todos.id, { onDelete: 'cascade' }),
    contactMessageId: uuid('contact_message_id').references(() => contactMessages.id, {
      onDelete: 'cascade',
    }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneItem('request_comments_one_item', t.todoId, t.contactMessageId),
    index('request_comments_todo').on(t.todoId, t.createdAt),
    index('request_comments_contact').on(t.contactMessageId, t.createdAt),
  ],
);

/** What happened to a queue item: status changes and assignments, who did it and when. */
export const requestHistory = pgTable(
  'request_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    todoId: uuid('todo_id').references(() => todos.id, { onDelete: 'cascade' }),
    contactMessageId: uuid('contact_message_id').references(() => contactMessages.id, {
      onDelete: 'cascade',
    }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'status' or 'assignment'. */
    action: text('action').notNull(),
    /** Statuses, or assignee user ids (null: unassigned). */
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneItem('request_history_one_item', t.todoId, t.contactMessageId),
    check('request_history_action', sql`${t.action} in ('status', 'assignment')`),
    index('request_history_todo').on(t.todoId, t.createdAt),
    index('request_history_contact').on(t.contactMessageId, t.createdAt),
  ],
);
