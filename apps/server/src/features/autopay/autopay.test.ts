// AutoPay: enrollment through HTTP (validation, scoping with two customers, nothing of the card
// kept), and the job: one notice and one withdrawal per bill however often and however many at
// once it runs, catch-up after the due date, the maximum respected, declines reported.
import { autopayMessages } from '@gridfront/contracts';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../adapters/payments/test-processor.ts';
import {
  autopayEnrollments,
  autopayRuns,
  bills,
  customerAccounts,
  ledgerEntries,
  mailOutbox,
  payments,
  testProcessorSources,
} from '../../db/schema/index.ts';
import { addDays, localDate } from '../../domain/calendar/local-day.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import { runAutopay } from './autopay-runner.ts';
import { enrollAutopay } from './autopay-service.ts';

const WORLD_NOW = new Date('2026-10-15T12:00:00Z');
let world: BillingTestWorld;

beforeAll(async () => {
  world = await createBillingTestWorld(WORLD_NOW);
});

afterAll(async () => {
  await world?.t.close();
});

const db = () => world.t.database.handle.db;
const processor = () => world.t.app.paymentProcessor;
const card = (number: string) => ({ number, expMonth: 12, expYear: 2031, cvc: '123' });
const noon = (date: string) => new Date(`${date}T18:00:00Z`);

async function latestBill(accountId: string) {
  const [bill] = await db()
    .select()
    .from(bills)
    .where(eq(bills.accountId, accountId))
    .orderBy(desc(bills.billDate))
    .limit(1);
  if (!bill) throw new Error('no bill');
  return bill;
}

async function balanceOf(accountId: string): Promise<number> {
  const [row] = await db()
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return Number(row?.total ?? 0);
}

async function mailsFor(purpose: string) {
  return db().select().from(mailOutbox).where(eq(mailOutbox.purpose, purpose));
}

