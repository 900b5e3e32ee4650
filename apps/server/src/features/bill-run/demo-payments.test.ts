// The demo's customers pay their bills: a demo seeded on 20 March is caught up to 10 June (the bills
// of March, April and May issued) and every customer not on AutoPay has paid each closed bill on its
// drawn day, by card or bank through the processor or by check or cash received by the utility, all
// through settlePayment's ledger entries: balances are the current bill, late fees follow late
// payments only, the demo login keeps its latest bill open, a second catch-up changes nothing, and a
// real utility's customers are never paid for.
import { basicAuthorization } from '@gridfront/contracts';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProcessor } from '../../adapters/payments/test-processor.ts';
import type { Database } from '../../db/client.ts';
import {
  autopayEnrollments,
  bills,
  customerAccounts,
  ledgerEntries,
  payments,
  tenants,
  testProcessorCharges,
  userAccounts,
  users,
} from '../../db/schema/index.ts';
import { accountNumberFor, planAccount } from '../../seed/account-plan.ts';
import { demoPaymentOf } from '../../seed/demo-payer.ts';
import { DEFAULT_SEED, EXTRA_DEMO_USERS, seedDemoUtility } from '../../seed/index.ts';
import { caller, signedInToken } from '../../test/account-test-kit.ts';
import { insertTenant, type TenantFixture } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { runBillRun } from './bill-run.ts';
import { DEMO_PAYMENT_KEY_PREFIX } from './demo-payments.ts';

// 30 accounts: card and bank payers, prompt and late ones, check payers (23, 24) and a delinquent (28).
const ACCOUNTS = 30;
const PUBLIC_URL = 'https://portal.example';
const SEEDED_AT = new Date('2026-03-20T17:00:00Z');
const RUN_AT = new Date('2026-06-10T17:00:00Z');
const TODAY = '2026-06-10';
const CAUGHT_UP_MONTHS = ['202603', '202604', '202605'];

let t: TestApp;
let tenantId: string;
let otherAccountId: string;
let firstRun: Awaited<ReturnType<typeof runBillRun>>;

const db = (): Database => t.database.handle.db;

type Bill = typeof bills.$inferSelect;

async function billsOf(accountNumber: string): Promise<Bill[]> {
  return db()
    .select({ bill: bills })
    .from(bills)
    .innerJoin(customerAccounts, eq(customerAccounts.id, bills.accountId))
    .where(and(eq(customerAccounts.tenantId, tenantId), eq(customerAccounts.accountNumber, accountNumber)))
    .orderBy(asc(bills.billDate))
    .then((rows) => rows.map((row) => row.bill));
}

async function balanceOf(accountId: string): Promise<number> {
  const [row] = await db()
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return Number(row?.total ?? 0);
}

async function lateFeeOf(billId: string): Promise<number> {
  const [row] = await db()
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.billId, billId), eq(ledgerEntries.kind, 'late_fee')));
  return Number(row?.total ?? 0);
}

/** The accounts whose customers pay by hand: no active AutoPay. */
async function payingByHand(): Promise<{ id: string; accountNumber: string; index: number }[]> {
  const rows = await db()
    .select({ id: customerAccounts.id, accountNumber: customerAccounts.accountNumber })
    .from(customerAccounts)
    .where(
      and(
        eq(customerAccounts.tenantId, tenantId),
        sql`not exists (select 1 from ${autopayEnrollments} e where e.account_id = ${customerAccounts.id} and e.status = 'active')`,
      ),
    )
    .orderBy(asc(customerAccounts.accountNumber));
  return rows.map((row) => ({ ...row, index: Number(row.accountNumber.slice(0, 9)) - 310_000_000 }));
}

