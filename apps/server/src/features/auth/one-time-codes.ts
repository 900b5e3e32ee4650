// E-mail one-time codes: 6 digits from a CSPRNG, stored only as an HMAC keyed with a server key
// (a plain hash of 10^6 values is reversed in a blink), single use, 10 minutes, 5 tries, and a new
// code for the same user and purpose kills the previous one.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { OtpPurpose } from '@gridfront/contracts';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { oneTimeCodes } from '../../db/schema/index.ts';

export const ONE_TIME_CODE = { ttlMinutes: 10, maxAttempts: 5, digits: 6 } as const;
export const invalidCodeMessage = 'Invalid or expired verification code';

export interface CodeOwner {
  tenantId: string;
  userId: string;
  purpose: OtpPurpose;
}

function digest(key: Buffer, owner: CodeOwner, code: string): string {
  return createHmac('sha256', key)
    .update(`${owner.tenantId}:${owner.userId}:${owner.purpose}:${code}`)
    .digest('hex');
}

export function generateCode(): string {
  return String(randomInt(0, 10 ** ONE_TIME_CODE.digits)).padStart(ONE_TIME_CODE.digits, '0');
}

/** Issues a fresh code (returned once, for the mail) and retires the owner's earlier ones. */
export async function issueCode(db: Database | Transaction, key: Buffer, owner: CodeOwner): Promise<string> {
  const code = generateCode();
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.tenantId, owner.tenantId),
        eq(oneTimeCodes.userId, owner.userId),
        eq(oneTimeCodes.purpose, owner.purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
  await db.insert(oneTimeCodes).values({
    tenantId: owner.tenantId,
    userId: owner.userId,
    purpose: owner.purpose,
    codeHash: digest(key, owner, code),
    expiresAt: new Date(Date.now() + ONE_TIME_CODE.ttlMinutes * 60_000),
  });
  return code;
}

/** The owner's code that is neither used nor expired. */
function liveCodeOf(owner: CodeOwner) {
  return and(
    eq(oneTimeCodes.tenantId, owner.tenantId),
    eq(oneTimeCodes.userId, owner.userId),
    eq(oneTimeCodes.purpose, owner.purpose),
    isNull(oneTimeCodes.consumedAt),
    gt(oneTimeCodes.expiresAt, sql`now()`),
  );
}

/** True when the owner holds a live code (e.g. before resending a recovery code). */
export async function hasLiveCode(db: Database, owner: CodeOwner): Promise<boolean> {
  const [row] = await db.select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(liveCodeOf(owner)).limit(1);
  return row !== undefined;
}

/**
 * Checks and consumes a code. The try is counted before comparing, in one conditional update,
 * so parallel guesses cannot exceed the limit; the consume is conditional too, so a code works once.
 */
export async function consumeCode(
  db: Database | Transaction,
  key: Buffer,
  owner: CodeOwner,
  code: string,
): Promise<boolean> {
  const [live] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(liveCodeOf(owner))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!live) return false;
  const [counted] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, live.id),
        lt(oneTimeCodes.attempts, ONE_TIME_CODE.maxAttempts),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .returning({ codeHash: oneTimeCodes.codeHash });
  if (!counted) return false;
  const expected = Buffer.from(counted.codeHash, 'hex');
  const given = Buffer.from(digest(key, owner, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const [consumed] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.id, live.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return consumed !== undefined;
}
