// The built-in TEST processor: its hosted page is Gridfront's own checkout (/pay/checkout with a
// single-use checkout token in the URL's fragment). It behaves like a card and ACH processor's test
// mode, with documented numbers that succeed, decline, fail for insufficient funds, or time out. It keeps its own records
// (test_processor_charges) apart from the ledger, and keeps saved sources for AutoPay
// (test_processor_sources: token, brand and last four, test behaviour, never the number), as a remote processor would.
//
// Cards (any future expiry, any 3-4 digit CVC):
//   4242 4242 4242 4242  succeeds            4000 0000 0000 0002  declined
//   4000 0000 0000 9995  insufficient funds  4000 0000 0000 0119  times out (the charge IS made)
//   any other Luhn-valid number succeeds
// Bank accounts (routing 110000000 or any valid ABA routing number):
//   000123456789 succeeds   000111111116 insufficient funds   000222222227 account closed
//   000333333335 times out (the charge IS made)   any other succeeds
import { randomBytes } from 'node:crypto';
import { declineReasons, TEST_PROCESSOR_PLATFORM_KEY } from '@gridfront/contracts/payment-messages';
import {
  digitsOnly,
  type PaymentSourceParts,
  sourceParts,
  storedSourceParts,
} from '@gridfront/contracts/payment-sources';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { testProcessorCharges, testProcessorSources } from '../../db/schema/index.ts';
import { checkoutUrl, issuePaymentToken } from '../../features/payments/payment-tokens.ts';
import {
  type ChargeOutcome,
  type ChargeRequest,
  type ChargeSource,
  type EnteredSource,
  type PaymentProcessor,
  ProcessorTimeoutError,
} from './processor.ts';

export const TEST_PROCESSOR_KEY = TEST_PROCESSOR_PLATFORM_KEY;

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  timesOut: '4000000000000119',
} as const;

export const TEST_BANK_ACCOUNTS = {
  routingNumber: '110000000',
  succeeds: '000123456789',
  insufficientFunds: '000111111116',
  closed: '000222222227',
  timesOut: '000333333335',
} as const;

type Behaviour = {
  outcome: 'succeeded' | 'declined' | 'insufficient_funds' | 'closed_account';
  timesOut: boolean;
};

const REASONS: Record<Exclude<Behaviour['outcome'], 'succeeded'>, string> = declineReasons;

function behaviourOf(source: EnteredSource): Behaviour {
  if ('card' in source) {
    const number = digitsOnly(source.card.number);
    if (number === TEST_CARDS.declined) return { outcome: 'declined', timesOut: false };
    if (number === TEST_CARDS.insufficientFunds) return { outcome: 'insufficient_funds', timesOut: false };
    return { outcome: 'succeeded', timesOut: number === TEST_CARDS.timesOut };
  }
  const account = digitsOnly(source.bank.accountNumber);
  if (account === TEST_BANK_ACCOUNTS.insufficientFunds)
    return { outcome: 'insufficient_funds', timesOut: false };
  if (account === TEST_BANK_ACCOUNTS.closed) return { outcome: 'closed_account', timesOut: false };
  return { outcome: 'succeeded', timesOut: account === TEST_BANK_ACCOUNTS.timesOut };
}

/** A charge on a saved source whose token the processor does not know (deleted, or never saved). */
const UNKNOWN_SOURCE = 'The saved payment method is no longer available.';

type ChargeRow = typeof testProcessorCharges.$inferSelect;

function outcomeOf(row: ChargeRow): ChargeOutcome {
  if (row.outcome === 'succeeded') return { status: 'succeeded', reference: row.reference };
  const code =
    row.outcome === 'insufficient_funds' || row.outcome === 'closed_account' ? row.outcome : 'declined';
  return { status: 'declined', code, reason: row.reason ?? REASONS.declined };
}

