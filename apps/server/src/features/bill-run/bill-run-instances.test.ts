// Two instances (each its own connection pool) on one PostgreSQL run the bill run at the same
// moments, again and again, across a month: every missing read is written once and every bill is
// issued once, with one ledger entry and one e-mail. The test brings its own cluster, so it runs
// in both CI passes.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import {
  bills,
  customerAccounts,
  intervalMonths,
  ledgerEntries,
  mailOutbox,
  monthlyReads,
} from '../../db/schema/index.ts';
import { type SeededCluster, startSeededCluster } from '../../test/seeded-cluster.ts';
import { runBillRun } from './bill-run.ts';

const ACCOUNTS = 6;
const SEEDED_AT = new Date('2026-03-20T17:00:00Z');
const RUNS = ['2026-04-02', '2026-04-03', '2026-04-20', '2026-05-03', '2026-05-04'].map(
  (day) => new Date(`${day}T17:00:00Z`),
);

let seeded: SeededCluster | undefined;
let handles: DatabaseHandle[] = [];

beforeAll(async () => {
  seeded = await startSeededCluster({ accounts: ACCOUNTS, now: SEEDED_AT });
  handles = seeded.handles;
  await handles[0]?.db.update(customerAccounts).set({ paperless: true });
}, 180_000);

afterAll(async () => {
  await seeded?.destroy();
});

const count = async (query: Promise<{ count: number }[]>) => (await query)[0]?.count ?? 0;

describe('the bill run with two instances on PostgreSQL', () => {
  it('writes each read and issues each bill once, however the runs overlap', async () => {
    const [first, second] = handles;
    if (!first || !second) throw new Error('no instances');
    for (const now of RUNS) {
      await Promise.all([
        runBillRun(first.db, { publicUrl: 'https://portal.example', now }),
        runBillRun(second.db, { publicUrl: 'https://portal.example', now }),
        runBillRun(second.db, { publicUrl: 'https://portal.example', now }),
      ]);
    }
    const db = first.db;
    // Reads from 20 March to 3 May, each meter's days once.
    const days = await count(
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(sql`${intervalMonths}, unnest(${intervalMonths.importDayWh}) with ordinality as day(wh, n)`)
        .where(sql`day.wh is not null and ${intervalMonths.month} + day.n::int - 1 >= '2026-03-20'`),
    );
    expect(days).toBe(45 * ACCOUNTS);
    const duplicates = await db.execute(
      sql`select meter_id, read_date from ${monthlyReads} group by meter_id, read_date having count(*) > 1`,
    );
    expect((duplicates as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    // March's bill on 3 April and April's on 3 May, one each.
    const issued = await db
      .select({ id: bills.id, number: bills.billNumber })
      .from(bills)
      .where(sql`${bills.billNumber} like '%-202603' or ${bills.billNumber} like '%-202604'`);
    expect(issued).toHaveLength(2 * ACCOUNTS);
    expect(new Set(issued.map((bill) => bill.number)).size).toBe(2 * ACCOUNTS);
    for (const bill of issued) {
      const entries = await count(
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(ledgerEntries)
          .where(sql`${ledgerEntries.billId} = ${bill.id} and ${ledgerEntries.kind} = 'bill'`),
      );
      expect(entries).toBe(1);
    }
    const mails = await count(
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(eq(mailOutbox.purpose, 'new-bill')),
    );
    expect(mails).toBe(2 * ACCOUNTS);
  });
});