describe('AutoPay enrollment over HTTP', () => {
  const today = () => localDate('America/Chicago');

  it('enrolls, shows in the user details, changes and cancels; the card stays with the processor', async () => {
    const enrolled = await world.demo.api.post('/paymentus/autopayEnroll', {
      accountId: world.demo.accountId,
      autoPayMethod: 'card',
      card: card(TEST_CARDS.succeeds),
      autopayMaxWithdrawalAmount: 50_000,
      startDate: today(),
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json()).toMatchObject({
      message: autopayMessages.enrolled,
      autopay: {
        autoPayMethod: 'card',
        autopaySource: 'Visa ending 4242',
        autopayMaxWithdrawalAmount: 50_000,
        expireDate: '2031-12-31',
      },
    });
    const details = await world.demo.api.get('/oracle/getUserDetails');
    const account = details
      .json()
      .accounts.find((a: { accountId: string }) => a.accountId === world.demo.accountId);
    expect(account.autopay.autopaySource).toBe('Visa ending 4242');

    const changed = await world.demo.api.post('/paymentus/autopayEnroll', {
      accountId: world.demo.accountId,
      autoPayMethod: 'ach',
      bank: { routingNumber: '110000000', accountNumber: '000123456789' },
      autopayMaxWithdrawalAmount: null,
      startDate: today(),
    });
    expect(changed.json()).toMatchObject({
      message: autopayMessages.changed,
      autopay: { autoPayMethod: 'ach', autopayMaxWithdrawalAmount: null },
    });
    const active = await db()
      .select()
      .from(autopayEnrollments)
      .where(
        and(eq(autopayEnrollments.accountId, world.demo.accountId), eq(autopayEnrollments.status, 'active')),
      );
    expect(active).toHaveLength(1);
    // Nothing of the numbers is kept: neither by Gridfront nor in the processor's vault.
    const everything = JSON.stringify([
      await db().select().from(autopayEnrollments),
      await db().select().from(testProcessorSources),
    ]);
    expect(everything).not.toContain(TEST_CARDS.succeeds);
    expect(everything).not.toContain('000123456789');

    const cancelled = await world.demo.api.post('/paymentus/autopayCancel', {
      accountId: world.demo.accountId,
    });
    expect(cancelled.json()).toEqual({ message: autopayMessages.cancelled, autopay: null });
    const again = await world.demo.api.post('/paymentus/autopayCancel', { accountId: world.demo.accountId });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(autopayMessages.notEnrolled);
  });

  it("refuses another customer's account, bad cards and dates, and changes nothing", async () => {
    const before = await db().select().from(autopayEnrollments);
    const base = {
      accountId: world.demo.accountId,
      autoPayMethod: 'card',
      card: card(TEST_CARDS.succeeds),
      autopayMaxWithdrawalAmount: null,
      startDate: today(),
    };
    const cases: [object, number, string][] = [
      [{ ...base, accountId: world.other.accountId }, 404, 'Account not found'],
      [{ ...base, card: card('4242424242424241') }, 400, 'Card number is not valid'],
      [{ ...base, startDate: '2020-01-01' }, 400, autopayMessages.startDate],
      [{ ...base, endDate: base.startDate }, 400, autopayMessages.endDate],
      [{ ...base, card: undefined }, 400, autopayMessages.source],
    ];
    for (const [body, status, message] of cases) {
      const response = await world.demo.api.post('/paymentus/autopayEnroll', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const foreignCancel = await world.demo.api.post('/paymentus/autopayCancel', {
      accountId: world.other.accountId,
    });
    expect(foreignCancel.statusCode).toBe(404);
    expect(await db().select().from(autopayEnrollments)).toEqual(before);
  });
});

describe('the AutoPay job', () => {
  beforeAll(async () => {
    // Only the enrollments these tests make: the seed's own would be paid by the same passes.
    await db().update(autopayEnrollments).set({ status: 'cancelled' });
  });

  it('sends one notice before the due date and withdraws the bill once, catching up after downtime', async () => {
    const bill = await latestBill(world.demo.accountId);
    expect(bill.dueDate > '2026-10-15').toBe(true);
    await enrollAutopay(
      {
        db: db(),
        processor: processor(),
        owner: { tenantId: world.tenantId, userId: world.demo.userId },
        today: '2026-10-15',
        now: WORLD_NOW,
      },
      {
        accountId: world.demo.accountId,
        autoPayMethod: 'card',
        card: card(TEST_CARDS.succeeds),
        autopayMaxWithdrawalAmount: null,
        startDate: '2026-10-15',
      },
    );
    const unpaid = Math.min(await balanceOf(world.demo.accountId), bill.amountDueCents);
    expect(unpaid).toBeGreaterThan(0);

    // A week before the due date: nothing yet.
    expect((await runAutopay(db(), processor(), noon(addDays(bill.dueDate, -7)))).scheduled).toBe(0);
    // Within the notice window: one run, one notice, however often the job runs.
    const noticesBefore = (await mailsFor('autopay-notice')).length;
    const inWindow = noon(addDays(bill.dueDate, -2));
    await Promise.all([runAutopay(db(), processor(), inWindow), runAutopay(db(), processor(), inWindow)]);
    await runAutopay(db(), processor(), inWindow);
    const runs = await db().select().from(autopayRuns).where(eq(autopayRuns.billId, bill.id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'scheduled', noticeAmountCents: unpaid });
    expect((await mailsFor('autopay-notice')).length).toBe(noticesBefore + 1);
    expect(await db().select().from(payments).where(eq(payments.billId, bill.id))).toHaveLength(0);

    // The server was down on the due date; two days later five passes at once pay it exactly once.
    const balanceBefore = await balanceOf(world.demo.accountId);
    const late = noon(addDays(bill.dueDate, 2));
    await Promise.all(Array.from({ length: 5 }, () => runAutopay(db(), processor(), late)));
    await runAutopay(db(), processor(), late);
    const paid = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.channel, 'autopay'), eq(payments.billId, bill.id)));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 'succeeded', amountCents: unpaid, feeCents: 0 });
    expect(await balanceOf(world.demo.accountId)).toBe(balanceBefore - unpaid);
    const [run] = await db().select().from(autopayRuns).where(eq(autopayRuns.billId, bill.id));
    expect(run).toMatchObject({ status: 'paid', paymentId: paid[0]?.id });
    const receipts = await mailsFor('payment-receipt');
    expect(receipts.some((mail) => mail.subject.includes(paid[0]?.confirmationNumber ?? '?'))).toBe(true);
  });

  it('charges nothing over the maximum and tells the customer', async () => {
    const bill = await latestBill(world.other.accountId);
    await enrollAutopay(
      {
        db: db(),
        processor: processor(),
        owner: { tenantId: world.tenantId, userId: world.other.userId },
        today: '2026-10-15',
        now: WORLD_NOW,
      },
      {
        accountId: world.other.accountId,
        autoPayMethod: 'card',
        card: card(TEST_CARDS.succeeds),
        autopayMaxWithdrawalAmount: 1,
        startDate: '2026-10-15',
      },
    );
    const balanceBefore = await balanceOf(world.other.accountId);
    const overBefore = (await mailsFor('autopay-overMaximum')).length;
    await runAutopay(db(), processor(), noon(bill.dueDate));
    await runAutopay(db(), processor(), noon(bill.dueDate));
    const [run] = await db().select().from(autopayRuns).where(eq(autopayRuns.billId, bill.id));
    expect(run?.status).toBe('over_maximum');
    expect(await balanceOf(world.other.accountId)).toBe(balanceBefore);
    expect((await mailsFor('autopay-overMaximum')).length).toBe(overBefore + 1);
  });

  it('reports a declined withdrawal and charges nothing', async () => {
    // The third seeded account: its enrollment is written directly, with a card that declines.
    const [third] = await db()
      .select({ id: customerAccounts.id, holder: customerAccounts.holderName })
      .from(customerAccounts)
      .where(notInArray(customerAccounts.id, [world.demo.accountId, world.other.accountId]))
      .limit(1);
    if (!third) throw new Error('no third account');
    const bill = await latestBill(third.id);
    const saved = await processor().saveSource(world.tenantId, { card: card(TEST_CARDS.declined) });
    await db()
      .update(autopayEnrollments)
      .set({ status: 'cancelled' })
      .where(eq(autopayEnrollments.accountId, third.id));
    await db().insert(autopayEnrollments).values({
      tenantId: world.tenantId,
      accountId: third.id,
      entityName: third.holder,
      autoPayMethod: 'card',
      sourceBrand: saved.source.brand,
      sourceLast4: saved.source.last4,
      startDate: '2026-10-01',
      status: 'active',
      processorToken: saved.token,
    });
    // Whatever the seed paid, this bill is owed in full now.
    const owed = bill.amountDueCents - (await balanceOf(third.id));
    if (owed > 0) {
      await db().insert(ledgerEntries).values({
        tenantId: world.tenantId,
        accountId: third.id,
        entryDate: '2026-10-15',
        kind: 'adjustment',
        transactionType: 'ADJ',
        description: 'Test: bill owed in full',
        amountCents: owed,
      });
    }
    const balanceBefore = await balanceOf(third.id);
    await runAutopay(db(), processor(), noon(bill.dueDate));
    const [run] = await db().select().from(autopayRuns).where(eq(autopayRuns.billId, bill.id));
    expect(run).toMatchObject({ status: 'failed', detail: 'Your card was declined.' });
    expect(await balanceOf(third.id)).toBe(balanceBefore);
    expect((await mailsFor('autopay-failed')).length).toBeGreaterThan(0);
  });
});
