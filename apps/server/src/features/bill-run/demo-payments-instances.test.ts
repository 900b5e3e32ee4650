// Two instances (each its own connection pool and processor) on one PostgreSQL run the bill run with
// the demo customers' payments at the same moments, again and again, across three months: each bill
// is paid once (one payment, one processor charge, one ledger entry), nothing is left pending, and
// every later bill counts the payment before it.
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProcessor } from '../../adapters/payments/test-processor.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import {
  bills,
  customerAccounts,
  ledgerEntries,
  payments,
  testProcessorCharges,
} from '../../db/schema/index.ts';
import { type SeededCluster, startSeededCluster } from '../../test/seeded-cluster.ts';
import { runBillRun } from './bill-run.ts';
import { DEMO_PAYMENT_KEY_PREFIX } from './demo-payments.ts';

const ACCOUNTS = 8;
const SEEDED_AT = new Date('2026-03-20T17:00:00Z');
const RUNS = ['2026-04-02', '2026-04-10', '2026-04-26', '2026-05-04', '2026-05-30', '2026-06-12'].map(
  (day) => new Date(`${day}T17:00:00Z`),
);

let seeded: SeededCluster | undefined;
let handles: DatabaseHandle[] = [];

beforeAll(async () => {
  seeded = await startSeededCluster({ accounts: ACCOUNTS, now: SEEDED_AT });
  handles = seeded.handles;
}, 180_000);

afterAll(async () => {
  await seeded?.destroy();
});

describe('the demo customers pay with two instances on PostgreSQL', () => {
  it('pays each bill once, however the runs overlap', async () => {
    const [first, second] = handles;
    if (!first || !second) throw new Error('no instances');
    const processors = [createTestProcessor(first.db), createTestProcessor(second.db)] as const;
    let paid = 0;
    for (const now of RUNS) {
      const reports = await Promise.all([
        runBillRun(first.db, { publicUrl: 'https://portal.example', now, processor: processors[0] }),
        runBillRun(second.db, { publicUrl: 'https://portal.example', now, processor: processors[1] }),
        runBillRun(second.db, { publicUrl: 'https://portal.example', now, processor: processors[1] }),
      ]);
      paid += reports.reduce((sum, report) => sum + report.payments, 0);
    }
    const db = first.db;
    const demoPayments = await db
      .select()
      .from(payments)
      .where(like(payments.idempotencyKey, `${DEMO_PAYMENT_KEY_PREFIX}%`));
    // Three months of bills for the accounts not on AutoPay: a good number of payments, each counted once.
    expect(demoPayments.length).toBeGreaterThanOrEqual(2 * (ACCOUNTS - 2));
    expect(paid).toBe(demoPayments.length);
    expect(new Set(demoPayments.map((payment) => payment.billId)).size).toBe(demoPayments.length);
    for (const payment of demoPayments) {
      expect(payment.status).toBe('succeeded');
      const [entries] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.paymentId, payment.id));
      expect(entries?.count).toBe(1);
      if (payment.method === 'card' || payment.method === 'ach') {
        const [charges] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(testProcessorCharges)
          .where(eq(testProcessorCharges.idempotencyKey, payment.idempotencyKey));
        expect(charges?.count).toBe(1);
      }
    }
    const [pending] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.status, 'pending'));
    expect(pending?.count).toBe(0);
    // Every bill of an account paid by hand counts the payment of the bill before: it asks for its
    // own month only, never for the bill before it again.
    const paidBills = new Set(demoPayments.map((payment) => payment.accountId));
    const later = await db
      .select({ bill: bills })
      .from(bills)
      .innerJoin(customerAccounts, eq(customerAccounts.id, bills.accountId))
      .where(sql`${bills.billNumber} like '%-202604' or ${bills.billNumber} like '%-202605'`);
    expect(later).toHaveLength(2 * ACCOUNTS);
    for (const { bill } of later) {
      if (!paidBills.has(bill.accountId)) continue;
      expect(bill.previousBalanceCents - bill.paymentsReceivedCents, bill.billNumber).toBe(0);
    }
  });
});
