// Lockout with a growing delay, on top of the address/username throttle: after LOCKOUT.threshold
// failed sign-ins in a row a username waits 1, 2, 4 … up to 60 minutes. A username that belongs to
// nobody follows the very same schedule (its state is kept in rate_limit_counters instead of the
// users row), so neither the status, the message nor the wait tells whether an account exists.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { rateLimitCounters, users } from '../../db/schema/index.ts';
import { rateLimitBucket } from '../../lib/rate-limiter.ts';

export const LOCKOUT = {
  threshold: 5,
  maxMinutes: 60,
  /** A failure this long after the end of the last lock starts the count again. */
  forgetAfterHours: 24,
} as const;

export function lockoutMinutes(failures: number): number {
  if (failures < LOCKOUT.threshold) return 0;
  return Math.min(LOCKOUT.maxMinutes, 2 ** (failures - LOCKOUT.threshold));
}

export function lockedMessage(until: Date, now = Date.now()): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now) / 60_000));
  return `Your account is temporarily locked after too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** This instance's clock as SQL: locks are set and checked against the same clock. */
function at(now: Date): SQL {
  return sql`${now.toISOString()}::timestamptz`;
}

/** lockoutMinutes in SQL, so that a failure is counted and its lock set by one statement. */
function lockEndSql(failures: SQL, now: Date): SQL<Date> {
  return sql<Date>`${at(now)} + case when ${failures} >= ${LOCKOUT.threshold}
    then least(${LOCKOUT.maxMinutes}, power(2, ${failures} - ${LOCKOUT.threshold})) * interval '1 minute'
    else interval '0 minutes' end`;
}

const FORGET_AFTER = sql`make_interval(hours => ${LOCKOUT.forgetAfterHours})`;

/**
 * Counts a failure of a real user and sets the end of the lock it earns (now, below the threshold,
 * so that locked_until also says when the last failure was). One statement: a crash or a parallel
 * failure can never leave a count without its lock.
 */
export async function registerLoginFailure(
  db: Database | Transaction,
  tenantId: string,
  userId: string,
  now = new Date(),
): Promise<Date | null> {
  const failures = sql`(case when ${users.lockedUntil} < ${at(now)} - ${FORGET_AFTER} then 1
    else ${users.failedLoginCount} + 1 end)`;
  const [row] = await db
    .update(users)
    .set({ failedLoginCount: sql`${failures}`, lockedUntil: lockEndSql(failures, now) })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning({ failures: users.failedLoginCount, lockedUntil: users.lockedUntil });
  return row && lockoutMinutes(row.failures) > 0 ? row.lockedUntil : null;
}

export async function clearLoginFailures(db: Database | Transaction, userId: string): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}

/**
 * An unknown username's state is one counter row: hits are its failures in a row, and expires_at
 * is the end of its lock plus LOCKOUT.forgetAfterHours, after which the row is swept and the count
 * starts again, exactly as registerLoginFailure forgets a real user's failures.
 */
const UNKNOWN_NAME_RULE = 'login-unknown-lock';
const SINGLE_WINDOW = new Date(0);

function unknownNameBucket(tenantId: string, username: string): string {
  return rateLimitBucket(tenantId, UNKNOWN_NAME_RULE, username);
}

export async function registerUnknownNameFailure(
  db: Database | Transaction,
  tenantId: string,
  username: string,
  now = new Date(),
): Promise<Date | null> {
  const failures = sql`(case when ${rateLimitCounters.expiresAt} < ${at(now)} then 1
    else ${rateLimitCounters.hits} + 1 end)`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({
      bucket: unknownNameBucket(tenantId, username),
      windowStart: SINGLE_WINDOW,
      hits: 1,
      expiresAt: sql`${lockEndSql(sql`1`, now)} + ${FORGET_AFTER}`,
    })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { hits: sql`${failures}`, expiresAt: sql`${lockEndSql(failures, now)} + ${FORGET_AFTER}` },
    })
    .returning({
      failures: rateLimitCounters.hits,
      lockedUntil: sql<Date>`${rateLimitCounters.expiresAt} - ${FORGET_AFTER}`.mapWith(
        rateLimitCounters.expiresAt,
      ),
    });
  return row && lockoutMinutes(row.failures) > 0 ? row.lockedUntil : null;
}

/** When the lock of a username that belongs to nobody ends (null when it is not locked). */
export async function unknownNameLockedUntil(
  db: Database | Transaction,
  tenantId: string,
  username: string,
  now = new Date(),
): Promise<Date | null> {
  const [row] = await db
    .select({
      lockedUntil: sql<Date>`${rateLimitCounters.expiresAt} - ${FORGET_AFTER}`.mapWith(
        rateLimitCounters.expiresAt,
      ),
    })
    .from(rateLimitCounters)
    .where(
      and(
        eq(rateLimitCounters.bucket, unknownNameBucket(tenantId, username)),
        eq(rateLimitCounters.windowStart, SINGLE_WINDOW),
      ),
    )
    .limit(1);
  return row && row.lockedUntil.getTime() > now.getTime() ? row.lockedUntil : null;
}
