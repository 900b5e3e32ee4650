// Sign-up: re-checks the account and PIN, then creates the user (e-mail unverified), links the
// account and queues the code mail in ONE transaction; the portal continues at /emailVerify.

import type { SignupResponse, signupRequest } from '@gridfront/contracts';
import type { z } from 'zod';
import { userAccounts, users } from '../../db/schema/index.ts';
import { requestLanguage } from '../../lib/accept-language.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { enforceRateLimits, RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountVerifyMessages, verifyAccountPin } from '../oracle/account-verify.ts';
import { queueAccountMail } from './account-mail.ts';
import type { HumanCheck } from './altcha.ts';
import { issueCode, ONE_TIME_CODE } from './one-time-codes.ts';
import { hashPassword } from './password.ts';
import { findUserByUsername } from './repository.ts';
import { CODE_KEY_PURPOSE } from './service.ts';
import type { SessionContext } from './session.ts';

export const signupMessages = {
  codeSent: 'Sign up successful. A verification code has been sent to your email address',
  usernameTaken: 'This username is already taken. Please choose another one',
} as const;

export async function signup(
  context: SessionContext,
  humanCheck: HumanCheck,
  input: z.output<typeof signupRequest>,
): Promise<SignupResponse> {
  const { app, tenant, request, reply } = context;
  await enforceRateLimits(app.db, tenant.id, [{ rule: RATE_LIMITS.signupIp, subject: request.ip }], reply);
  await humanCheck.verify(app.db, input.captcha);
  const account = await verifyAccountPin(app.db, request, reply, tenant, input);
  if (account.isLinked) throw new HttpError(409, accountVerifyMessages.alreadyLinked);
  if (await findUserByUsername(app.db, tenant.id, input.username))
    throw new HttpError(409, signupMessages.usernameTaken);

  const passwordHash = await hashPassword(input.password);
  const locale = requestLanguage(undefined, request.headers['accept-language']);
  try {
    await app.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          tenantId: tenant.id,
          username: input.username,
          fullName: input.fullName,
          email: input.email,
          passwordHash,
          locale,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('the user insert returned no row');
      await tx
        .insert(userAccounts)
        .values({ userId: user.id, accountId: account.accountId, tenantId: tenant.id });
      const code = await issueCode(tx, app.derivedKey(CODE_KEY_PURPOSE), {
        tenantId: tenant.id,
        userId: user.id,
        purpose: 'signup',
      });
      await queueAccountMail(tx, tenant, 'signupCode', {
        to: input.email,
        locale,
        recipientName: input.fullName,
        code,
        codeTtlMinutes: ONE_TIME_CODE.ttlMinutes,
      });
      await recordAudit(tx, request, {
        tenantId: tenant.id,
        userId: user.id,
        action: 'auth.signup',
        detail: { accountLast4: input.accountNumber.slice(-4) },
      });
    });
  } catch (error) {
    // A parallel sign-up took the username or the account between the checks and the insert.
    if (isUniqueViolation(error)) {
      const taken = await findUserByUsername(app.db, tenant.id, input.username);
      throw new HttpError(409, taken ? signupMessages.usernameTaken : accountVerifyMessages.alreadyLinked);
    }
    throw error;
  }
  app.mail.wake();
  return { message: signupMessages.codeSent, username: input.username };
}