async function snapshot() {
  const count = async (table: typeof payments | typeof ledgerEntries | typeof testProcessorCharges) =>
    (await db().select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;
  return {
    payments: await count(payments),
    ledger: await count(ledgerEntries),
    charges: await count(testProcessorCharges),
    bills: (await db().select({ n: sql<number>`count(*)::int` }).from(bills))[0]?.n ?? 0,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoUtility(db(), { accounts: ACCOUNTS, seed: DEFAULT_SEED, months: 3, now: SEEDED_AT });
  const [tenant] = await db().select().from(tenants);
  if (!tenant) throw new Error('no tenant');
  tenantId = tenant.id;
  // A real utility with a customer who owes money: the demo's customers' habits are not theirs.
  const other = await insertTenant(db(), { isDefault: false });
  const [account] = await db()
    .insert(customerAccounts)
    .values({
      tenantId: other.tenant.id,
      accountNumber: accountNumberFor(2),
      pinHash: 'x',
      holderName: 'Real Customer',
      email: 'real@example.com',
      mailingAddress: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      paperless: false,
      openedOn: '2020-01-01',
    })
    .returning();
  if (!account) throw new Error('no account');
  otherAccountId = account.id;
  const [bill] = await db()
    .insert(bills)
    .values({
      tenantId: other.tenant.id,
      accountId: account.id,
      billNumber: `${accountNumberFor(2)}-202603`,
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      billDate: '2026-04-03',
      dueDate: '2026-04-24',
      currentChargesCents: 9_000,
      amountDueCents: 9_000,
    })
    .returning();
  await db()
    .insert(ledgerEntries)
    .values({
      tenantId: other.tenant.id,
      accountId: account.id,
      entryDate: '2026-04-03',
      kind: 'bill',
      transactionType: 'C1BL',
      description: 'Bill',
      amountCents: 9_000,
      billId: bill?.id ?? null,
    });
  firstRun = await runBillRun(db(), {
    publicUrl: PUBLIC_URL,
    now: RUN_AT,
    processor: createTestProcessor(db()),
  });
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo customers pay their bills', () => {
  it('issues the bills of March, April and May and pays the closed ones', async () => {
    expect(firstRun.bills).toBe(3 * ACCOUNTS);
    expect(firstRun.payments).toBeGreaterThanOrEqual(2 * (await payingByHand()).length);
  });

  it("leaves each paying customer's balance at the current bill, not the sum of the bills", async () => {
    for (const account of await payingByHand()) {
      const history = await billsOf(account.accountNumber);
      const caughtUp = history.filter((bill) => CAUGHT_UP_MONTHS.includes(bill.billNumber.slice(-6)));
      expect(caughtUp).toHaveLength(3);
      for (const bill of caughtUp) {
        // Everything before it was paid: it asks only for its own month (and a late fee).
        expect(bill.previousBalanceCents - bill.paymentsReceivedCents, bill.billNumber).toBe(0);
        expect(bill.amountDueCents).toBe(bill.currentChargesCents);
      }
      const latest = caughtUp.at(-1);
      if (!latest) throw new Error('no latest bill');
      const [latestPayment] = await db()
        .select()
        .from(payments)
        .where(eq(payments.idempotencyKey, `${DEMO_PAYMENT_KEY_PREFIX}${latest.billNumber}`));
      const plan = planAccount(DEFAULT_SEED, account.index);
      const day = demoPaymentOf(DEFAULT_SEED, plan, latest).day;
      if (account.index === 0) {
        // The demo login keeps its latest bill open, whatever its day.
        expect(latestPayment).toBeUndefined();
        expect(await balanceOf(account.id)).toBe(latest.amountDueCents);
      } else if (day < TODAY) {
        expect(latestPayment?.status).toBe('succeeded');
        expect(await balanceOf(account.id)).toBe(0);
      } else {
        expect(latestPayment).toBeUndefined();
        expect(await balanceOf(account.id)).toBe(latest.amountDueCents);
      }
    }
  });

  it('pays each bill once, on its drawn day, with one ledger entry; by card, bank, mailed check or in person', async () => {
    const demoPayments = await db()
      .select()
      .from(payments)
      .where(like(payments.idempotencyKey, `${DEMO_PAYMENT_KEY_PREFIX}%`));
    expect(demoPayments.length).toBe(firstRun.payments);
    const channels = new Set<string>();
    for (const payment of demoPayments) {
      expect(payment.status).toBe('succeeded');
      channels.add(`${payment.channel}:${payment.method}`);
      const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment.id));
      expect(entries).toHaveLength(1);
      expect(entries[0]?.amountCents).toBe(-payment.amountCents);
      const [bill] = await db()
        .select()
        .from(bills)
        .where(eq(bills.id, payment.billId ?? ''));
      if (!bill) throw new Error('a demo payment without its bill');
      const [account] = await db()
        .select()
        .from(customerAccounts)
        .where(eq(customerAccounts.id, payment.accountId));
      const plan = planAccount(DEFAULT_SEED, Number(account?.accountNumber.slice(0, 9)) - 310_000_000);
      const drawn = demoPaymentOf(DEFAULT_SEED, plan, bill);
      expect(entries[0]?.entryDate).toBe(drawn.day);
      expect((entries[0]?.entryDate ?? TODAY) < TODAY).toBe(true);
      expect(payment.channel).toBe(drawn.channel);
      // Card and bank payments went through the processor once, with the fee on top.
      const charges = await db()
        .select()
        .from(testProcessorCharges)
        .where(eq(testProcessorCharges.idempotencyKey, payment.idempotencyKey));
      if (payment.method === 'card' || payment.method === 'ach') {
        expect(charges).toHaveLength(1);
        expect(charges[0]?.amountCents).toBe(payment.amountCents + payment.feeCents);
        expect(payment.feeCents).toBeGreaterThan(0);
      } else {
        expect(charges).toHaveLength(0);
        expect(payment.feeCents).toBe(0);
      }
    }
    expect(channels).toContain('portal:card');
    expect(channels).toContain('portal:ach');
    expect([...channels].some((channel) => channel.startsWith('mail:check'))).toBe(true);
  });

  it('charges a late fee exactly where the bill before was paid after its due date', async () => {
    let late = 0;
    let onTime = 0;
    for (const account of await payingByHand()) {
      const history = await billsOf(account.accountNumber);
      for (const [i, bill] of history.entries()) {
        const previous = history[i - 1];
        if (!previous || !CAUGHT_UP_MONTHS.includes(bill.billNumber.slice(-6))) continue;
        const [paid] = await db()
          .select({ last: sql<string | null>`max(${ledgerEntries.entryDate})::text` })
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.accountId, account.id),
              eq(ledgerEntries.kind, 'payment'),
              sql`${ledgerEntries.entryDate} > ${previous.billDate}`,
              sql`${ledgerEntries.entryDate} <= ${bill.billDate}`,
            ),
          );
        const paidLate = paid?.last == null || paid.last > previous.dueDate;
        expect(await lateFeeOf(bill.id), bill.billNumber).toBe(paidLate ? 500 : 0);
        if (paidLate) late += 1;
        else onTime += 1;
      }
    }
    expect(late).toBeGreaterThan(0);
    expect(onTime).toBeGreaterThan(late);
  });

  it("the API agrees: a late payer's balance, the latest bill's status and what is owed", async () => {
    const [tenant] = await db().select().from(tenants).where(eq(tenants.id, tenantId));
    if (!tenant) throw new Error('no tenant');
    const fixture = {
      authorization: basicAuthorization(tenant.appClientId, tenant.appClientSecret),
    } as TenantFixture;
    const sam = EXTRA_DEMO_USERS.find((user) => user.accountIndex === 2);
    const [row] = await db()
      .select({ userId: users.id, accountId: userAccounts.accountId })
      .from(users)
      .innerJoin(userAccounts, eq(userAccounts.userId, users.id))
      .where(eq(users.username, sam?.username ?? ''));
    if (!row) throw new Error('no sam.okafor');
    const api = caller(t, fixture, '10.9.9.9', await signedInToken(t, tenantId, row.userId));
    const details = await api.get('/oracle/getUserDetails');
    expect(details.statusCode).toBe(200);
    const balance = await balanceOf(row.accountId);
    expect(details.json().accounts[0].balanceCents).toBe(balance);
    const bill = await api.post('/oracle/getBillDetails', { accountId: row.accountId });
    expect(bill.statusCode).toBe(200);
    const answer = bill.json();
    expect(answer.outstandingCents).toBe(Math.max(balance, 0));
    expect(answer.bill.status).toBe(balance <= 0 ? 'paid' : 'open');
  });

  it('a second catch-up changes nothing', async () => {
    const before = await snapshot();
    const again = await runBillRun(db(), {
      publicUrl: PUBLIC_URL,
      now: RUN_AT,
      processor: createTestProcessor(db()),
    });
    expect(again).toEqual({
      weatherDays: 0,
      intervalDays: 0,
      monthlyReads: 0,
      bills: 0,
      mails: 0,
      payments: 0,
    });
    expect(await snapshot()).toEqual(before);
  });

  it("never pays for a real utility's customer", async () => {
    const theirs = await db()
      .select()
      .from(payments)
      .where(inArray(payments.accountId, [otherAccountId]));
    expect(theirs).toHaveLength(0);
    expect(await balanceOf(otherAccountId)).toBe(9_000);
  });
});
