// Who the user is: verifies the short-lived HS256 access token (jose) carried in X-Access-Token
// (see client-credential.ts for the whole header scheme), checks that its sign-in is not revoked,
// and sets request.user. Routes that need a signed-in user add `preHandler: app.requireUser`.
import { createHmac, randomBytes, webcrypto } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCESS_TOKEN_HEADER } from '@gridfront/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { isSessionLive } from '../features/auth/refresh-tokens.ts';
import { HttpError, sendError } from './errors.ts';

const ISSUER = 'gridfront';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
const AUDIENCE = 'gridfront-portal';

export const authMessages = {
  required: 'Authentication required: send X-Access-Token with a valid access token',
} as const;

export interface RequestUser {
  userId: string;
  tenantId: string;
  /**
   * The refresh-token family (sign-in) the access token was issued for. Required: a token that
   * names no sign-in could not be revoked by logout or a password change.
   */
  sessionId: string;
}

/** Who a two-factor pending token names (no sign-in exists yet). */
export interface PendingUser {
  userId: string;
  tenantId: string;
}

export interface AccessTokens {
  sign(user: RequestUser): Promise<string>;
  /** The user the token names, or null when it is malformed, forged or expired. */
  verify(token: string): Promise<RequestUser | null>;
  /** The user of a token that verified before and has not expired; undefined when verify must run. */
  verifiedNow(token: string): RequestUser | undefined;
  ttlSeconds: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** Short-lived proof that the password was right while a second factor is still owed. */
    pendingTokens: PendingTokens;
    /** A key for one purpose (e.g. 'one-time-codes'), derived from the signing secret. */
    derivedKey: (purpose: string) => Buffer;
    requireUser: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
  }
  interface FastifyRequest {
    user: RequestUser | null;
    /**
     * True on a route with `config.sessionCheckedInStatement` until the route's own statement has
     * said that the sign-in is alive (confirmSession); request.user is not to be trusted before.
     */
    sessionUnconfirmed: boolean;
  }
  interface FastifyContextConfig {
    /**
     * The route's handler reads the sign-in's liveness in its own statement (one round trip instead
     * of two) and calls confirmSession with it before answering; identifyUser leaves it to the route.
     */
    sessionCheckedInStatement?: boolean;
  }
}

/**
 * The HS256 key as a CryptoKey, imported once: given raw bytes, jose imports them into WebCrypto on
 * every sign and verify, which was the largest share of a signed-in request's own CPU time.
 */
function hmacKey(raw: Uint8Array): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** How many verified access tokens each process remembers (about 0.5 KiB each). */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

