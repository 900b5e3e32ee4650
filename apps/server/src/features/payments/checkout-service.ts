// The hosted payment page of the payments host. Who may pay which account is settled before the
// page opens: an auth token (a signed-in owner, staff, or a guest with account number and PIN) is
// spent once on a hosted session of the active platform's processor. The test processor's session
// is this page, with a checkout token (payment-tokens.ts), the capability carried in the page's
// URL. Both tokens live 15 minutes and are stored only as SHA-256 hashes.
//
// A checkout takes one payment. Its first submission claims the token and writes the pending
// payment in one commit, so a double click, a retry or a second tab finds the claim: the same
// attempt replays its result, another attempt is refused while it is under way. A declined attempt
// releases the claim so the payer can try another card; a success or an unknown outcome keeps it.
import {
  type CheckoutPayRequest,
  type CheckoutResponse,
  checkoutMessages,
  type PaymentStatus,
} from '@gridfront/contracts';
import { storedSourceParts } from '@gridfront/contracts/payment-sources';
import { and, eq, gt, isNull, like, sql } from 'drizzle-orm';
import type { ChargeSource, PaymentProcessor } from '../../adapters/payments/processor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { customerAccounts, payments, paymentTokens, users } from '../../db/schema/index.ts';
import { type FeeSchedule, tenantFeeSchedule } from '../../domain/fees/payment-fees.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import { balancesOf } from '../billing/repository.ts';
import {
  chargeRecordedPayment,
  PaymentInputError,
  type PaymentRow,
  recordPendingPayment,
  sourceLabelOf,
} from './payment-service.ts';
import { hashPaymentToken, type TokenGrant } from './payment-tokens.ts';
import { activePlatform } from './platform-service.ts';

export {
  CHECKOUT_PATH,
  checkoutUrl,
  hashPaymentToken,
  type IssuedToken,
  issuePaymentToken,
  type TokenGrant,
} from './payment-tokens.ts';

type TokenRow = typeof paymentTokens.$inferSelect;

export const MAX_DECLINES_PER_CHECKOUT = 5;

/**
 * generatePaymentTokenUrl: spends an auth token (once) and answers its grant, with the amount and
 * return path the call gives instead of the token's own. The hosted page for it is then opened by
 * the active platform's processor.
 */
export async function spendAuthToken(
  db: Database,
  tenantId: string,
  authToken: string,
  overrides: { amountCents?: number; returnPath?: string },
): Promise<TokenGrant> {
  const [spent] = await db
    .update(paymentTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(paymentTokens.tenantId, tenantId),
        eq(paymentTokens.kind, 'auth'),
        eq(paymentTokens.tokenHash, hashPaymentToken(authToken)),
        isNull(paymentTokens.usedAt),
        gt(paymentTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!spent) throw new HttpError(401, checkoutMessages.tokenInvalid);
  return {
    tenantId,
    accountId: spent.accountId,
    userId: spent.userId,
    channel: spent.channel,
    amountCents: overrides.amountCents ?? spent.amountCents,
    returnPath: overrides.returnPath ?? spent.returnPath,
  };
}

/**
 * The checkout of a token. An expired page stays readable while it shows a payment it took (its
 * receipt), but can no longer pay.
 */
async function findCheckout(db: Database | Transaction, tenantId: string, token: string): Promise<TokenRow> {
  const [row] = await db
    .select()
    .from(paymentTokens)
    .where(
      and(
        eq(paymentTokens.tenantId, tenantId),
        eq(paymentTokens.kind, 'checkout'),
        eq(paymentTokens.tokenHash, hashPaymentToken(token)),
      ),
    )
    .limit(1);
  if (!row || (row.expiresAt.getTime() <= Date.now() && !row.paymentId)) {
    throw new HttpError(401, checkoutMessages.tokenInvalid);
  }
  return row;
}

/** "j•••@example.com": enough to recognise one's own address, not to learn someone's. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

async function accountNumberOf(db: Database, accountId: string): Promise<string> {
  const [row] = await db
    .select({ accountNumber: customerAccounts.accountNumber })
    .from(customerAccounts)
    .where(eq(customerAccounts.id, accountId))
    .limit(1);
  return row?.accountNumber ?? '';
}

export async function paymentStatusOf(db: Database, payment: PaymentRow): Promise<PaymentStatus> {
  return {
    paymentId: payment.id,
    status: payment.status,
    amountCents: payment.amountCents,
    feeCents: payment.feeCents,
    totalCents: payment.amountCents + payment.feeCents,
    method: payment.method,
    confirmationNumber: payment.confirmationNumber,
    sourceLabel: sourceLabelOf(payment),
    source: storedSourceParts(payment.sourceBrand, payment.sourceLast4),
    failureReason: payment.failureReason,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
    accountNumberLast4: (await accountNumberOf(db, payment.accountId)).slice(-4),
    receiptSentTo:
      payment.status === 'succeeded' && payment.receiptEmail ? maskEmail(payment.receiptEmail) : null,
  };
}

async function paymentById(db: Database | Transaction, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row ?? null;
}

/** The address of the signed-in user the page was opened for; guests type their own. */
async function emailOnFile(db: Database, checkout: TokenRow): Promise<string | null> {
  if (!checkout.userId || checkout.channel !== 'portal') return null;
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, checkout.userId))
    .limit(1);
  return user?.email ?? null;
}

