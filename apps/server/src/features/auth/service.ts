// Sign-in and sign-out. Routes only translate HTTP to these calls and back.
import { type LoginResponse, messages } from '@gridfront/contracts';
import { enforceRateLimits, RATE_LIMITS, refuse } from '../../lib/rate-limiter.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { HttpError } from '../../plugins/errors.ts';
import { queueAccountMail } from './account-mail.ts';
import {
  clearLoginFailures,
  lockedMessage,
  registerLoginFailure,
  registerUnknownNameFailure,
  unknownNameLockedUntil,
} from './lockout.ts';
import {
  isLoginThrottled,
  LOGIN_FAILURE_ACTION,
  loginThrottledMessage,
  throttleKey,
} from './login-throttle.ts';
import { issueCode, ONE_TIME_CODE } from './one-time-codes.ts';
import { verifyAgainstDecoy, verifyPassword } from './password.ts';
import { revokeRefreshTokenFamily } from './refresh-tokens.ts';
import { findUserByUsername, loadSessionUser, type UserRow } from './repository.ts';
import { revokeFamily, type SessionContext, startSession } from './session.ts';

export const authResultMessages = {
  loggedIn: 'Login successful',
  tfaRequired: 'Two-factor authentication required: enter the verification code sent to your email',
  emailVerificationRequired:
    'Please verify your email address: a verification code has been sent to your email',
  loggedOut: 'Logged out successfully',
} as const;

export const CODE_KEY_PURPOSE = 'one-time-codes';

/** Mails a fresh code of the purpose to the user (in one transaction with the code). */
export async function sendCode(
  context: SessionContext,
  user: UserRow,
  purpose: 'signup' | 'tfa' | 'forgot_password',
) {
  const { app, tenant } = context;
  const kind = purpose === 'signup' ? 'signupCode' : purpose === 'tfa' ? 'tfaCode' : 'forgotPasswordCode';
  await app.db.transaction(async (tx) => {
    const code = await issueCode(tx, app.derivedKey(CODE_KEY_PURPOSE), {
      tenantId: tenant.id,
      userId: user.id,
      purpose,
    });
    await queueAccountMail(tx, tenant, kind, {
      to: user.email,
      locale: user.locale,
      recipientName: user.fullName,
      code,
      codeTtlMinutes: ONE_TIME_CODE.ttlMinutes,
    });
  });
  app.mail.wake();
}

export async function login(
  context: SessionContext,
  username: string,
  password: string,
): Promise<LoginResponse> {
  const { app, tenant, request, reply } = context;
  const db = app.db;
  const attempted = throttleKey(username);

  if (await isLoginThrottled(db, { tenantId: tenant.id, username, ip: request.ip })) {
    await recordAudit(db, request, {
      tenantId: tenant.id,
      action: 'auth.login.throttled',
      detail: { username: attempted },
    });
    throw new HttpError(429, loginThrottledMessage);
  }
  await enforceRateLimits(
    db,
    tenant.id,
    [
      { rule: RATE_LIMITS.loginIp, subject: request.ip },
      { rule: RATE_LIMITS.loginUser, subject: attempted },
    ],
    reply,
  );

  // Both reads for every name, so that a known and an unknown one cost the same work.
  const [candidate, unknownNameLock] = await Promise.all([
    findUserByUsername(db, tenant.id, username),
    unknownNameLockedUntil(db, tenant.id, attempted),
  ]);
  const lockedUntil = candidate
    ? candidate.lockedUntil && candidate.lockedUntil.getTime() > Date.now()
      ? candidate.lockedUntil
      : null
    : unknownNameLock;
  if (lockedUntil) {
    await recordAudit(db, request, {
      tenantId: tenant.id,
      userId: candidate?.id ?? null,
      action: 'auth.login.locked',
      detail: { username: attempted },
    });
    refuse(reply, Math.ceil((lockedUntil.getTime() - Date.now()) / 1000), lockedMessage(lockedUntil));
  }

  const passwordMatches = candidate
    ? await verifyPassword(candidate.passwordHash, password)
    : await verifyAgainstDecoy(password);
  if (!candidate || !passwordMatches) {
    // One answer for an unknown user and a wrong password; the log keeps the difference.
    await recordAudit(db, request, {
      tenantId: tenant.id,
      userId: candidate?.id ?? null,
      action: LOGIN_FAILURE_ACTION,
      detail: { username: attempted, reason: candidate ? 'wrong_password' : 'unknown_user' },
    });
    // The same schedule for both, so that a lock never tells that the username exists.
    const lockEnd = candidate
      ? await registerLoginFailure(db, tenant.id, candidate.id)
      : await registerUnknownNameFailure(db, tenant.id, attempted);
    if (lockEnd) {
      await recordAudit(db, request, {
        tenantId: tenant.id,
        userId: candidate?.id ?? null,
        action: 'auth.login.lockout',
        detail: { username: attempted, until: lockEnd.toISOString() },
      });
    }
    throw new HttpError(401, messages.invalidCredentials);
  }
  await clearLoginFailures(db, candidate.id);
  // Told only to whoever knows the password: an administrator disabled this staff member.
  if (candidate.disabledAt) {
    await recordAudit(db, request, {
      tenantId: tenant.id,
      userId: candidate.id,
      action: 'auth.login.disabled',
      detail: { username: attempted },
    });
    throw new HttpError(403, messages.accountDisabled);
  }

  const user = await loadSessionUser(db, tenant.id, candidate.id);
  if (!user) throw new HttpError(401, messages.invalidCredentials);

  if (!candidate.emailVerifiedAt) {
    await sendCode(context, candidate, 'signup');
    await recordAudit(db, request, {
      tenantId: tenant.id,
      userId: candidate.id,
      action: 'auth.login.email_unverified',
    });
    return {
      message: authResultMessages.emailVerificationRequired,
      tfaRequired: false,
      emailVerificationRequired: true,
      user,
    };
  }

  if (candidate.tfaEnabled) {
    await sendCode(context, candidate, 'tfa');
    await recordAudit(db, request, {
      tenantId: tenant.id,
      userId: candidate.id,
      action: 'auth.login.tfa_required',
    });
    const pendingToken = await app.pendingTokens.sign({ userId: candidate.id, tenantId: tenant.id });
    return { message: authResultMessages.tfaRequired, tfaRequired: true, pendingToken, user };
  }

  return startSession(context, candidate.id, authResultMessages.loggedIn);
}

/** Revokes the sign-in of the refresh token and of the access token. Absent ones are not an error. */
export async function logout(context: Omit<SessionContext, 'refreshTokenTtlDays'>, refreshToken?: string) {
  const { app, tenant, request } = context;
  const userId = refreshToken ? await revokeRefreshTokenFamily(app.db, tenant.id, refreshToken) : null;
  const sessionId = request.user?.sessionId;
  if (sessionId) await revokeFamily(app.db, sessionId);
  await recordAudit(app.db, request, {
    tenantId: tenant.id,
    userId: userId ?? request.user?.userId ?? null,
    action: 'auth.logout',
    detail: { revoked: userId !== null || sessionId !== undefined },
  });
}