export function createAccessTokens(
  secret: string,
  ttlSeconds: number,
  cacheSize = VERIFIED_TOKEN_CACHE_SIZE,
): AccessTokens {
  const key = hmacKey(new TextEncoder().encode(secret));
  // Tokens that verified, by their exact text, until their own expiry: a signed-in customer's
  // calls carry the same token for its whole life, and checking its signature again each time
  // (WebCrypto, asynchronous) was 5–7 % of a billing call's time. Only tokens that verified are
  // kept, so forged ones cost a check each and take no memory; the text is the whole signed token,
  // so a hit is exactly the token verified before. Bounded: the oldest entry makes room. Whether
  // the sign-in is still alive is not cached here (identifyUser or the route's statement reads it).
  const verified = new Map<string, { user: RequestUser; expiresAtMs: number }>();
  const remember = (token: string, user: RequestUser, exp: number | undefined) => {
    if (cacheSize <= 0 || exp === undefined) return;
    if (verified.size >= cacheSize) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, { user, expiresAtMs: exp * 1000 });
  };
  const verifiedNow = (token: string): RequestUser | undefined => {
    const hit = verified.get(token);
    if (!hit) return undefined;
    // As jose counts it: a token is good while the clock is before its exp.
    if (Date.now() < hit.expiresAtMs) return { ...hit.user };
    verified.delete(token);
    return undefined;
  };
  return {
    ttlSeconds,
    verifiedNow,
    sign: async (user) =>
      new SignJWT({ tid: user.tenantId, sid: user.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key),
    async verify(token) {
      const known = verifiedNow(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        // The ids are compared with uuid columns; anything else is no token of ours.
        if (!isUuid(payload.sub) || !isUuid(payload.tid) || !isUuid(payload.sid)) return null;
        const user = { userId: payload.sub, tenantId: payload.tid, sessionId: payload.sid };
        remember(token, user, payload.exp);
        return { ...user };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

const PENDING_TYPE = 'tfa-pending+jwt';
const PENDING_AUDIENCE = 'gridfront-tfa-pending';
export const PENDING_TOKEN_TTL_SECONDS = 600;

export interface PendingTokens {
  sign(user: PendingUser): Promise<string>;
  verify(token: string): Promise<PendingUser | null>;
}

/**
 * Two-factor pending tokens: signed like access tokens but with their own key, typ and audience,
 * so one can never be used where the other is expected.
 */
export function createPendingTokens(secret: string): PendingTokens {
  const key = hmacKey(createHmac('sha256', secret).update('tfa-pending-token').digest());
  return {
    sign: async (user) =>
      new SignJWT({ tid: user.tenantId })
        .setProtectedHeader({ alg: 'HS256', typ: PENDING_TYPE })
        .setSubject(user.userId)
        .setIssuer(ISSUER)
        .setAudience(PENDING_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${PENDING_TOKEN_TTL_SECONDS}s`)
        .sign(await key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: PENDING_AUDIENCE,
          typ: PENDING_TYPE,
        });
        if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string') return null;
        return { userId: payload.sub, tenantId: payload.tid };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

/**
 * The signing secret when JWT_SECRET is unset. config.ts only allows that on the embedded
 * database, which one process owns, so a secret kept beside its data survives restarts and is
 * shared by everything that can reach the same users.
 */
export function embeddedJwtSecret(dataDir: string): string {
  const path = join(dataDir, '.jwt-secret');
  if (existsSync(path)) {
    // A file's mode is set only when it is created: one left open to others is tightened here.
    chmodSync(path, 0o600);
    const stored = readFileSync(path, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return secret;
}

function bearerFrom(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  // "Bearer <jwt>" is tolerated as well as the bare token.
  const token = value.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length < 4096 ? token : null;
}

const ACCESS_TOKEN_HEADER_NAME = ACCESS_TOKEN_HEADER.toLowerCase();

function sessionOf(user: RequestUser) {
  return { tenantId: user.tenantId, userId: user.userId, familyId: user.sessionId };
}

/**
 * onRequest hook for the host scopes: sets request.user when a valid token for this tenant is sent
 * and its sign-in is still alive. The revocation check reads the database on every such request,
 * with no cache, so logout, a password change or reset and refresh-token reuse end the sign-in's
 * access tokens on every instance from the very next request. On a route with
 * `config.sessionCheckedInStatement` that read is part of the route's own statement instead (same
 * request, same database, no cache): the user is set with sessionUnconfirmed until confirmSession.
 */
export function identifyUser(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const token = bearerFrom(request.headers[ACCESS_TOKEN_HEADER_NAME]);
  if (!token) {
    done();
    return;
  }
  // A callback hook: a token verified before is known at once, with no promise made for it.
  const tokens = request.server.accessTokens;
  const known = tokens.verifiedNow(token);
  if (known) {
    identifyAs(request, known, done);
    return;
  }
  tokens.verify(token).then((user) => identifyAs(request, user, done), done);
}

function identifyAs(request: FastifyRequest, user: RequestUser | null, done: HookHandlerDoneFunction): void {
  // A token minted for another tenant is worth nothing here.
  if (!user || !request.tenant || user.tenantId !== request.tenant.id) {
    done();
    return;
  }
  if (request.routeOptions.config?.sessionCheckedInStatement === true) {
    request.user = user;
    request.sessionUnconfirmed = true;
    done();
    return;
  }
  isSessionLive(request.server.db, sessionOf(user)).then((live) => {
    if (live) request.user = user;
    done();
  }, done);
}

/**
 * On a route with `config.sessionCheckedInStatement`: `live` is what the route's statement read
 * about the sign-in (sessionLiveSql), or undefined when the statement found no row, in which case
 * the sign-in is read on its own so that a dead one is always 401, never a 404 that says whether
 * an account is the user's. A dead sign-in is refused exactly as requireUser refuses no token.
 * Does nothing where identifyUser already checked the sign-in.
 */
export async function confirmSession(request: FastifyRequest, live: boolean | undefined): Promise<void> {
  if (!request.sessionUnconfirmed) return;
  const user = request.user;
  const alive = user !== null && (live ?? (await isSessionLive(request.server.db, sessionOf(user))));
  if (!alive) {
    request.user = null;
    throw new HttpError(401, authMessages.required);
  }
  request.sessionUnconfirmed = false;
}

/**
 * preSerialization hook for the scopes whose routes use `config.sessionCheckedInStatement`: an
 * answer whose handler never confirmed the sign-in is a fault (500), never sent.
 */
export async function assertSessionConfirmed(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const fault = unconfirmedSessionFault(request, reply);
  if (fault) throw fault;
}

/** The fault assertSessionConfirmed throws, or null: for a callback-style hook. */
export function unconfirmedSessionFault(request: FastifyRequest, reply: FastifyReply): Error | null {
  if (request.sessionUnconfirmed && reply.statusCode < 400)
    return new Error(`${request.method} ${request.url} answered without confirming the sign-in`);
  return null;
}

export interface AuthPluginOptions {
  secret: string;
  accessTokenTtlSeconds: number;
}

const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (app, options) => {
  app.decorate('accessTokens', createAccessTokens(options.secret, options.accessTokenTtlSeconds));
  app.decorate('pendingTokens', createPendingTokens(options.secret));
  app.decorate('derivedKey', (purpose: string) =>
    createHmac('sha256', options.secret).update(`derived:${purpose}`).digest(),
  );
  app.decorateRequest('user', null);
  app.decorateRequest('sessionUnconfirmed', false);
  // A callback hook: no promise per request for a check that never waits.
  app.decorate(
    'requireUser',
    (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (!request.user) {
        sendError(reply, 401, authMessages.required);
        return;
      }
      done();
    },
  );
};

export const auth = fp(authPlugin, { name: 'auth' });

/** The signed-in user on routes guarded by app.requireUser. */
export function userOf(request: FastifyRequest): RequestUser {
  if (!request.user) throw new HttpError(401, authMessages.required);
  return request.user;
}
