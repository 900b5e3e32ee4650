// Recovery of username, password and account number. Every answer is the same whether or not
// anything matched, and every call passes the human check and the per-address/target limits.
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { customerAccounts, userAccounts, users } from '../../db/schema/index.ts';
import { enforceRateLimits, RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { HttpError } from '../../plugins/errors.ts';
import { queueAccountMail } from './account-mail.ts';
import type { HumanCheck } from './altcha.ts';
import { consumeCode, invalidCodeMessage } from './one-time-codes.ts';
import { hashPassword } from './password.ts';
import { findUserByUsername } from './repository.ts';
import { CODE_KEY_PURPOSE, sendCode } from './service.ts';
import { revokeUserSessions, type SessionContext } from './session.ts';

/** What the recovery calls need of a request (no session is started by them). */
export type RecoveryContext = Pick<SessionContext, 'app' | 'tenant' | 'request' | 'reply'>;

export const recoveryMessages = {
  usernameSent: 'If an account matches this email address, we have sent the username to it',
  accountNumberSent: 'If an account matches this email address, we have sent the account number to it',
  codeSent: 'If the username exists, a verification code has been sent to the email address on file',
  passwordReset: 'Your password has been reset successfully. Please log in with your new password',
} as const;

/**
 * The caller's address is limited before the human check; the target (an e-mail address or a
 * username) only after it passed, so that bogus calls cannot use up a victim's allowance.
 */
async function guard(context: RecoveryContext, humanCheck: HumanCheck, target: string, captcha: string) {
  const { app, tenant, request, reply } = context;
  await enforceRateLimits(app.db, tenant.id, [{ rule: RATE_LIMITS.recoveryIp, subject: request.ip }], reply);
  await humanCheck.verify(app.db, captcha);
  await enforceRateLimits(app.db, tenant.id, [{ rule: RATE_LIMITS.recoveryTarget, subject: target }], reply);
}

export async function forgotUsername(
  context: RecoveryContext,
  humanCheck: HumanCheck,
  input: { email: string; captcha: string },
) {
  const { app, tenant, request } = context;
  await guard(context, humanCheck, `email:${input.email}`, input.captcha);
  const matches = await app.db
    .select({ username: users.username, fullName: users.fullName, email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.tenantId, tenant.id), sql`lower(${users.email}) = lower(${input.email})`));
  const first = matches[0];
  if (first) {
    await app.db.transaction((tx) =>
      queueAccountMail(tx, tenant, 'forgotUsername', {
        to: first.email,
        locale: first.locale,
        recipientName: first.fullName,
        items: matches.map((match) => match.username),
      }),
    );
    app.mail.wake();
  }
  await recordAudit(app.db, request, {
    tenantId: tenant.id,
    action: 'auth.recovery.username',
    detail: { matched: matches.length },
  });
  return { message: recoveryMessages.usernameSent };
}

/**
 * The account numbers on file for an address: the billing record's own e-mail, or a user's
 * VERIFIED e-mail for the accounts linked to that user. The number is sent in full (it is what
 * sign-up needs), and only ever to one of those addresses.
 */
export async function forgotAccountNumber(
  context: RecoveryContext,
  humanCheck: HumanCheck,
  input: { email: string; captcha: string },
) {
  const { app, tenant, request } = context;
  await guard(context, humanCheck, `email:${input.email}`, input.captcha);
  const rows = await app.db
    .selectDistinct({
      accountNumber: customerAccounts.accountNumber,
      holderName: customerAccounts.holderName,
      locale: users.locale,
    })
    .from(customerAccounts)
    .leftJoin(userAccounts, eq(userAccounts.accountId, customerAccounts.id))
    .leftJoin(users, eq(users.id, userAccounts.userId))
    .where(
      and(
        eq(customerAccounts.tenantId, tenant.id),
        or(
          sql`lower(${customerAccounts.email}) = lower(${input.email})`,
          and(isNotNull(users.emailVerifiedAt), sql`lower(${users.email}) = lower(${input.email})`),
        ),
      ),
    );
  const first = rows[0];
  if (first) {
    await app.db.transaction((tx) =>
      queueAccountMail(tx, tenant, 'forgotAccountNumber', {
        to: input.email,
        locale: rows.find((row) => row.locale)?.locale ?? 'en',
        recipientName: first.holderName,
        items: [...new Set(rows.map((row) => row.accountNumber))],
      }),
    );
    app.mail.wake();
  }
  await recordAudit(app.db, request, {
    tenantId: tenant.id,
    action: 'auth.recovery.account_number',
    detail: { matched: rows.length },
  });
  return { message: recoveryMessages.accountNumberSent };
}

export async function forgotOtp(
  context: SessionContext,
  humanCheck: HumanCheck,
  input: { username: string; captcha: string },
) {
  const { app, tenant, request } = context;
  await guard(context, humanCheck, `user:${input.username}`, input.captcha);
  const user = await findUserByUsername(app.db, tenant.id, input.username);
  if (user) await sendCode(context, user, 'forgot_password');
  await recordAudit(app.db, request, {
    tenantId: tenant.id,
    userId: user?.id ?? null,
    action: 'auth.recovery.password_code',
    detail: { matched: user !== null },
  });
  return { message: recoveryMessages.codeSent };
}

export async function forgotPassword(
  context: SessionContext,
  input: { username: string; code: string; newPassword: string },
) {
  const { app, tenant, request, reply } = context;
  await enforceRateLimits(
    app.db,
    tenant.id,
    [
      { rule: RATE_LIMITS.codeVerifyIp, subject: request.ip },
      { rule: RATE_LIMITS.codeVerifyUser, subject: input.username },
    ],
    reply,
  );
  // Hashed before anything is claimed: no transaction stays open through argon2, and a known and
  // an unknown username cost the same.
  const passwordHash = await hashPassword(input.newPassword);
  const user = await findUserByUsername(app.db, tenant.id, input.username);
  // The code is consumed in the same transaction as the new password: a failure in between leaves
  // the code usable for a retry instead of spent on a reset that never happened. A wrong code
  // commits its counted try and changes nothing else.
  const reset = user
    ? await app.db.transaction(async (tx) => {
        const ok = await consumeCode(
          tx,
          app.derivedKey(CODE_KEY_PURPOSE),
          { tenantId: tenant.id, userId: user.id, purpose: 'forgot_password' },
          input.code,
        );
        if (!ok) return false;
        await tx
          .update(users)
          .set({
            passwordHash,
            passwordChangedAt: sql`now()`,
            updatedAt: sql`now()`,
            failedLoginCount: 0,
            lockedUntil: null,
          })
          .where(eq(users.id, user.id));
        await revokeUserSessions(tx, user.id);
        await queueAccountMail(tx, tenant, 'passwordChanged', {
          to: user.email,
          locale: user.locale,
          recipientName: user.fullName,
        });
        await recordAudit(tx, request, {
          tenantId: tenant.id,
          userId: user.id,
          action: 'auth.password.reset',
        });
        return true;
      })
    : false;
  if (!reset) {
    await recordAudit(app.db, request, {
      tenantId: tenant.id,
      userId: user?.id ?? null,
      action: 'auth.code.failure',
      detail: { purpose: 'forgot_password' },
    });
    throw new HttpError(400, invalidCodeMessage);
  }
  app.mail.wake();
  return { message: recoveryMessages.passwordReset };
}
