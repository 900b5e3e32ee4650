// What the product forgets, and when. Each rule is a plain DELETE (or, for mail bodies, an UPDATE)
// with a time condition, taken in bounded batches under SKIP LOCKED: several instances can run
// it at the same moment, and each row is removed once whoever gets there first.
import { and, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { RetentionDays } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import {
  assistantConversations,
  auditLog,
  mailOutbox,
  oneTimeCodes,
  paymentTokens,
  rateLimitCounters,
  refreshTokens,
  usedCaptchas,
} from '../../db/schema/index.ts';
import { eraseOldBodies } from '../mail/outbox.ts';

export interface PurgeLimits {
  /** Rows per statement, so no purge holds many locks or a long transaction. */
  batchSize: number;
  /** Statements per rule and run; what is left waits for the next run. */
  maxBatches: number;
}

export const DEFAULT_PURGE_LIMITS: PurgeLimits = { batchSize: 1000, maxBatches: 20 };

/** In the order they run: mail bodies before rows, since a row too young to delete may already be too old to keep its text. */
const PURGE_RULES = [
  'mailBodies',
  'mailOutbox',
  'auditLog',
  'oneTimeCodes',
  'refreshTokens',
  'usedCaptchas',
  'rateLimitCounters',
  'paymentTokens',
  'assistantConversations',
] as const;

export type PurgeRule = (typeof PURGE_RULES)[number];

export type PurgeReport = Record<PurgeRule, number>;

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

/** One batch of each rule: how many rows it erased or deleted. */
function batchesOf(
  db: Database,
  retention: RetentionDays,
): Record<PurgeRule, (limit: number) => Promise<number>> {
  return {
    mailBodies: (limit) => eraseOldBodies(db, limit),
    mailOutbox: async (limit) => {
      const due = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        // A pending message is still to be sent, however old.
        .where(and(ne(mailOutbox.status, 'pending'), lt(mailOutbox.createdAt, daysAgo(retention.outbox))))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .delete(mailOutbox)
        .where(inArray(mailOutbox.id, due))
        .returning({ id: mailOutbox.id });
      return rows.length;
    },
    auditLog: async (limit) => {
      const due = db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(lt(auditLog.createdAt, daysAgo(retention.audit)))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db.delete(auditLog).where(inArray(auditLog.id, due)).returning({ id: auditLog.id });
      return rows.length;
    },
    // Every code expires minutes after it is made, used or not.
    oneTimeCodes: async (limit) => {
      const due = db
        .select({ id: oneTimeCodes.id })
        .from(oneTimeCodes)
        .where(lt(oneTimeCodes.expiresAt, daysAgo(retention.tokens)))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .delete(oneTimeCodes)
        .where(inArray(oneTimeCodes.id, due))
        .returning({ id: oneTimeCodes.id });
      return rows.length;
    },
    // Revocation always takes a whole family, so a revoked row's family is dead whether or not the
    // row remains. A spent but live token is kept: presenting it again is how reuse is detected.
    refreshTokens: async (limit) => {
      const cutoff = daysAgo(retention.tokens);
      const due = db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(
          or(
            lt(refreshTokens.expiresAt, cutoff),
            and(isNotNull(refreshTokens.revokedAt), lt(refreshTokens.revokedAt, cutoff)),
          ),
        )
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .delete(refreshTokens)
        .where(inArray(refreshTokens.id, due))
        .returning({ id: refreshTokens.id });
      return rows.length;
    },
    // An expired challenge fails verification anyway; its id no longer needs guarding.
    usedCaptchas: async (limit) => {
      const due = db
        .select({ id: usedCaptchas.challengeId })
        .from(usedCaptchas)
        .where(lt(usedCaptchas.expiresAt, sql`now()`))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .delete(usedCaptchas)
        .where(inArray(usedCaptchas.challengeId, due))
        .returning({ id: usedCaptchas.challengeId });
      return rows.length;
    },
    // A counter whose window has ended counts nothing any more.
    rateLimitCounters: async (limit) => {
      const due = db
        .select({ bucket: rateLimitCounters.bucket, windowStart: rateLimitCounters.windowStart })
        .from(rateLimitCounters)
        .where(lt(rateLimitCounters.expiresAt, sql`now()`))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .delete(rateLimitCounters)
        .where(sql`(${rateLimitCounters.bucket}, ${rateLimitCounters.windowStart}) in (${due})`)
        .returning({ bucket: rateLimitCounters.bucket });
      return rows.length;
    },
    // Payment links live 15 minutes; the payment they took keeps its own record.
    // An AI Assist conversation goes with its messages and feedback (cascade) after its last message.
    assistantConversations: async (limit) => {
      const due = db
        .select({ id: assistantConversations.id })
        .from(assistantConversations)
        .where(lt(assistantConversations.updatedAt, daysAgo(retention.assistant ?? 90)))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .delete(assistantConversations)
        .where(inArray(assistantConversations.id, due))
        .returning({ id: assistantConversations.id });
      return rows.length;
    },
    paymentTokens: async (limit) => {
      const due = db
        .select({ id: paymentTokens.id })
        .from(paymentTokens)
        .where(lt(paymentTokens.expiresAt, daysAgo(retention.tokens)))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .delete(paymentTokens)
        .where(inArray(paymentTokens.id, due))
        .returning({ id: paymentTokens.id });
      return rows.length;
    },
  };
}

/** Runs every rule once, each in at most limits.maxBatches batches; returns what each removed. */
export async function purgeExpiredData(
  db: Database,
  retention: RetentionDays,
  limits: PurgeLimits = DEFAULT_PURGE_LIMITS,
): Promise<PurgeReport> {
  const batches = batchesOf(db, retention);
  const report: PurgeReport = {
    mailBodies: 0,
    mailOutbox: 0,
    auditLog: 0,
    oneTimeCodes: 0,
    refreshTokens: 0,
    usedCaptchas: 0,
    rateLimitCounters: 0,
    paymentTokens: 0,
    assistantConversations: 0,
  };
  for (const rule of PURGE_RULES) {
    for (let round = 0; round < limits.maxBatches; round += 1) {
      const removed = await batches[rule](limits.batchSize);
      report[rule] += removed;
      if (removed < limits.batchSize) break;
    }
  }
  return report;
}
