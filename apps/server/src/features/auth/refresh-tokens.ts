// Opaque refresh tokens: 256 random bits handed to the client once; only their SHA-256 is stored,
// so a database leak yields nothing usable. A family groups the rotations of one sign-in.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/index.ts';

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

export async function issueRefreshToken(db: Database, input: IssueRefreshTokenInput): Promise<string> {
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
