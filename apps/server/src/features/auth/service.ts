// Sign-in and sign-out. Routes only translate HTTP to these calls and back.
import { type LoginResponse, messages } from '@gridfront/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { AccessTokens } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import {
  isLoginThrottled,
  LOGIN_FAILURE_ACTION,
  loginThrottledMessage,
  throttleKey,
} from './login-throttle.ts';
import { verifyAgainstDecoy, verifyPassword } from './password.ts';
import { issueRefreshToken, revokeRefreshTokenFamily } from './refresh-tokens.ts';
import { findLoginCandidate, loadSessionUser } from './repository.ts';

export const authResultMessages = {
  loggedIn: 'Login successful',
  tfaRequired: 'Two-factor authentication required: enter the verification code sent to your email',
  loggedOut: 'Logged out successfully',
} as const;

export interface AuthContext {
  db: Database;
  tenant: Tenant;
  request: FastifyRequest;
  accessTokens: AccessTokens;
  refreshTokenTtlDays: number;
}

export async function login(
  context: AuthContext,
  username: string,
  password: string,
): Promise<LoginResponse> {
  const { db, tenant, request } = context;
  const attempted = throttleKey(username);

  if (await isLoginThrottled(db, { tenantId: tenant.id, username, ip: request.ip })) {
    await recordAudit(db, request, {
      tenantId: tenant.id,
      action: 'auth.login.throttled',
      detail: { username: attempted },
    });
    throw new HttpError(429, loginThrottledMessage);
  }

  const candidate = await findLoginCandidate(db, tenant.id, username);
  const passwordMatches = candidate
    ? await verifyPassword(candidate.passwordHash, password)
    : await verifyAgainstDecoy(password);
  const user = candidate && passwordMatches ? await loadSessionUser(db, tenant.id, candidate.id) : null;
  if (!candidate || !user) {
    // One answer for an unknown user and a wrong password; the log keeps the difference.
    await recordAudit(db, request, {
      tenantId: tenant.id,
      userId: candidate?.id ?? null,
      action: LOGIN_FAILURE_ACTION,
      detail: { username: attempted, reason: candidate ? 'wrong_password' : 'unknown_user' },
    });
    throw new HttpError(401, messages.invalidCredentials);
  }

  if (candidate.tfaEnabled) {
    await recordAudit(db, request, {
      tenantId: tenant.id,
      userId: candidate.id,
      action: 'auth.login.tfa_required',
    });
    return { message: authResultMessages.tfaRequired, tfaRequired: true, user };
  }

  const accessToken = await context.accessTokens.sign({ userId: candidate.id, tenantId: tenant.id });
  const refreshToken = await issueRefreshToken(db, {
    tenantId: tenant.id,
    userId: candidate.id,
    ttlDays: context.refreshTokenTtlDays,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  await recordAudit(db, request, { tenantId: tenant.id, userId: candidate.id, action: 'auth.login.success' });
  return {
    message: authResultMessages.loggedIn,
    tfaRequired: false,
    accessToken,
    refreshToken,
    expiresIn: context.accessTokens.ttlSeconds,
    user,
  };
}

/** Revokes the sign-in the refresh token belongs to. Unknown or absent tokens are not an error. */
export async function logout(
  context: Omit<AuthContext, 'accessTokens' | 'refreshTokenTtlDays'>,
  refreshToken?: string,
) {
  const { db, tenant, request } = context;
  const userId = refreshToken ? await revokeRefreshTokenFamily(db, tenant.id, refreshToken) : null;
  await recordAudit(db, request, {
    tenantId: tenant.id,
    userId: userId ?? request.user?.userId ?? null,
    action: 'auth.logout',
    detail: { revoked: userId !== null },
  });
}
