import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customerAccounts } from './accounts.ts';
import { codePurpose, userRole } from './enums.ts';
import { tenantIdColumn } from './tenants.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    /** Stored as typed; uniqueness and look-up are case-insensitive through the lower() index. */
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    tfaEnabled: boolean('tfa_enabled').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    locale: text('locale').notNull().default('en'),
    /** Customer by default; agents and admins are the utility's staff (admins configure payments). */
    role: userRole('role').notNull().default('customer'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Set by an administrator (agents and admins): no sign-in, and every session ended (issue 14). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_tenant_username').on(t.tenantId, sql`lower(${t.username})`),
    index('users_tenant_email').on(t.tenantId, sql`lower(${t.email})`),
  ],
);

/** The spec's profile (createProfile fields). One per user. */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenantId: tenantIdColumn(),
  mailingAddress: text('mailing_address').notNull(),
  city: text('city').notNull(),
  serviceAddress: text('service_address').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
  phoneNo: text('phone_no').notNull(),
  secondaryPhnNo: text('secondary_phn_no').notNull().default(''),
  imageContentType: text('image_content_type'),
  image: text('image_base64'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which utility accounts a user may see. An account is linked to at most one user. */
export const userAccounts = pgTable(
  'user_accounts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    tenantId: tenantIdColumn(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_accounts_account').on(t.accountId), index('user_accounts_user').on(t.userId)],
);

/** Refresh tokens: stored hashed, rotated on use; a reused one revokes its whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_family').on(t.familyId),
    index('refresh_tokens_user').on(t.userId),
    // Every request with an access token asks whether its sign-in was revoked: this partial index
    // answers that in one probe however many times the session has rotated.
    index('refresh_tokens_family_revoked').on(t.familyId).where(sql`${t.revokedAt} is not null`),
  ],
);

/** E-mail one-time codes: hashed, single use, expiring, with a try counter. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: codePurpose('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_user_purpose').on(t.userId, t.purpose)],
);
