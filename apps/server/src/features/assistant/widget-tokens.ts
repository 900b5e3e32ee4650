// The widget's session token: an HS256 JWT with its own key (derived from the signing secret), type
// and audience, so it is never mistaken for an access token. It names the tenant and, when the
// portal sent a live access token to create-tokens, the user and their sign-in, which is checked on
// every use: logging out ends the widget's access to the account too.
import { ASSISTANT_TOKEN_TTL_SECONDS } from '@gridfront/contracts';
import type { FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { isSessionLive } from '../auth/refresh-tokens.ts';

const TYPE = 'assist+jwt';
const AUDIENCE = 'gridfront-assistant';
const ISSUER = 'gridfront';

export interface WidgetSession {
  tenantId: string;
  /** A random id per token: the per-token rate limit counts it. */
  sessionId: string;
  user: { userId: string; signInId: string } | null;
  /** An agent's token (staff page): the agent's sign-in and the customer's account they look at. */
  agent?: {
    userId: string;
    signInId: string;
    accountId: string;
    accountNumber: string;
    ownerUserId: string | null;
  };
}

export function widgetTokens(key: Uint8Array, ttlSeconds = ASSISTANT_TOKEN_TTL_SECONDS) {
  return {
    ttlSeconds,
    sign: (session: WidgetSession) =>
      new SignJWT({
        tid: session.tenantId,
        ...(session.user ? { uid: session.user.userId, sid: session.user.signInId } : {}),
        ...(session.agent ? { agt: session.agent } : {}),
      })
        .setProtectedHeader({ alg: 'HS256', typ: TYPE })
        .setJti(session.sessionId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token: string): Promise<WidgetSession | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: TYPE,
        });
        if (typeof payload.tid !== 'string' || typeof payload.jti !== 'string') return null;
        const user =
          typeof payload.uid === 'string' && typeof payload.sid === 'string'
            ? { userId: payload.uid, signInId: payload.sid }
            : null;
        const agent = agentOf(payload.agt);
        return { tenantId: payload.tid, sessionId: payload.jti, user, ...(agent ? { agent } : {}) };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type WidgetTokens = ReturnType<typeof widgetTokens>;

function agentOf(value: unknown): WidgetSession['agent'] | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const text = (key: string) => (typeof v[key] === 'string' ? (v[key] as string) : null);
  const [userId, signInId, accountId, accountNumber] = [
    'userId',
    'signInId',
    'accountId',
    'accountNumber',
  ].map(text);
  if (!userId || !signInId || !accountId || !accountNumber) return null;
  return { userId, signInId, accountId, accountNumber, ownerUserId: text('ownerUserId') };
}

export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S{10,4096})$/i.exec(header.trim()) : null;
  return match?.[1] ?? null;
}

/** Whether the sign-in a token was bound to is still alive (not logged out, not revoked). */
export async function boundUserIsLive(request: FastifyRequest, session: WidgetSession): Promise<boolean> {
  const signIn = session.agent ?? session.user;
  if (!signIn) return true;
  return isSessionLive(request.server.db, {
    tenantId: session.tenantId,
    userId: signIn.userId,
    familyId: signIn.signInId,
  });
}
