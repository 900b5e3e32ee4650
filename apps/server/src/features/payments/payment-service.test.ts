// Payments against the built-in test processor, on PGlite and on PostgreSQL: one charge and one
// ledger entry per idempotency key whatever happens (repeats, 20 at once, lost answers, a process
// that dies after the charge), declines that charge nothing, and no full card number stored.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChargeRequest, PaymentProcessor } from '../../adapters/payments/processor.ts';
import {
  createTestProcessor,
  TEST_BANK_ACCOUNTS,
  TEST_CARDS,
} from '../../adapters/payments/test-processor.ts';
import type { Database } from '../../db/client.ts';
import { payments, testProcessorCharges } from '../../db/schema/index.ts';
import { insertBillingAccount } from '../../test/account-test-kit.ts';
import { createTestApp, insertTenant, type TestApp } from '../../test/index.ts';
import { ledgerEntriesOf, PaymentInputError, type PaymentRequest, submitPayment } from './payment-service.ts';
import { reconcilePendingPayments } from './reconciler.ts';

let t: TestApp;
let db: Database;
let tenantId: string;
let accountId: string;
let processor: PaymentProcessor;

const TODAY = '2026-11-24';
const card = (number: string) => ({ card: { number, expMonth: 12, expYear: 2030, cvc: '123' } });

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.handle.db;
  tenantId = (await insertTenant(db)).tenant.id;
  accountId = (await insertBillingAccount(db, tenantId)).id;
  processor = createTestProcessor(db);
});

afterAll(async () => {
  await t?.close();
});

function request(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    tenantId,
    accountId,
    userId: null,
    channel: 'portal',
    platformKey: 'gridfront',
    amountCents: 10_000,
    source: card(TEST_CARDS.succeeds),
    idempotencyKey: randomUUID(),
    today: TODAY,
    ...overrides,
  };
}

async function chargesFor(idempotencyKey: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(testProcessorCharges)
    .where(eq(testProcessorCharges.idempotencyKey, idempotencyKey));
  return Number(row?.count ?? 0);
}

async function chargedAmount(idempotencyKey: string): Promise<number | undefined> {
  const [row] = await db
    .select({ amount: testProcessorCharges.amountCents })
    .from(testProcessorCharges)
    .where(eq(testProcessorCharges.idempotencyKey, idempotencyKey));
  return row?.amount;
}

describe('submitPayment', () => {
  it('charges a card the amount plus 2.5 % and writes one ledger entry of the amount', async () => {
    const attempt = request({ amountCents: 12_345 });
    const result = await submitPayment(db, processor, attempt);
    expect(result).toMatchObject({
      status: 'succeeded',
      amountCents: 12_345,
      feeCents: 309,
      replayed: false,
    });
    expect(result.sourceLabel).toBe('Visa ending 4242');
    expect(await chargedAmount(attempt.idempotencyKey)).toBe(12_654);
    expect(await ledgerEntriesOf(db, result.paymentId)).toBe(1);
  });

  it('charges a bank account the amount plus $0.75', async () => {
    const attempt = request({
      source: {
        bank: { routingNumber: TEST_BANK_ACCOUNTS.routingNumber, accountNumber: TEST_BANK_ACCOUNTS.succeeds },
      },
    });
    const result = await submitPayment(db, processor, attempt);
    expect(result).toMatchObject({
      status: 'succeeded',
      feeCents: 75,
      sourceLabel: 'Bank account ending 6789',
    });
    expect(await chargedAmount(attempt.idempotencyKey)).toBe(10_075);
  });

  it('answers a repeated submission with the first result and charges nothing more', async () => {
    const attempt = request();
    const first = await submitPayment(db, processor, attempt);
    const again = await submitPayment(db, processor, attempt);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await chargesFor(attempt.idempotencyKey)).toBe(1);
    expect(await ledgerEntriesOf(db, first.paymentId)).toBe(1);
  });

  it('charges once when 20 submissions with one key arrive at the same time', async () => {
    const attempt = request();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => submitPayment(db, processor, attempt)),
    );
    expect(new Set(results.map((result) => result.paymentId)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(await chargesFor(attempt.idempotencyKey)).toBe(1);
    const paymentId = results[0]?.paymentId ?? '';
    expect(await ledgerEntriesOf(db, paymentId)).toBe(1);
  });

  it('refuses a key reused for another amount, and bad input, without writing anything', async () => {
    const attempt = request();
    await submitPayment(db, processor, attempt);
    await expect(submitPayment(db, processor, { ...attempt, amountCents: 1 })).rejects.toThrow(
      PaymentInputError,
    );
    const bad = request({ source: card('4242424242424241') });
    await expect(submitPayment(db, processor, bad)).rejects.toThrow('Card number is not valid');
    await expect(submitPayment(db, processor, request({ amountCents: 0 }))).rejects.toThrow(
      PaymentInputError,
    );
    const written = await db.select().from(payments).where(eq(payments.idempotencyKey, bad.idempotencyKey));
    expect(written).toEqual([]);
  });

  it('records a decline with the processor’s reason and nothing in the ledger', async () => {
    const declined = await submitPayment(db, processor, request({ source: card(TEST_CARDS.declined) }));
    expect(declined).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    expect(await ledgerEntriesOf(db, declined.paymentId)).toBe(0);
    const broke = await submitPayment(
      db,
      processor,
      request({
        source: {
          bank: {
            routingNumber: TEST_BANK_ACCOUNTS.routingNumber,
            accountNumber: TEST_BANK_ACCOUNTS.insufficientFunds,
          },
        },
      }),
    );
    expect(broke).toMatchObject({ status: 'failed', failureReason: 'Insufficient funds.' });
  });

  it('never stores a full card number', async () => {
    await submitPayment(db, processor, request());
    const dump = JSON.stringify([
      await db.select().from(payments),
      await db.select().from(testProcessorCharges),
    ]);
    expect(dump).not.toContain(TEST_CARDS.succeeds);
    expect(dump).toContain('4242');
  });
});

