// Two server instances (each its own app, connection pool and processor client) on one PostgreSQL
// run the AutoPay job at the same moments, again and again: every bill that falls due is paid
// exactly once, with one charge at the processor and one ledger entry. The test brings its own
// cluster, so it runs in both CI passes.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  autopayEnrollments,
  autopayRuns,
  bills,
  customerAccounts,
  ledgerEntries,
  payments,
  testProcessorCharges,
} from '../../db/schema/index.ts';
import { addDays } from '../../domain/calendar/local-day.ts';
import { type SeededCluster, startSeededCluster } from '../../test/seeded-cluster.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { runAutopay } from './autopay-runner.ts';

const SEEDED_AT = new Date('2026-10-03T12:00:00Z');

let seeded: SeededCluster | undefined;
const instances: TestApp[] = [];

beforeAll(async () => {
  seeded = await startSeededCluster({ accounts: 8, now: SEEDED_AT });
  for (const handle of seeded.handles) {
    instances.push(
      await createTestApp({
        database: { handle, databaseUrl: seeded.cluster.url, close: () => handle.close() },
      }),
    );
  }
}, 180_000);

afterAll(async () => {
  for (const instance of instances) await instance.close();
  await seeded?.destroy();
});

describe('AutoPay with two instances on PostgreSQL', () => {
  it('pays each bill that falls due exactly once', async () => {
    const db = instances[0]?.app.db;
    if (!db) throw new Error('no instance');
    // Every account on AutoPay with a saved test card, and an October bill due on the 20th that
    // nobody has paid (the seed stops at its own date: this is the bill run it has not made yet).
    const accounts = await db.select().from(customerAccounts);
    await db.update(autopayEnrollments).set({ status: 'cancelled' });
    for (const [index, account] of accounts.entries()) {
      const saved = await instances[0]?.app.paymentProcessor.saveSource(account.tenantId, {
        card: { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' },
      });
      if (!saved) throw new Error('no processor');
      await db.insert(autopayEnrollments).values({
        tenantId: account.tenantId,
        accountId: account.id,
        entityName: account.holderName,
        autoPayMethod: 'card',
        sourceBrand: saved.source.brand,
        sourceLast4: saved.source.last4,
        startDate: '2026-10-01',
        status: 'active',
        processorToken: saved.token,
      });
      const amount = 5_000 + index;
      const [bill] = await db
        .insert(bills)
        .values({
          tenantId: account.tenantId,
          accountId: account.id,
          billNumber: `${account.accountNumber}-TEST10`,
          periodStart: '2026-09-01',
          periodEnd: '2026-09-30',
          billDate: '2026-10-05',
          dueDate: '2026-10-20',
          currentChargesCents: amount,
          amountDueCents: amount,
        })
        .returning();
      // Whatever was owed before is settled, so the bill alone is due.
      const [owed] = await db
        .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, account.id));
      await db.insert(ledgerEntries).values([
        {
          tenantId: account.tenantId,
          accountId: account.id,
          entryDate: '2026-10-05',
          kind: 'adjustment',
          transactionType: 'ADJ',
          description: 'Test: balance settled',
          amountCents: -Number(owed?.total ?? 0),
        },
        {
          tenantId: account.tenantId,
          accountId: account.id,
          entryDate: '2026-10-05',
          kind: 'bill',
          transactionType: 'C1BL',
          description: 'Test bill',
          amountCents: amount,
          billId: bill?.id ?? null,
        },
      ]);
    }

    // Four weeks of passes, several a day, both instances at the same moments.
    for (let day = 0; day < 28; day += 1) {
      const date = addDays('2026-10-03', day);
      for (const hour of ['14', '18', '22']) {
        const now = new Date(`${date}T${hour}:00:00Z`);
        await Promise.all(
          instances.map((instance) => runAutopay(instance.app.db, instance.app.paymentProcessor, now)),
        );
      }
    }

    const runs = await db.select().from(autopayRuns);
    const paidRuns = runs.filter((run) => run.status === 'paid');
    expect(paidRuns).toHaveLength(accounts.length);
    expect(new Set(runs.map((run) => run.billId)).size).toBe(runs.length);
    expect(runs.filter((run) => run.status === 'processing' || run.status === 'scheduled')).toEqual([]);
    for (const run of paidRuns) {
      const paid = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.billId, run.billId),
            eq(payments.channel, 'autopay'),
            eq(payments.status, 'succeeded'),
          ),
        );
      expect(paid, `bill ${run.billId}`).toHaveLength(1);
      const payment = paid[0];
      if (!payment) continue;
      const [charges] = await db
        .select({ count: sql<string>`count(*)` })
        .from(testProcessorCharges)
        .where(eq(testProcessorCharges.idempotencyKey, payment.idempotencyKey));
      expect(Number(charges?.count)).toBe(1);
      const [entries] = await db
        .select({ count: sql<string>`count(*)` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.paymentId, payment.id));
      expect(Number(entries?.count)).toBe(1);
    }
  }, 180_000);
});
