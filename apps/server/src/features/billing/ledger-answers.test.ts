// What the triggers of migration 0027 keep for the stored answers (ledger-answers.ts): each
// account's balance (account_balances) equals the sum of its ledger after every kind of write,
// concurrent ones included, and after a load without triggers once stored again; each ledger
// entry's item (answer_item) is what billing_ledger_answer_item writes from the entry, its bill
// and its payment as they are now. answer-json.test.ts compares the answers built from them.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { customerAccounts, ledgerEntries, payments } from '../../db/schema/index.ts';
import { insertBillingAccount } from '../../test/account-test-kit.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import { answerStatements } from './answer-statements.ts';
import { storeAccountBalances, storeLedgerAnswers } from './ledger-answers.ts';

let world: BillingTestWorld;
let db: Database;

beforeAll(async () => {
  world = await createBillingTestWorld();
  db = world.t.database.handle.db;
}, 180_000);

afterAll(async () => {
  await world?.t.close();
});

/** Rows of a plain SQL read, as PGlite and node-postgres each return them. */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return Array.isArray(result) ? (result as T[]) : (result as unknown as { rows: T[] }).rows;
}

/** Accounts whose stored balance is not the sum of their ledger (a missing row counts as none). */
async function wrongBalances() {
  const all = await rows<{ account_id: string; stored: string | null; summed: string }>(sql`
    select ca.id as account_id, ab.balance_cents::text as stored,
      (select coalesce(sum(le.amount_cents), 0) from ledger_entries le where le.account_id = ca.id)::text as summed
    from customer_accounts ca left join account_balances ab on ab.account_id = ca.id`);
  return all.filter((row) => (row.stored ?? '0') !== row.summed);
}

async function balanceRows(accountId?: string): Promise<number> {
  const which = accountId === undefined ? sql`true` : sql`account_id = ${accountId}`;
  const [row] = await rows<{ n: number }>(
    sql`select count(*)::int as n from account_balances where ${which}`,
  );
  return row?.n ?? -1;
}

/** Entries whose stored item is not what the function writes from them now. */
async function staleItems(): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`(count(*) filter (where ${ledgerEntries.answerItem} is distinct from billing_ledger_answer_item(
        id, entry_date, transaction_type, description, amount_cents, bill_id, payment_id)))::int`,
    })
    .from(ledgerEntries);
  return row?.n ?? -1;
}

function entry(
  accountId: string,
  amountCents: number,
  extra: Partial<typeof ledgerEntries.$inferInsert> = {},
) {
  return {
    tenantId: world.tenantId,
    accountId,
    entryDate: '2026-10-14',
    kind: 'adjustment' as const,
    transactionType: 'ADJ',
    description: 'Adjustment',
    amountCents,
    ...extra,
  };
}

describe('account balances kept by the ledger trigger', () => {
  it('the seed (a load without triggers) stores every account’s balance', async () => {
    expect(await balanceRows()).toBeGreaterThan(0);
    expect(await wrongBalances()).toEqual([]);
  });

  it('follows inserts, changed amounts, entries moved between accounts and removals', async () => {
    const { accountId: demo } = world.demo;
    const { accountId: other } = world.other;
    const fresh = await insertBillingAccount(db, world.tenantId);
    // A new account's row from the start.
    expect(await balanceRows(fresh.id)).toBe(1);
    const [a] = await db.insert(ledgerEntries).values(entry(demo, 1_234)).returning({ id: ledgerEntries.id });
    if (!a) throw new Error('no entry');
    expect(await wrongBalances()).toEqual([]);
    await db.update(ledgerEntries).set({ amountCents: -99 }).where(eq(ledgerEntries.id, a.id));
    expect(await wrongBalances()).toEqual([]);
    await db
      .update(ledgerEntries)
      .set({ accountId: other, amountCents: 555 })
      .where(eq(ledgerEntries.id, a.id));
    expect(await wrongBalances()).toEqual([]);
    // An account's first entry, moved on: its balance back to 0.
    await db.update(ledgerEntries).set({ accountId: fresh.id }).where(eq(ledgerEntries.id, a.id));
    expect(await wrongBalances()).toEqual([]);
    await db.delete(ledgerEntries).where(eq(ledgerEntries.id, a.id));
    expect(await wrongBalances()).toEqual([]);
    // An account removed takes its row along.
    await db.insert(ledgerEntries).values(entry(fresh.id, 42));
    await db.delete(customerAccounts).where(eq(customerAccounts.id, fresh.id));
    expect(await wrongBalances()).toEqual([]);
    expect(await balanceRows(fresh.id)).toBe(0);
  });

  it('loses no entry written concurrently (each on its own connection on PostgreSQL)', async () => {
    const { accountId: demo } = world.demo;
    const amounts = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? -(i * 101 + 7) : i * 37 + 1));
    await Promise.all(
      amounts.map((amountCents) =>
        db.transaction(async (tx) => {
          await tx.insert(ledgerEntries).values(entry(demo, amountCents));
          // Held open a moment, so the transactions overlap.
          await tx.execute(sql`select pg_sleep(0.01)`);
        }),
      ),
    );
    expect(await wrongBalances()).toEqual([]);
    // Removals and changes at once as well.
    await Promise.all([
      db
        .delete(ledgerEntries)
        .where(sql`${ledgerEntries.accountId} = ${demo} and ${ledgerEntries.amountCents} < 0
        and ${ledgerEntries.transactionType} = 'ADJ'`),
      db
        .update(ledgerEntries)
        .set({ amountCents: sql`${ledgerEntries.amountCents} + 1` })
        .where(sql`${ledgerEntries.accountId} = ${demo} and ${ledgerEntries.amountCents} > 0
          and ${ledgerEntries.transactionType} = 'ADJ'`),
      db.insert(ledgerEntries).values(entry(demo, 777)),
    ]);
    expect(await wrongBalances()).toEqual([]);
  });

  it('an account’s first entry written with triggers sums the entries loaded without them', async () => {
    await db.execute(sql`delete from account_balances where account_id = ${world.demo.accountId}`);
    await Promise.all(
      [5, -7, 11].map((amountCents) =>
        db.insert(ledgerEntries).values(entry(world.demo.accountId, amountCents)),
      ),
    );
    expect(await balanceRows(world.demo.accountId)).toBe(1);
    expect(await wrongBalances()).toEqual([]);
  });

  it('an account without a stored balance is answered in full, with the same bytes', async () => {
    const statements = answerStatements(db, false);
    const input = {
      tenantId: world.tenantId,
      userId: world.demo.userId,
      accountId: world.demo.accountId,
      billId: null,
    };
    const answers = async () => ({
      bill: (await statements.billDetailsStored.execute(input))[0]?.body,
      user: (await statements.userDetailsStored.execute(input))[0]?.body,
    });
    await db.execute(sql`delete from account_balances where account_id = ${world.demo.accountId}`);
    expect(await answers()).toEqual({ bill: null, user: null });
    await storeAccountBalances(db);
    const stored = await answers();
    expect(stored.bill).toBe((await statements.billDetails.execute(input))[0]?.body);
    expect(stored.user).toBe((await statements.userDetails.execute(input))[0]?.body);
    expect(stored.user).toContain('"balanceCents":');
  });

  it('storeAccountBalances puts right what a load without triggers left out', async () => {
    await db.execute(sql`update account_balances set balance_cents = balance_cents + 1`);
    await db.execute(sql`delete from account_balances where account_id = ${world.other.accountId}`);
    expect((await wrongBalances()).length).toBeGreaterThan(0);
    await storeAccountBalances(db);
    expect(await wrongBalances()).toEqual([]);
  });
});

