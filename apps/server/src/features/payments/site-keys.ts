// Payment site keys (issue 8): the server credential of a utility's own web site for the payments
// host. An administrator makes, lists and revokes them (features/admin/site-keys-routes.ts); the
// site's server sends one in `Authorization: Bearer gfsk_…` to /pay/auth/generateAuthToken. The
// secret is 32 random bytes: its SHA-256 is all that is kept, and a key is found by that hash in one
// conditional UPDATE that also stamps its use. A key is a server-to-server secret: a call that
// looks like a browser's (Origin, Sec-Fetch-Site) or carries a sign-in is refused before the key is
// looked at.
import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_HEADER } from '@gridfront/contracts';
import {
  type AdminSiteKey,
  MAX_ACTIVE_SITE_KEYS,
  SITE_KEY_PREFIX,
  siteKeyMessages,
} from '@gridfront/contracts/admin-site-keys';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { siteKeys, tenants, users } from '../../db/schema/index.ts';
import {
  enforceRateLimits,
  hitRateLimit,
  peekRateLimit,
  type RateLimitRule,
  refuse,
} from '../../lib/rate-limiter.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { HttpError } from '../../plugins/errors.ts';

/** Tokens a key may ask for, and wrong keys an address may send, per window. */
export const SITE_KEY_LIMITS = {
  tokensPerKey: { name: 'site-key-tokens', limit: 120, windowSeconds: 60 },
  failuresPerIp: { name: 'site-key-fail-ip', limit: 20, windowSeconds: 900 },
} as const satisfies Record<string, RateLimitRule>;

const BEARER_SITE_KEY = new RegExp(`^Bearer\\s+(${SITE_KEY_PREFIX}[A-Za-z0-9_-]{1,100})\\s*$`, 'i');
/**
 * Headers only a browser sends (a page's script cannot remove them), or a signed-in user's token.
 * Not Sec-Fetch-Mode: Node's own fetch (undici) sends `sec-fetch-mode: cors` on every call, and a
 * utility's server may well use it; a browser always sends Sec-Fetch-Site beside it.
 */
const BROWSER_HEADERS = ['origin', 'sec-fetch-site', ACCESS_TOKEN_HEADER.toLowerCase()];

export function hashSiteKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The site key of `Authorization: Bearer gfsk_…`, or null when the header holds none. */
export function siteKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.toLowerCase().includes(SITE_KEY_PREFIX)) return null;
  return BEARER_SITE_KEY.exec(header)?.[1] ?? header;
}

export interface SiteCaller {
  keyId: string;
}

/**
 * The key of this call, valid for `tenantId` and not revoked (401 otherwise, nothing issued), within
 * its rate limit (429). Stamps the key's last use.
 */
export async function authenticateSiteKey(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  tenantId: string,
  secret: string,
): Promise<SiteCaller> {
  if (request.user || BROWSER_HEADERS.some((name) => request.headers[name] !== undefined)) {
    throw new HttpError(401, siteKeyMessages.fromBrowser);
  }
  const failures = { rule: SITE_KEY_LIMITS.failuresPerIp, subject: request.ip };
  const state = await peekRateLimit(db, tenantId, failures);
  if (!state.allowed) refuse(reply, state.retryAfterSeconds);
  const [key] = await db
    .update(siteKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(siteKeys.tenantId, tenantId),
        eq(siteKeys.keyHash, hashSiteKey(secret)),
        isNull(siteKeys.revokedAt),
      ),
    )
    .returning({ id: siteKeys.id });
  if (!key) {
    await hitRateLimit(db, tenantId, failures);
    throw new HttpError(401, siteKeyMessages.invalid);
  }
  await enforceRateLimits(db, tenantId, [{ rule: SITE_KEY_LIMITS.tokensPerKey, subject: key.id }], reply);
  return { keyId: key.id };
}

const keyColumns = {
  keyId: siteKeys.id,
  name: siteKeys.name,
  last4: siteKeys.last4,
  createdBy: users.username,
  createdAt: siteKeys.createdAt,
  lastUsedAt: siteKeys.lastUsedAt,
  revokedAt: siteKeys.revokedAt,
};

type KeyRow = {
  keyId: string;
  name: string;
  last4: string;
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

function keyJson(row: KeyRow): AdminSiteKey {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

function selectKeys(db: Database) {
  return db
    .select(keyColumns)
    .from(siteKeys)
    .leftJoin(users, and(eq(users.id, siteKeys.createdBy), eq(users.tenantId, siteKeys.tenantId)));
}

/** The utility's keys, newest first, revoked ones included. */
export async function listSiteKeys(db: Database, tenantId: string): Promise<AdminSiteKey[]> {
  const rows = await selectKeys(db)
    .where(eq(siteKeys.tenantId, tenantId))
    .orderBy(desc(siteKeys.createdAt), desc(siteKeys.id));
  return rows.map(keyJson);
}

async function keyById(db: Database, tenantId: string, keyId: string): Promise<AdminSiteKey | null> {
  const [row] = await selectKeys(db)
    .where(and(eq(siteKeys.tenantId, tenantId), eq(siteKeys.id, keyId)))
    .limit(1);
  return row ? keyJson(row) : null;
}

export interface AdminActor {
  tenantId: string;
  userId: string | null;
}

/** Makes a key; its secret is in this answer only. 409 past MAX_ACTIVE_SITE_KEYS active keys. */
export async function createSiteKey(
  db: Database,
  request: FastifyRequest,
  actor: AdminActor,
  name: string,
): Promise<{ key: AdminSiteKey; secret: string }> {
  const secret = `${SITE_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const keyId = await db.transaction(async (tx) => {
    // The tenant row, locked: two keys made at once cannot both pass the count.
    await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, actor.tenantId)).for('update');
    const [active] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(siteKeys)
      .where(and(eq(siteKeys.tenantId, actor.tenantId), isNull(siteKeys.revokedAt)));
    if ((active?.count ?? 0) >= MAX_ACTIVE_SITE_KEYS) throw new HttpError(409, siteKeyMessages.tooMany);
    const [row] = await tx
      .insert(siteKeys)
      .values({
        tenantId: actor.tenantId,
        name,
        keyHash: hashSiteKey(secret),
        last4: secret.slice(-4),
        createdBy: actor.userId,
      })
      .returning({ id: siteKeys.id });
    if (!row) throw new Error('the site key was not inserted');
    await recordAudit(tx, request, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      action: 'admin.site_key.create',
      detail: { keyId: row.id, name, last4: secret.slice(-4) },
    });
    return row.id;
  });
  const key = await keyById(db, actor.tenantId, keyId);
  if (!key) throw new Error('the new site key was not found');
  return { key, secret };
}

/** Revokes a key of this utility at once (404 for any other); revoking it again changes nothing. */
export async function revokeSiteKey(
  db: Database,
  request: FastifyRequest,
  actor: AdminActor,
  keyId: string,
): Promise<AdminSiteKey> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(siteKeys)
      .set({ revokedAt: sql`now()`, revokedBy: actor.userId })
      .where(and(eq(siteKeys.tenantId, actor.tenantId), eq(siteKeys.id, keyId), isNull(siteKeys.revokedAt)))
      .returning({ name: siteKeys.name, last4: siteKeys.last4 });
    if (!revoked) return;
    await recordAudit(tx, request, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      action: 'admin.site_key.revoke',
      detail: { keyId, name: revoked.name, last4: revoked.last4 },
    });
  });
  const key = await keyById(db, actor.tenantId, keyId);
  if (!key) throw new HttpError(404, siteKeyMessages.notFound);
  return key;
}