export async function describeCheckout(
  db: Database,
  tenant: Tenant,
  token: string,
  fees: FeeSchedule = tenantFeeSchedule(tenant.fees),
): Promise<CheckoutResponse> {
  const checkout = await findCheckout(db, tenant.id, token);
  const platform = await activePlatform(db, tenant.id);
  const balance = (await balancesOf(db, [checkout.accountId])).get(checkout.accountId) ?? 0;
  const payment = checkout.paymentId ? await paymentById(db, checkout.paymentId) : null;
  const onFile = await emailOnFile(db, checkout);
  return {
    accountNumberLast4: (await accountNumberOf(db, checkout.accountId)).slice(-4),
    amountDueCents: Math.max(0, balance),
    amountCents: checkout.amountCents ?? Math.max(0, balance),
    cardFeeBasisPoints: fees.cardFeeBasisPoints,
    achFeeCents: fees.achFeeCents,
    platformLabel: platform.name,
    testMode: platform.testMode,
    channel: checkout.channel,
    returnPath: checkout.returnPath,
    expiresAt: checkout.expiresAt.toISOString(),
    receiptEmailOnFile: onFile ? maskEmail(onFile) : null,
    payment: payment ? await paymentStatusOf(db, payment) : null,
  };
}

function sourceOf(body: CheckoutPayRequest): ChargeSource {
  if (body.method === 'card' && body.card) return { card: body.card };
  if (body.method === 'ach' && body.bank) return { bank: body.bank };
  throw new HttpError(
    400,
    body.method === 'card' ? 'Enter the card details' : 'Enter the bank account details',
  );
}

/** Gives a declined attempt's page back to the payer, unless another attempt holds it now. */
async function releaseClaim(
  tx: Transaction | Database,
  checkoutId: string,
  attemptKey: string,
): Promise<void> {
  await tx
    .update(paymentTokens)
    .set({ usedAt: null, attemptKey: null, paymentId: null })
    .where(and(eq(paymentTokens.id, checkoutId), eq(paymentTokens.attemptKey, attemptKey)));
}

export interface CheckoutPayContext {
  db: Database;
  tenant: Tenant;
  processor: PaymentProcessor;
  today: string;
  /** The page's language when the body gives none. */
  language: string;
}

