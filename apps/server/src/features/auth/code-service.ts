// The e-mailed codes after sign-up and at two-factor sign-in: verify (→ a session) and resend.
import type { OtpPurpose, ResendOtpQuery, SessionResponse } from '@gridfront/contracts';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { enforceRateLimits, RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { HttpError } from '../../plugins/errors.ts';
import { clearLoginFailures } from './lockout.ts';
import { consumeCode, hasLiveCode, invalidCodeMessage } from './one-time-codes.ts';
import { findUserById, findUserByUsername, type UserRow } from './repository.ts';
import { CODE_KEY_PURPOSE, sendCode } from './service.ts';
import { type SessionContext, startSession } from './session.ts';

export const codeMessages = {
  emailVerified: 'Email verified successfully',
  tfaVerified: 'Verification successful',
  resent: 'If the details are correct, a new verification code has been sent to your email address',
  pendingExpired: 'Your sign-in has expired. Please log in again.',
} as const;

async function limitVerification(context: SessionContext, subject: string) {
  await enforceRateLimits(
    context.app.db,
    context.tenant.id,
    [
      { rule: RATE_LIMITS.codeVerifyIp, subject: context.request.ip },
      { rule: RATE_LIMITS.codeVerifyUser, subject },
    ],
    context.reply,
  );
}

async function checkCode(context: SessionContext, user: UserRow | null, purpose: OtpPurpose, code: string) {
  const { app, tenant, request } = context;
  const ok = user
    ? await consumeCode(
        app.db,
        app.derivedKey(CODE_KEY_PURPOSE),
        { tenantId: tenant.id, userId: user.id, purpose },
        code,
      )
    : false;
  if (!ok) {
    await recordAudit(app.db, request, {
      tenantId: tenant.id,
      userId: user?.id ?? null,
      action: 'auth.code.failure',
      detail: { purpose },
    });
    throw new HttpError(400, invalidCodeMessage);
  }
}

/** A pending token's user, or 401 when it is forged, expired or of another tenant. */
async function pendingUser(context: SessionContext, pendingToken: string): Promise<UserRow> {
  const pending = await context.app.pendingTokens.verify(pendingToken);
  const user =
    pending && pending.tenantId === context.tenant.id
      ? await findUserById(context.app.db, context.tenant.id, pending.userId)
      : null;
  if (!user) throw new HttpError(401, codeMessages.pendingExpired);
  return user;
}

export async function verifyTfaCode(
  context: SessionContext,
  pendingToken: string,
  code: string,
): Promise<SessionResponse> {
  const user = await pendingUser(context, pendingToken);
  await limitVerification(context, user.username);
  await checkCode(context, user, 'tfa', code);
  await clearLoginFailures(context.app.db, user.id);
  return startSession(context, user.id, codeMessages.tfaVerified, 'auth.login.success');
}

/** POST /auth/emailOTPVerify: the sign-up code (verifies the address), or with pendingToken the 2FA code. */
export async function verifyEmailCode(
  context: SessionContext,
  input: { username: string; code: string; pendingToken?: string | undefined },
): Promise<SessionResponse> {
  if (input.pendingToken) {
    const user = await pendingUser(context, input.pendingToken);
    if (user.username.toLowerCase() !== input.username.trim().toLowerCase())
      throw new HttpError(400, invalidCodeMessage);
    return verifyTfaCode(context, input.pendingToken, input.code);
  }
  await limitVerification(context, input.username);
  const { app, tenant, request } = context;
  const user = await findUserByUsername(app.db, tenant.id, input.username);
  await checkCode(context, user, 'signup', input.code);
  if (!user) throw new HttpError(400, invalidCodeMessage);
  await app.db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, user.id));
  await recordAudit(app.db, request, { tenantId: tenant.id, userId: user.id, action: 'auth.email.verified' });
  return startSession(context, user.id, codeMessages.emailVerified);
}

/**
 * GET /auth/resendOTP: always the same answer; a code goes out only where one is due. A two-factor
 * code is resent for the pending token of the X-Pending-Token header.
 */
export async function resendCode(
  context: SessionContext,
  query: ResendOtpQuery,
  pendingToken?: string,
): Promise<{ message: string }> {
  const { app, tenant, request, reply } = context;
  const tokenUser = pendingToken ? await pendingUser(context, pendingToken) : null;
  const username = tokenUser?.username ?? query.username ?? '';
  await enforceRateLimits(
    app.db,
    tenant.id,
    [
      { rule: RATE_LIMITS.codeSendIp, subject: request.ip },
      { rule: RATE_LIMITS.codeSendUser, subject: username || '-' },
    ],
    reply,
  );
  if (tokenUser) {
    await sendCode(context, tokenUser, 'tfa');
  } else if (query.username && query.purpose !== 'tfa') {
    const user = await findUserByUsername(app.db, tenant.id, query.username);
    if (user && query.purpose === 'signup' && !user.emailVerifiedAt) {
      await sendCode(context, user, 'signup');
    } else if (
      user &&
      query.purpose === 'forgot_password' &&
      (await hasLiveCode(app.db, { tenantId: tenant.id, userId: user.id, purpose: 'forgot_password' }))
    ) {
      // Only renews a recovery already started through the human check of /auth/forgotOTP.
      await sendCode(context, user, 'forgot_password');
    }
  }
  await recordAudit(app.db, request, {
    tenantId: tenant.id,
    userId: tokenUser?.id ?? null,
    action: 'auth.code.resend',
    detail: { purpose: tokenUser ? 'tfa' : query.purpose },
  });
  return { message: codeMessages.resent };
}
