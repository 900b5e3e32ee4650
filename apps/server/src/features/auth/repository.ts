import type { SessionUser } from '@gridfront/contracts';
import { and, eq, exists, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { profiles, userAccounts, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** Usernames are unique per tenant without regard to case (users_tenant_username index). */
export async function findUserByUsername(
  db: Database | Transaction,
  tenantId: string,
  username: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`lower(${users.username}) = lower(${username.trim()})`))
    .limit(1);
  return row ?? null;
}

export async function findUserById(
  db: Database | Transaction,
  tenantId: string,
  userId: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

/** The flags the portal keeps after sign-in (spec point 3). */
export async function loadSessionUser(
  db: Database,
  tenantId: string,
  userId: string,
): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      username: users.username,
      fullName: users.fullName,
      emailVerifiedAt: users.emailVerifiedAt,
      tfaEnabled: users.tfaEnabled,
      hasAccount: exists(
        db.select({ one: sql`1` }).from(userAccounts).where(eq(userAccounts.userId, users.id)),
      ).mapWith(Boolean),
      hasProfile: exists(
        db.select({ one: sql`1` }).from(profiles).where(eq(profiles.userId, users.id)),
      ).mapWith(Boolean),
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  if (!row) return null;
  return {
    username: row.username,
    fullName: row.fullName,
    emailVerified: row.emailVerifiedAt !== null,
    tfaEnabled: row.tfaEnabled,
    hasAccount: row.hasAccount,
    hasProfile: row.hasProfile,
  };
}