export async function payCheckout(
  context: CheckoutPayContext,
  body: CheckoutPayRequest,
): Promise<PaymentStatus> {
  const { db, tenant } = context;
  const source = sourceOf(body);
  const platform = await activePlatform(db, tenant.id);
  const checkout = await findCheckout(db, tenant.id, body.token);
  if (checkout.expiresAt.getTime() <= Date.now()) throw new HttpError(401, checkoutMessages.tokenInvalid);
  const receiptEmail = body.receiptEmail ?? (await emailOnFile(db, checkout));
  // Keys are per page: the same attempt key on another page is another payment.
  const keyPrefix = `checkout:${checkout.id}:`;
  const idempotencyKey = `${keyPrefix}${body.attemptKey}`;
  // A page is not a card-testing tool: after a few declines the payer starts again.
  const [declines] = await db
    .select({ count: sql<string>`count(*)` })
    .from(payments)
    .where(
      and(
        eq(payments.tenantId, tenant.id),
        like(payments.idempotencyKey, `${keyPrefix}%`),
        eq(payments.status, 'failed'),
      ),
    );
  if (Number(declines?.count ?? 0) >= MAX_DECLINES_PER_CHECKOUT) {
    throw new HttpError(409, checkoutMessages.tooManyDeclines);
  }

  const claimed = await db.transaction(async (tx) => {
    const [claim] = await tx
      .update(paymentTokens)
      .set({ usedAt: sql`now()`, attemptKey: body.attemptKey })
      .where(
        and(
          eq(paymentTokens.id, checkout.id),
          isNull(paymentTokens.usedAt),
          gt(paymentTokens.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!claim) return null;
    try {
      const recorded = await recordPendingPayment(tx, {
        tenantId: tenant.id,
        accountId: checkout.accountId,
        userId: checkout.userId,
        channel: checkout.channel,
        platformKey: platform.platformKey,
        amountCents: body.amountCents,
        source,
        idempotencyKey,
        fees: tenantFeeSchedule(tenant.fees),
        today: context.today,
        receiptEmail,
        receiptLanguage: body.language ?? context.language,
      });
      if (!recorded.created && recorded.row.status === 'failed') {
        // The same declined attempt sent again: it stays declined and the page stays open.
        await releaseClaim(tx, checkout.id, body.attemptKey);
        return { row: recorded.row, created: false };
      }
      await tx
        .update(paymentTokens)
        .set({ paymentId: recorded.row.id })
        .where(eq(paymentTokens.id, checkout.id));
      return recorded;
    } catch (error) {
      if (error instanceof PaymentInputError) throw new HttpError(400, error.message);
      throw error;
    }
  });

  if (!claimed) {
    // Someone holds the page: the same attempt (double click, retry, other tab) sees its result.
    const [current] = await db.select().from(paymentTokens).where(eq(paymentTokens.id, checkout.id)).limit(1);
    const payment = current?.paymentId ? await paymentById(db, current.paymentId) : null;
    if (current?.attemptKey === body.attemptKey && payment) return paymentStatusOf(db, payment);
    throw new HttpError(
      409,
      payment?.status === 'succeeded' ? checkoutMessages.tokenUsed : checkoutMessages.inProgress,
    );
  }
  if (!claimed.created) return paymentStatusOf(db, claimed.row);

  const result = await chargeRecordedPayment(
    db,
    context.processor,
    claimed.row,
    source,
    context.today,
    async (tx, settled) => {
      if (settled.status === 'failed') await releaseClaim(tx, checkout.id, body.attemptKey);
    },
  );
  const settled = (await paymentById(db, result.paymentId)) ?? claimed.row;
  return paymentStatusOf(db, settled);
}

/** getTransactionStatus by the page's token: the payment it took, if any. */
export async function checkoutPaymentStatus(
  db: Database,
  tenant: Tenant,
  token: string,
): Promise<PaymentStatus> {
  const checkout = await findCheckout(db, tenant.id, token);
  const payment = checkout.paymentId ? await paymentById(db, checkout.paymentId) : null;
  if (!payment) throw new HttpError(404, checkoutMessages.paymentNotFound);
  return paymentStatusOf(db, payment);
}
