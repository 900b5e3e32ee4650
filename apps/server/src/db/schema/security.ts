import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters for limits that must hold across instances (sign-up, codes, recovery,
 * account verification). One row per bucket and window; rows past expires_at are swept.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.windowStart] }),
    index('rate_limit_counters_expires').on(t.expiresAt),
  ],
);

/** ALTCHA challenges already redeemed, kept until they expire so a payload works only once. */
export const usedCaptchas = pgTable(
  'used_captchas',
  {
    challengeId: text('challenge_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_captchas_expires').on(t.expiresAt)],
);