describe('reconcilePendingPayments', () => {
  const reconcile = () =>
    reconcilePendingPayments(db, processor, {
      olderThanSeconds: 0,
      today: () => TODAY,
      now: new Date(Date.now() + 1000),
    });

  it('settles a payment whose answer was lost: charged once, one ledger entry, exactly once', async () => {
    const attempt = request({ source: card(TEST_CARDS.timesOut) });
    const pending = await submitPayment(db, processor, attempt);
    expect(pending.status).toBe('pending');
    expect(await ledgerEntriesOf(db, pending.paymentId)).toBe(0);
    expect(await reconcile()).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(payments).where(eq(payments.id, pending.paymentId));
    expect(row?.status).toBe('succeeded');
    expect(await ledgerEntriesOf(db, pending.paymentId)).toBe(1);
    expect(await chargesFor(attempt.idempotencyKey)).toBe(1);
    expect(await reconcile()).toBe(0);
    expect(await ledgerEntriesOf(db, pending.paymentId)).toBe(1);
  });

  it('settles a charge made by a process that died before writing the ledger', async () => {
    // The processor charges, then this "process" dies before settling (the charge call never returns).
    const dying: PaymentProcessor = {
      ...processor,
      charge: async (charge: ChargeRequest) => {
        await processor.charge(charge);
        throw new Error('process died');
      },
    };
    const attempt = request();
    await expect(submitPayment(db, dying, attempt)).rejects.toThrow('process died');
    const [left] = await db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, attempt.idempotencyKey));
    expect(left?.status).toBe('pending');
    await reconcile();
    const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, attempt.idempotencyKey));
    expect(row?.status).toBe('succeeded');
    expect(await ledgerEntriesOf(db, row?.id ?? '')).toBe(1);
    expect(await chargesFor(attempt.idempotencyKey)).toBe(1);
  });

  it('fails a payment the processor never saw: nothing charged, nothing in the ledger', async () => {
    const unreachable: PaymentProcessor = {
      ...processor,
      charge: async () => {
        throw new Error('connection refused');
      },
    };
    const attempt = request();
    await expect(submitPayment(db, unreachable, attempt)).rejects.toThrow('connection refused');
    await reconcile();
    const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, attempt.idempotencyKey));
    expect(row).toMatchObject({
      status: 'failed',
      failureReason: 'Not charged: the payment never reached the processor',
    });
    expect(await chargesFor(attempt.idempotencyKey)).toBe(0);
    expect(await ledgerEntriesOf(db, row?.id ?? '')).toBe(0);
  });

  it('leaves a payment that is still being processed alone', async () => {
    const attempt = request({ source: card(TEST_CARDS.timesOut) });
    const pending = await submitPayment(db, processor, attempt);
    const settled = await reconcilePendingPayments(db, processor, {
      olderThanSeconds: 3600,
      today: () => TODAY,
    });
    expect(settled).toBe(0);
    const [row] = await db.select().from(payments).where(eq(payments.id, pending.paymentId));
    expect(row?.status).toBe('pending');
  });
});