describe('ledger entries’ stored items', () => {
  it('follow the entry, its payment’s status, method and confirmation number, and its removal', async () => {
    expect(await staleItems()).toBe(0);
    const [payment] = await db
      .insert(payments)
      .values({
        tenantId: world.tenantId,
        accountId: world.demo.accountId,
        idempotencyKey: randomUUID(),
        confirmationNumber: 'GF-items-1',
        amountCents: 2_000,
        method: 'ach',
        channel: 'portal',
        platformKey: 'builtin',
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error('no payment');
    await db.insert(ledgerEntries).values(
      entry(world.demo.accountId, -2_000, {
        kind: 'payment',
        transactionType: 'PAY',
        description: 'Payment',
        paymentId: payment.id,
      }),
    );
    const item = async () => {
      const [row] = await db
        .select({ item: ledgerEntries.answerItem })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.paymentId, payment.id));
      return JSON.parse(row?.item ?? 'null') as Record<string, unknown> | null;
    };
    expect(await item()).toMatchObject({ paymentStatus: 'pending', paymentMethod: 'ach', hasPdf: false });
    await db.update(payments).set({ status: 'succeeded' }).where(eq(payments.id, payment.id));
    expect(await item()).toMatchObject({ paymentStatus: 'succeeded' });
    await db
      .update(payments)
      .set({ method: 'card', confirmationNumber: 'GF-items-2' })
      .where(eq(payments.id, payment.id));
    expect(await item()).toMatchObject({ paymentMethod: 'card', confirmationNumber: 'GF-items-2' });
    expect(await staleItems()).toBe(0);
    // A status change and the entry's insert in overlapping transactions: the item ends current.
    const [second] = await db
      .insert(payments)
      .values({
        tenantId: world.tenantId,
        accountId: world.demo.accountId,
        idempotencyKey: randomUUID(),
        confirmationNumber: 'GF-items-3',
        amountCents: 300,
        method: 'card',
        channel: 'portal',
        platformKey: 'builtin',
      })
      .returning({ id: payments.id });
    if (!second) throw new Error('no payment');
    await Promise.all([
      db.transaction(async (tx) => {
        await tx.insert(ledgerEntries).values(
          entry(world.demo.accountId, -300, {
            kind: 'payment',
            transactionType: 'PAY',
            description: 'Payment',
            paymentId: second.id,
          }),
        );
        await tx.execute(sql`select pg_sleep(0.02)`);
      }),
      db.update(payments).set({ status: 'failed' }).where(eq(payments.id, second.id)),
    ]);
    expect(await staleItems()).toBe(0);
    await db.delete(payments).where(eq(payments.id, payment.id));
    expect(await item()).toBeNull();
    expect(await staleItems()).toBe(0);
  });

  it('storeLedgerAnswers writes the items a load without triggers left out', async () => {
    await db.execute(sql`update ledger_entries set answer_item = null where id::text < '8'`);
    expect(await staleItems()).toBeGreaterThan(0);
    await storeLedgerAnswers(db);
    expect(await staleItems()).toBe(0);
  });
});
