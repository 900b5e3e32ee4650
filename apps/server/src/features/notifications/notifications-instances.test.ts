// Two server instances run the notice scheduler at the same moments, many times a day, from before
// the reminder window to after the past-due window: every unpaid bill gets exactly one reminder
// (none on AutoPay) and one past-due notice. On a PostgreSQL cluster of its own (two connection
// pools, as two servers), and on PGlite (two apps sharing the embedded database).
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  autopayEnrollments,
  bills,
  customerAccounts,
  ledgerEntries,
  mailOutbox,
} from '../../db/schema/index.ts';
import { addDays } from '../../domain/calendar/local-day.ts';
import { DEFAULT_SEED, seedDemoUtility } from '../../seed/index.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/index.ts';
import { type SeededCluster, startSeededCluster } from '../../test/seeded-cluster.ts';
import { sendBillDueNotices } from './bill-due-scheduler.ts';

// Two days after the bill date: the month's bills are out and nobody has paid them yet.
const SEEDED_AT = new Date('2026-10-05T12:00:00Z');
const PUBLIC_URL = 'https://portal.example';

/** Accounts whose latest bill is still unpaid, and which of them are on AutoPay (from the data). */
async function expectedRecipients(db: Database) {
  const accounts = await db.select().from(customerAccounts);
  const reminders: string[] = [];
  const pastDue: string[] = [];
  let dueDate = '';
  for (const account of accounts) {
    const [bill] = await db
      .select()
      .from(bills)
      .where(eq(bills.accountId, account.id))
      .orderBy(desc(bills.billDate))
      .limit(1);
    const [balance] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, account.id));
    const [autopay] = await db
      .select()
      .from(autopayEnrollments)
      .where(and(eq(autopayEnrollments.accountId, account.id), eq(autopayEnrollments.status, 'active')));
    if (!bill || !account.email || bill.amountDueCents <= 0 || Number(balance?.total ?? 0) <= 0) continue;
    dueDate = bill.dueDate;
    pastDue.push(account.email);
    if (!autopay) reminders.push(account.email);
  }
  return { reminders: reminders.sort(), pastDue: pastDue.sort(), dueDate };
}

async function runTogether(instances: Database[]) {
  const db = instances[0];
  if (!db) throw new Error('no instance');
  const expected = await expectedRecipients(db);
  expect(expected.pastDue.length).toBeGreaterThan(0);
  // From a week before the due date to two weeks after, three passes a day, both instances at once.
  for (let day = -8; day <= 14; day += 1) {
    const date = addDays(expected.dueDate, day);
    for (const hour of ['05', '13', '21']) {
      const now = new Date(`${date}T${hour}:00:00Z`);
      await Promise.all(
        instances.map((instance) => sendBillDueNotices(instance, { publicUrl: PUBLIC_URL, now })),
      );
    }
  }
  const mails = await db.select().from(mailOutbox);
  const to = (purpose: string) =>
    mails
      .filter((mail) => mail.purpose === purpose)
      .map((mail) => mail.toAddress)
      .sort();
  expect(to('notice-due-reminder')).toEqual(expected.reminders);
  expect(to('notice-past-due')).toEqual(expected.pastDue);
}

describe('notices with two instances on PostgreSQL', () => {
  let seeded: SeededCluster | undefined;
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    await seeded?.destroy();
  });

  it('sends each reminder and past-due notice exactly once', async () => {
    seeded = await startSeededCluster({ accounts: 8, now: SEEDED_AT });
    for (const handle of seeded.handles) {
      apps.push(
        await createTestApp({
          database: { handle, databaseUrl: seeded.cluster.url, close: () => handle.close() },
        }),
      );
    }
    await runTogether(apps.map((app) => app.app.db));
  }, 240_000);
});

describe('notices with two instances on PGlite', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    await apps[0]?.database.close();
  });

  it('sends each reminder and past-due notice exactly once', async () => {
    const database = await createTestDatabase();
    apps.push(await createTestApp({ database }), await createTestApp({ database }));
    await seedDemoUtility(database.handle.db, { accounts: 6, seed: DEFAULT_SEED, months: 3, now: SEEDED_AT });
    await runTogether(apps.map((app) => app.app.db));
  }, 240_000);
});
