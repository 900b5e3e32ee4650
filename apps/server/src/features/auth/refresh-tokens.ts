// Opaque refresh tokens: 256 random bits handed to the client once; only their SHA-256 is stored,
// so a database leak yields nothing usable. A family groups the rotations of one sign-in.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, exists, gt, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/index.ts';

/**
 * Two tabs of one customer refresh at nearly the same moment with the same token; the slower one
 * arrives just after the faster one rotated it. A second use this soon after the first is taken for
 * that race, not for theft, and gets a new token of the same family instead of ending every session.
 * Kept short because a replay inside the window is not detected as reuse.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 20;

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssueRefreshTokenInput {
  tenantId: string;
  userId: string;
  ttlDays: number;
  familyId?: string;
  ip?: string | null;
  userAgent?: string | null;
}

export async function issueRefreshToken(
  db: Database | Transaction,
  input: IssueRefreshTokenInput,
): Promise<string> {
  const token = newRefreshToken();
  await db.insert(refreshTokens).values({
    tenantId: input.tenantId,
    userId: input.userId,
    familyId: input.familyId ?? randomUUID(),
    tokenHash: hashRefreshToken(token),
    expiresAt: new Date(Date.now() + input.ttlDays * 86_400_000),
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 256) ?? null,
  });
  return token;
}

/** Revokes the family of the presented token (the whole sign-in); returns its user, if any. */
export async function revokeRefreshTokenFamily(
  db: Database,
  tenantId: string,
  token: string,
): Promise<string | null> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.tokenHash, hashRefreshToken(token))))
    .limit(1);
  if (!row) return null;
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
  return row.userId;
}

/**
 * The user and family of a token spent within the last REFRESH_REUSE_GRACE_SECONDS whose family is
 * alive (the token unexpired, no token of the family revoked); null otherwise. Only reads: the
 * caller issues the new token, and the first use has already marked the token spent atomically.
 */
export async function findRecentlySpentToken(
  db: Database,
  tenantId: string,
  tokenHash: string,
): Promise<{ userId: string; familyId: string } | null> {
  const sibling = alias(refreshTokens, 'sibling');
  const [row] = await db
    .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tenantId, tenantId),
        eq(refreshTokens.tokenHash, tokenHash),
        // The database clock, as for used_at itself, so that instances' clocks do not matter.
        gt(refreshTokens.usedAt, sql`now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS})`),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(sibling)
            .where(and(eq(sibling.familyId, refreshTokens.familyId), isNotNull(sibling.revokedAt))),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Whether the sign-in an access token names is still alive: its family exists for this user and
 * no token of it is revoked (logout, password change or reset, reuse detection all revoke). One
 * read on the family index, made on every request that carries an access token, so a revocation
 * holds on every instance from the next request on.
 */
export async function isSessionLive(
  db: Database,
  session: { tenantId: string; userId: string; familyId: string },
): Promise<boolean> {
  const [row] = await sessionLiveStatement(db).execute(session);
  return row !== undefined && !row.revoked;
}

function buildSessionLive(db: Database) {
  const family = and(
    eq(refreshTokens.familyId, sql.placeholder('familyId')),
    eq(refreshTokens.tenantId, sql.placeholder('tenantId')),
    eq(refreshTokens.userId, sql.placeholder('userId')),
  );
  // Two index probes (the revoked one on a partial index), not a scan of every rotation: the first
  // row of the family, and whether any of its rows is revoked. No row at all is no session either.
  const revokedRow = db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(family, isNotNull(refreshTokens.revokedAt)));
  return db
    .select({ revoked: sql<boolean>`${exists(revokedRow)}`.mapWith(Boolean) })
    .from(refreshTokens)
    .where(family)
    .limit(1)
    .prepare('session_live');
}

// Built once per database and named: this read runs on every signed-in request, so PostgreSQL
// parses and plans it once per connection and drizzle does not rebuild its SQL each time.
const sessionLiveStatements = new WeakMap<Database, ReturnType<typeof buildSessionLive>>();

function sessionLiveStatement(db: Database) {
  let statement = sessionLiveStatements.get(db);
  if (!statement) {
    statement = buildSessionLive(db);
    sessionLiveStatements.set(db, statement);
  }
  return statement;
}
