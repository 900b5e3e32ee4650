// AI Assist (issue 11): each tenant's knowledge base, its widget key and index version, and the
// conversations, messages and feedback of the assistant on the ML host.
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { tenantIdColumn, tenants } from './tenants.ts';

/**
 * One row per tenant with the assistant: its widget api key (the spec's public global configuration
 * key: it names the tenant's widget and grants nothing alone) and the knowledge base's version,
 * bumped with every article change so that every instance rebuilds its search index.
 */
export const assistantSettings = pgTable('assistant_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  apiKey: text('api_key').notNull().unique(),
  kbVersion: integer('kb_version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A knowledge-base article: Markdown with its front matter, one row per slug and language. */
export const kbArticles = pgTable(
  'kb_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    slug: text('slug').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    body: text('body').notNull(),
    /**
     * The front matter's `asked`: questions customers ask that the article answers, in their words
     * (searched as a field of its own, issue 11); [] when the article has none.
     */
    asked: jsonb('asked').$type<string[]>().notNull().default([]),
    /** The front matter's `updated` date, YYYY-MM-DD. */
    updated: text('updated').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kb_articles_tenant_slug_language').on(t.tenantId, t.slug, t.language)],
);

/** A chat; bound to the signed-in user when the widget token was. */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assistant_conversations_tenant_created').on(t.tenantId, t.createdAt)],
);

export interface AssistantSourceRow {
  slug: string;
  title: string;
  language: string;
  url: string;
}

/** One message; the text is stored with card numbers, codes and passwords masked. */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    sources: jsonb('sources').$type<AssistantSourceRow[]>().notNull().default([]),
    /** 'article', 'account', 'declined', 'model' … how the answer was made. */
    kind: text('kind').notNull().default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assistant_messages_conversation').on(t.conversationId, t.createdAt)],
);

/** Thumbs up or down on an answer; the last word counts (one row per message). */
export const assistantFeedback = pgTable(
  'assistant_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => assistantMessages.id, { onDelete: 'cascade' }),
    rating: text('rating').$type<'up' | 'down'>().notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('assistant_feedback_message').on(t.messageId)],
);
