// Starting and rotating sessions: an access token (minutes) naming its refresh-token family, and an
// opaque refresh token that rotates on every use; presenting a used or revoked one revokes its
// whole family, because then two parties hold the same session, unless it was spent moments ago
// (two tabs refreshing at once, see REFRESH_REUSE_GRACE_SECONDS).
import { messages, type SessionResponse } from '@gridfront/contracts';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/index.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import { setTokenCookies } from './cookies.ts';
import { findRecentlySpentToken, hashRefreshToken, issueRefreshToken } from './refresh-tokens.ts';
import { findUserById, loadSessionUser } from './repository.ts';

export interface SessionContext {
  app: FastifyInstance;
  tenant: Tenant;
  request: FastifyRequest;
  reply: FastifyReply;
  refreshTokenTtlDays: number;
}

/** Stores a new refresh token of the family (in the caller's transaction when it has one). */
function storeRefreshToken(
  context: SessionContext,
  db: Database | Transaction,
  userId: string,
  familyId: string,
) {
  const { tenant, request } = context;
  return issueRefreshToken(db, {
    tenantId: tenant.id,
    userId,
    familyId,
    ttlDays: context.refreshTokenTtlDays,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
}

/** The access token naming the family, and both cookies, for a refresh token already stored. */
async function handOutTokens(
  context: SessionContext,
  userId: string,
  familyId: string,
  refreshToken: string,
) {
  const { app, tenant, reply } = context;
  const accessToken = await app.accessTokens.sign({ userId, tenantId: tenant.id, sessionId: familyId });
  setTokenCookies(reply, {
    accessToken,
    accessTtlSeconds: app.accessTokens.ttlSeconds,
    refreshToken,
    refreshTtlDays: context.refreshTokenTtlDays,
  });
  return { accessToken, refreshToken, expiresIn: app.accessTokens.ttlSeconds };
}

async function issueTokens(context: SessionContext, userId: string, familyId: string) {
  const refreshToken = await storeRefreshToken(context, context.app.db, userId, familyId);
  return handOutTokens(context, userId, familyId, refreshToken);
}

/** A new sign-in: new family, tokens, cookies and the audit entry. */
export async function startSession(
  context: SessionContext,
  userId: string,
  message: string,
  auditAction = 'auth.login.success',
): Promise<SessionResponse> {
  const user = await loadSessionUser(context.app.db, context.tenant.id, userId);
  if (!user) throw new HttpError(401, messages.invalidCredentials);
  // Every way in (password, two-factor code, verified sign-up) ends here: a disabled user gets none.
  if ((await findUserById(context.app.db, context.tenant.id, userId))?.disabledAt) {
    throw new HttpError(403, messages.accountDisabled);
  }
  const tokens = await issueTokens(context, userId, crypto.randomUUID());
  await recordAudit(context.app.db, context.request, {
    tenantId: context.tenant.id,
    userId,
    action: auditAction,
  });
  return { message, tfaRequired: false, ...tokens, user };
}

export const refreshedMessage = 'Session refreshed';

/** Rotates a refresh token. Any failure answers the spec's 'Sorry, unable to continue your session'. */
export async function rotateSession(context: SessionContext, presented: string | undefined) {
  const { app, tenant, request } = context;
  if (!presented) throw new HttpError(401, messages.refreshFailed);
  const tokenHash = hashRefreshToken(presented);
  // Claiming the token is one conditional update, so two parallel uses cannot both rotate it; the
  // claim and its successor commit together, so a failure in between never spends the token
  // without a new one (the client would be signed out, or a retry taken for theft).
  const rotated = await app.db.transaction(async (tx) => {
    const [claim] = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.tenantId, tenant.id),
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
    if (!claim) return null;
    const refreshToken = await storeRefreshToken(context, tx, claim.userId, claim.familyId);
    return { ...claim, refreshToken };
  });
  if (!rotated) {
    // A benign race: another tab rotated this token seconds ago. A new token of the same family
    // (a new row); the winner's token stays valid, so both tabs keep a working session.
    const raced = await findRecentlySpentToken(app.db, tenant.id, tokenHash);
    if (raced) {
      const user = await loadSessionUser(app.db, tenant.id, raced.userId);
      if (!user) throw new HttpError(401, messages.refreshFailed);
      const tokens = await issueTokens(context, raced.userId, raced.familyId);
      await recordAudit(app.db, request, {
        tenantId: tenant.id,
        userId: raced.userId,
        action: 'auth.refresh.race',
        detail: { familyId: raced.familyId },
      });
      return { message: refreshedMessage, ...tokens };
    }
    const [known] = await app.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tenantId, tenant.id), eq(refreshTokens.tokenHash, tokenHash)))
      .limit(1);
    if (known && (known.usedAt || known.revokedAt)) {
      await app.db.transaction(async (tx) => {
        await revokeFamily(tx, known.familyId);
        await recordAudit(tx, request, {
          tenantId: tenant.id,
          userId: known.userId,
          action: 'auth.refresh.reuse',
          detail: { familyId: known.familyId },
        });
      });
    } else if (known) {
      await recordAudit(app.db, request, {
        tenantId: tenant.id,
        userId: known.userId,
        action: 'auth.refresh.expired',
      });
    }
    throw new HttpError(401, messages.refreshFailed);
  }
  const tokens = await handOutTokens(context, rotated.userId, rotated.familyId, rotated.refreshToken);
  return { message: refreshedMessage, ...tokens };
}

export async function revokeFamily(db: Database | Transaction, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every session of a user, or every one but `keepFamilyId` (the caller's own). */
export async function revokeUserSessions(db: Database | Transaction, userId: string, keepFamilyId?: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
}
