// The payments host's single-use tokens (spec point 7), stored only as SHA-256 hashes: an auth token
// (who may pay which account) and a checkout token, the capability carried in the built-in hosted
// page's URL. Both live PAYMENT_TOKEN_TTL_MINUTES. Kept apart from the checkout so that the test
// processor, whose hosted page is Gridfront's own, can issue a checkout token without the rest.
import { createHash, randomBytes } from 'node:crypto';
import { PAYMENT_TOKEN_TTL_MINUTES } from '@gridfront/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import { paymentTokens } from '../../db/schema/index.ts';

type TokenRow = typeof paymentTokens.$inferSelect;
type TokenKind = TokenRow['kind'];

export const CHECKOUT_PATH = '/pay/checkout';

export function hashPaymentToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface TokenGrant {
  tenantId: string;
  accountId: string;
  userId: string | null;
  channel: TokenRow['channel'];
  amountCents?: number | null;
  returnPath?: string;
}

export interface IssuedToken {
  /** The token's row (not secret): a reference to it that is not the capability. */
  id: string;
  token: string;
  expiresAt: Date;
}

/** Writes a new single-use token of `kind`; the caller gets the only copy of its value. */
export async function issuePaymentToken(
  db: Database | Transaction,
  kind: TokenKind,
  grant: TokenGrant,
  now = new Date(),
): Promise<IssuedToken> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PAYMENT_TOKEN_TTL_MINUTES * 60_000);
  const [row] = await db
    .insert(paymentTokens)
    .values({
      tenantId: grant.tenantId,
      kind,
      tokenHash: hashPaymentToken(token),
      accountId: grant.accountId,
      userId: grant.userId,
      channel: grant.channel,
      amountCents: grant.amountCents ?? null,
      returnPath: grant.returnPath ?? '/',
      expiresAt,
    })
    .returning({ id: paymentTokens.id });
  if (!row) throw new Error('the payment token insert returned no row');
  return { id: row.id, token, expiresAt };
}

export function checkoutUrl(token: string): string {
  // In the fragment: browsers never send it, so no access log or proxy records the capability.
  return `${CHECKOUT_PATH}#token=${token}`;
}