export function createTestProcessor(db: Database): PaymentProcessor {
  async function find(merchantId: string, idempotencyKey: string): Promise<ChargeRow | null> {
    const [row] = await db
      .select()
      .from(testProcessorCharges)
      .where(
        and(
          eq(testProcessorCharges.merchantId, merchantId),
          eq(testProcessorCharges.idempotencyKey, idempotencyKey),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  async function describe(
    merchantId: string,
    source: ChargeSource,
  ): Promise<{ behaviour: Behaviour; parts: PaymentSourceParts; unknown: boolean }> {
    if (!('saved' in source)) {
      return { behaviour: behaviourOf(source), parts: sourceParts(source), unknown: false };
    }
    const [saved] = await db
      .select()
      .from(testProcessorSources)
      .where(
        and(
          eq(testProcessorSources.merchantId, merchantId),
          eq(testProcessorSources.token, source.saved),
          isNull(testProcessorSources.deletedAt),
        ),
      )
      .limit(1);
    const parts = saved ? storedSourceParts(saved.brand, saved.last4) : null;
    if (!saved || !parts) {
      return { behaviour: { outcome: 'declined', timesOut: false }, parts: source.source, unknown: true };
    }
    return {
      behaviour: { outcome: saved.outcome as Behaviour['outcome'], timesOut: saved.timesOut },
      parts,
      unknown: false,
    };
  }

  return {
    async createHostedSession(request) {
      // The page is the portal's own: it takes the payer's language from the portal, not from here.
      const issued = await issuePaymentToken(db, 'checkout', {
        tenantId: request.merchantId,
        accountId: request.accountId,
        userId: request.userId,
        channel: request.channel,
        amountCents: request.amountCents,
        returnPath: request.returnPath,
      });
      return { url: checkoutUrl(issued.token), expiresAt: issued.expiresAt, reference: issued.id };
    },
    async saveSource(merchantId, source) {
      const behaviour = behaviourOf(source);
      const saved = { token: `tp_src_${randomBytes(12).toString('base64url')}`, source: sourceParts(source) };
      await db.insert(testProcessorSources).values({
        merchantId,
        token: saved.token,
        method: saved.source.method,
        brand: saved.source.brand,
        last4: saved.source.last4,
        outcome: behaviour.outcome,
        timesOut: behaviour.timesOut,
      });
      return saved;
    },
    async deleteSource(merchantId, token) {
      await db
        .update(testProcessorSources)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(testProcessorSources.merchantId, merchantId), eq(testProcessorSources.token, token)));
    },
    async charge(request: ChargeRequest) {
      const { behaviour, parts, unknown } = await describe(request.merchantId, request.source);
      // One charge per key: a second call with the key finds the first and answers with it.
      await db
        .insert(testProcessorCharges)
        .values({
          merchantId: request.merchantId,
          idempotencyKey: request.idempotencyKey,
          reference: `tp_${randomBytes(9).toString('base64url')}`,
          amountCents: request.amountCents,
          method: parts.method,
          sourceBrand: parts.brand,
          sourceLast4: parts.last4,
          outcome: behaviour.outcome,
          reason: unknown
            ? UNKNOWN_SOURCE
            : behaviour.outcome === 'succeeded'
              ? null
              : REASONS[behaviour.outcome],
        })
        .onConflictDoNothing();
      const row = await find(request.merchantId, request.idempotencyKey);
      if (!row) throw new Error('the test processor lost a charge it just wrote');
      if (behaviour.timesOut) throw new ProcessorTimeoutError();
      return outcomeOf(row);
    },
    async lookup(merchantId, idempotencyKey) {
      const row = await find(merchantId, idempotencyKey);
      return row ? outcomeOf(row) : null;
    },
    async refund(merchantId, reference, amountCents) {
      await db
        .update(testProcessorCharges)
        .set({ refundedCents: sql`${testProcessorCharges.refundedCents} + ${amountCents}` })
        .where(
          and(eq(testProcessorCharges.merchantId, merchantId), eq(testProcessorCharges.reference, reference)),
        );
    },
  };
}
