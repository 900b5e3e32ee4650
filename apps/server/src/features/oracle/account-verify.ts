// Account Number Verification (sign-up step 1): the 10-digit number and 4-digit PIN against the
// billing system's accounts of this tenant. A wrong number and a wrong PIN answer the same; wrong
// PINs are counted per account number and per address, and past the limit verification locks.
import { and, eq, exists, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { customerAccounts, userAccounts } from '../../db/schema/index.ts';
import {
  enforceRateLimits,
  hitRateLimit,
  peekRateLimit,
  RATE_LIMITS,
  refuse,
} from '../../lib/rate-limiter.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import { verifyAgainstDecoy, verifyPassword } from '../auth/password.ts';

export const accountVerifyMessages = {
  verified: 'Account verified successfully',
  mismatch: 'The account number or PIN is incorrect',
  locked: (minutes: number) =>
    `Too many incorrect PIN attempts. Account verification is locked; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  alreadyLinked:
    'This account is already registered. Please log in, or use Forgot Username to recover your username.',
} as const;

export interface VerifiedAccount {
  accountId: string;
  isLinked: boolean;
}

export async function verifyAccountPin(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  tenant: Tenant,
  input: { accountNumber: string; pin: string },
): Promise<VerifiedAccount> {
  await enforceRateLimits(db, tenant.id, [{ rule: RATE_LIMITS.accountVerifyIp, subject: request.ip }], reply);
  const failureChecks = [
    { rule: RATE_LIMITS.pinFailuresAccount, subject: input.accountNumber },
    { rule: RATE_LIMITS.pinFailuresIp, subject: request.ip },
  ];
  for (const check of failureChecks) {
    const state = await peekRateLimit(db, tenant.id, check);
    if (!state.allowed) {
      await recordAudit(db, request, {
        tenantId: tenant.id,
        action: 'oracle.account_verify.locked',
        detail: { rule: check.rule.name },
      });
      refuse(
        reply,
        state.retryAfterSeconds,
        accountVerifyMessages.locked(Math.max(1, Math.ceil(state.retryAfterSeconds / 60))),
      );
    }
  }

  const [account] = await db
    .select({
      id: customerAccounts.id,
      pinHash: customerAccounts.pinHash,
      isLinked: exists(
        db.select({ one: sql`1` }).from(userAccounts).where(eq(userAccounts.accountId, customerAccounts.id)),
      ).mapWith(Boolean),
    })
    .from(customerAccounts)
    .where(
      and(eq(customerAccounts.tenantId, tenant.id), eq(customerAccounts.accountNumber, input.accountNumber)),
    )
    .limit(1);
  const pinMatches = account
    ? await verifyPassword(account.pinHash, input.pin)
    : await verifyAgainstDecoy(input.pin);
  if (!account || !pinMatches) {
    for (const check of failureChecks) await hitRateLimit(db, tenant.id, check);
    await recordAudit(db, request, {
      tenantId: tenant.id,
      action: 'oracle.account_verify.failure',
      // The last four digits are enough to follow an attack in the log.
      detail: {
        accountLast4: input.accountNumber.slice(-4),
        reason: account ? 'wrong_pin' : 'unknown_account',
      },
    });
    throw new HttpError(400, accountVerifyMessages.mismatch);
  }
  return { accountId: account.id, isLinked: account.isLinked };
}
