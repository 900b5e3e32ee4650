// The AutoPay job follows the utility's own rules from /admin/settings (issue 14): the notice goes out
// the utility's number of days before the due date, the withdrawal is made its number of days before
// it, and the utility's cap holds even for a customer who set no maximum.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../adapters/payments/test-processor.ts';
import { autopayEnrollments, autopayRuns, bills, payments, tenants } from '../../db/schema/index.ts';
import type { TenantAutopayRules } from '../../db/schema/tenants.ts';
import { addDays } from '../../domain/calendar/local-day.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import { runAutopay } from '../autopay/autopay-runner.ts';
import { enrollAutopay } from '../autopay/autopay-service.ts';
import { DEFAULT_AUTOPAY_RULES } from './settings-rules.ts';

const WORLD_NOW = new Date('2026-10-15T12:00:00Z');
let world: BillingTestWorld;
const db = () => world.t.database.handle.db;
const processor = () => world.t.app.paymentProcessor;
const noon = (date: string) => new Date(`${date}T18:00:00Z`);

beforeAll(async () => {
  world = await createBillingTestWorld(WORLD_NOW);
  // Only the enrollments these tests make: the seed's own would be paid by the same passes.
  await db().update(autopayEnrollments).set({ status: 'cancelled' });
}, 120_000);
afterAll(() => world?.t.close());

async function setRules(rules: Partial<TenantAutopayRules>) {
  await db()
    .update(tenants)
    .set({ autopayRules: { ...DEFAULT_AUTOPAY_RULES, ...rules } })
    .where(eq(tenants.id, world.tenantId));
}

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

async function enroll(customer: BillingTestWorld['demo']) {
  await enrollAutopay(
    {
      db: db(),
      processor: processor(),
      owner: { tenantId: world.tenantId, userId: customer.userId },
      today: '2026-10-15',
      now: WORLD_NOW,
    },
    {
      accountId: customer.accountId,
      autoPayMethod: 'card',
      card: { number: TEST_CARDS.succeeds, expMonth: 12, expYear: 2031, cvc: '123' },
      autopayMaxWithdrawalAmount: null,
      startDate: '2026-10-15',
    },
  );
}

describe('the AutoPay job under the utility’s rules', () => {
  it('sends the notice and withdraws the utility’s number of days before the due date', async () => {
    await setRules({ noticeDaysBefore: 6, withdrawalDaysBefore: 2 });
    const bill = await latestBill(world.demo.accountId);
    expect(bill.dueDate > '2026-10-22').toBe(true);
    await enroll(world.demo);

    expect((await runAutopay(db(), processor(), noon(addDays(bill.dueDate, -7)))).scheduled).toBe(0);
    // Six days before: with the product's default of three this would still be too early.
    expect((await runAutopay(db(), processor(), noon(addDays(bill.dueDate, -6)))).scheduled).toBe(1);
    const [run] = await db().select().from(autopayRuns).where(eq(autopayRuns.billId, bill.id));
    expect(run?.scheduledFor).toBe(addDays(bill.dueDate, -2));

    await runAutopay(db(), processor(), noon(addDays(bill.dueDate, -3)));
    expect(await db().select().from(payments).where(eq(payments.billId, bill.id))).toHaveLength(0);
    await runAutopay(db(), processor(), noon(addDays(bill.dueDate, -2)));
    const paid = await db().select().from(payments).where(eq(payments.billId, bill.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]?.channel).toBe('autopay');
  });

  it('holds the utility’s cap for a customer who set no maximum', async () => {
    await setRules({ maxWithdrawalCents: 100 });
    const bill = await latestBill(world.other.accountId);
    expect(bill.amountDueCents).toBeGreaterThan(100);
    await enroll(world.other);
    await runAutopay(db(), processor(), noon(bill.dueDate));
    await runAutopay(db(), processor(), noon(bill.dueDate));
    const [run] = await db().select().from(autopayRuns).where(eq(autopayRuns.billId, bill.id));
    expect(run?.status).toBe('over_maximum');
    expect(await db().select().from(payments).where(eq(payments.billId, bill.id))).toHaveLength(0);
  });
});
