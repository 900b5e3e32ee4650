// Per-user lockout with a growing delay, on top of the address/username throttle: after
// LOCKOUT.threshold failed sign-ins in a row the account waits 1, 2, 4 … up to 60 minutes.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export const LOCKOUT = { threshold: 5, maxMinutes: 60 } as const;

export function lockoutMinutes(failures: number): number {
  if (failures < LOCKOUT.threshold) return 0;
  return Math.min(LOCKOUT.maxMinutes, 2 ** (failures - LOCKOUT.threshold));
}

export function lockedMessage(until: Date, now = Date.now()): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now) / 60_000));
  return `Your account is temporarily locked after too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Counts a failure; returns the lock end when this failure locks the account. */
export async function registerLoginFailure(
  db: Database,
  tenantId: string,
  userId: string,
): Promise<Date | null> {
  const [row] = await db
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning({ failures: users.failedLoginCount });
  const minutes = lockoutMinutes(row?.failures ?? 0);
  if (minutes === 0) return null;
  const until = new Date(Date.now() + minutes * 60_000);
  await db.update(users).set({ lockedUntil: until }).where(eq(users.id, userId));
  return until;
}

export async function clearLoginFailures(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}
