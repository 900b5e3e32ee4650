// Failed-login limits that hold across every instance: failures are already written to the audit
// log, so they are counted there (PostgreSQL is the shared state) rather than in process memory.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export const LOGIN_FAILURE_ACTION = 'auth.login.failure';
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60_000,
  /** Guessing one user's password. */
  maxFailuresPerUsername: 10,
  /** Spraying passwords over many users from one address. */
  maxFailuresPerIp: 50,
} as const;
export const loginThrottledMessage = 'Too many failed login attempts. Please try again later.';

/** The attempted username as recorded in a failure's detail, so it can be counted later. */
export function throttleKey(username: string): string {
  return username.trim().toLowerCase();
}

export async function isLoginThrottled(
  db: Database,
  input: { tenantId: string; username: string; ip: string },
): Promise<boolean> {
  const since = new Date(Date.now() - LOGIN_THROTTLE.windowMs);
  const [counts] = await db
    .select({
      byUsername:
        sql<number>`count(*) filter (where ${auditLog.detail}->>'username' = ${throttleKey(input.username)})`.mapWith(
          Number,
        ),
      byIp: sql<number>`count(*) filter (where ${auditLog.ip} = ${input.ip})`.mapWith(Number),
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.tenantId, input.tenantId),
        eq(auditLog.action, LOGIN_FAILURE_ACTION),
        gt(auditLog.createdAt, since),
      ),
    );
  if (!counts) return false;
  return (
    counts.byUsername >= LOGIN_THROTTLE.maxFailuresPerUsername ||
    counts.byIp >= LOGIN_THROTTLE.maxFailuresPerIp
  );
}
