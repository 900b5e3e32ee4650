// The billing calls on a seeded demo utility (14 months of bills), checked against the rows as
// plain SQL reads them, and the scoping: a customer sees nothing of another customer's account.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema/index.ts';
import { DEMO_LOGIN } from '../../seed/index.ts';
import type { Caller } from '../../test/account-test-kit.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import type { TestApp } from '../../test/index.ts';

let world: BillingTestWorld;
let t: TestApp;
let demo: Caller;
let other: Caller;
let anonymous: Caller;
let demoAccountId: string;
let otherAccountId: string;
let otherAccountNumber: string;

beforeAll(async () => {
  world = await createBillingTestWorld();
  ({ t, anonymous } = world);
  demo = world.demo.api;
  other = world.other.api;
  demoAccountId = world.demo.accountId;
  otherAccountId = world.other.accountId;
  otherAccountNumber = world.other.accountNumber;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function ledgerRows(accountId: string) {
  return t.database.handle.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId));
}

describe('GET /oracle/getUserDetails', () => {
  it('lists the user’s own account with its premises, services and ledger balance', async () => {
    const response = await demo.get('/oracle/getUserDetails');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.username).toBe(DEMO_LOGIN.username);
    expect(body.accounts.map((a: { accountId: string }) => a.accountId)).toEqual([demoAccountId]);
    const [account] = body.accounts;
    const balance = (await ledgerRows(demoAccountId)).reduce((sum, row) => sum + row.amountCents, 0);
    expect(account.balanceCents).toBe(balance);
    // The demo home has all four services on one solar premise.
    expect(account.services.map((s: { utilityType: string }) => s.utilityType).sort()).toEqual([
      'electricity',
      'gas',
      'sewer',
      'water',
    ]);
    expect(account.premises.some((p: { hasSolar: boolean }) => p.hasSolar)).toBe(true);
  });

  it('needs a signed-in user', async () => {
    const response = await anonymous.get('/oracle/getUserDetails');
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /oracle/getBillDetails', () => {
  it('returns the latest bill with segments that add up, line items that add up, and outstanding shares', async () => {
    const response = await demo.post('/oracle/getBillDetails', { accountId: demoAccountId });
    expect(response.statusCode).toBe(200);
    const { bill, quickStats, outstandingCents } = response.json();
    const [latest] = await t.database.handle.db
      .execute<{ id: string; amount_due_cents: string }>(
        sql`select id, amount_due_cents from bills where account_id = ${demoAccountId} order by bill_date desc limit 1`,
      )
      .then((r) =>
        Array.isArray(r) ? r : (r as unknown as { rows: { id: string; amount_due_cents: string }[] }).rows,
      );
    expect(bill.billId).toBe(latest?.id);
    expect(bill.amountDueCents).toBe(Number(latest?.amount_due_cents));
    const segmentSum = bill.segments.reduce(
      (sum: number, s: { amountCents: number }) => sum + s.amountCents,
      0,
    );
    expect(segmentSum).toBe(bill.currentChargesCents);
    for (const segment of bill.segments) {
      const items = segment.lineItems.reduce(
        (sum: number, i: { amountCents: number }) => sum + i.amountCents,
        0,
      );
      expect(items).toBe(segment.amountCents);
    }
    const outstandingSum = bill.segments.reduce(
      (sum: number, s: { outstandingCents: number }) => sum + s.outstandingCents,
      0,
    );
    expect(outstandingSum).toBe(Math.min(outstandingCents, bill.amountDueCents));
    // 14 months of history: every tile has the same month of last year.
    expect(quickStats.length).toBe(bill.segments.length);
    for (const tile of quickStats) expect(tile.lastYearUsageQuantity).toEqual(expect.any(Number));
  });

  it('returns an older bill by id, and 404 for a bill of another account', async () => {
    const list = await demo.post('/oracle/transactionDetails', {
      accountId: demoAccountId,
      filterType: 'C1BL',
      sortOrder: 'asc',
      pageLimit: 1,
    });
    const oldest = list.json().transactions[0];
    const response = await demo.post('/oracle/getBillDetails', {
      accountId: demoAccountId,
      billId: oldest.billId,
    });
    expect(response.json().bill.billNumber).toBe(oldest.billNumber);
    const theirs = await other.post('/oracle/transactionDetails', {
      accountId: otherAccountId,
      filterType: 'C1BL',
      pageLimit: 1,
    });
    const theirBill = theirs.json().transactions[0].billId;
    const probe = await demo.post('/oracle/getBillDetails', { accountId: demoAccountId, billId: theirBill });
    expect(probe.statusCode).toBe(404);
    expect(probe.json().message).toBe('Bill not found');
  });
});

describe('POST /oracle/transactionDetails', () => {
  it('pages through every ledger entry exactly once, newest first by default', async () => {
    const rows = await ledgerRows(demoAccountId);
    const seen: string[] = [];
    let previousDate = '9999-12-31';
    for (let offset = 0; offset < rows.length; offset += 7) {
      const page = (
        await demo.post('/oracle/transactionDetails', {
          accountId: demoAccountId,
          pageLimit: 7,
          pageOffset: offset,
        })
      ).json();
      expect(page.totalCount).toBe(rows.length);
      for (const row of page.transactions) {
        expect(row.transactionDate <= previousDate).toBe(true);
        previousDate = row.transactionDate;
        seen.push(row.transactionId);
      }
    }
    expect(seen.sort()).toEqual(rows.map((row) => row.id).sort());
  });

  it('filters by type and inclusive date range, and sorts by amount both ways', async () => {
    const rows = await ledgerRows(demoAccountId);
    const bills = rows.filter((row) => row.transactionType === 'C1BL');
    const from = bills.map((b) => b.entryDate).sort()[2] ?? '';
    const toDate = bills.map((b) => b.entryDate).sort()[5] ?? '';
    const expected = bills.filter((b) => b.entryDate >= from && b.entryDate <= toDate);
    const response = await demo.post('/oracle/transactionDetails', {
      accountId: demoAccountId,
      filterType: 'C1BL',
      filterDescription: 'Bills',
      from,
      toDate,
      pageLimit: 100,
      sortBy: 'amount',
      sortOrder: 'asc',
    });
    const body = response.json();
    expect(body.filterDescription).toBe('Bills');
    expect(body.totalCount).toBe(expected.length);
    expect(body.transactions.map((r: { amountCents: number }) => r.amountCents)).toEqual(
      expected.map((b) => b.amountCents).sort((a, b) => a - b),
    );
    expect(
      body.transactions.every(
        (r: { hasPdf: boolean; billNumber: string | null }) => r.hasPdf && r.billNumber,
      ),
    ).toBe(true);
    const desc = (
      await demo.post('/oracle/transactionDetails', {
        accountId: demoAccountId,
        filterType: 'PAY',
        sortBy: 'amount',
        pageLimit: 100,
      })
    ).json();
    const payments = rows
      .filter((row) => row.transactionType === 'PAY')
      .map((row) => row.amountCents)
      .sort((a, b) => b - a);
    expect(desc.transactions.map((r: { amountCents: number }) => r.amountCents)).toEqual(payments);
    expect(
      desc.transactions.every(
        (r: { hasPdf: boolean; confirmationNumber: string | null }) => !r.hasPdf && r.confirmationNumber,
      ),
    ).toBe(true);
  });

  it('refuses a start after the end, and a page that is too large, writing nothing', async () => {
    const backwards = await demo.post('/oracle/transactionDetails', {
      accountId: demoAccountId,
      from: '2026-05-01',
      toDate: '2026-04-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The start date must not be after the end date');
    const huge = await demo.post('/oracle/transactionDetails', { accountId: demoAccountId, pageLimit: 1000 });
    expect(huge.statusCode).toBe(400);
  });
});

describe('POST /oracle/transactionYearDetails', () => {
  it('totals a year per month as the ledger does', async () => {
    const body = (
      await demo.post('/oracle/transactionYearDetails', { accountId: demoAccountId, year: 2026 })
    ).json();
    expect(body.years[0]).toBe(2026);
    const rows = (await ledgerRows(demoAccountId)).filter((row) => row.entryDate.startsWith('2026'));
    const billed = rows.filter((r) => r.transactionType === 'C1BL').reduce((s, r) => s + r.amountCents, 0);
    const paid = rows.filter((r) => r.transactionType === 'PAY').reduce((s, r) => s - r.amountCents, 0);
    expect(body.months.reduce((s: number, m: { billedCents: number }) => s + m.billedCents, 0)).toBe(billed);
    expect(body.months.reduce((s: number, m: { paidCents: number }) => s + m.paidCents, 0)).toBe(paid);
  });
});

describe('another customer’s account', () => {
  const calls: [string, (accountId: string) => Record<string, unknown>][] = [
    ['/oracle/getBillDetails', (accountId) => ({ accountId })],
    ['/oracle/transactionDetails', (accountId) => ({ accountId })],
    ['/oracle/transactionYearDetails', (accountId) => ({ accountId })],
  ];
  for (const [path, body] of calls) {
    it(`${path}: 404 with nothing of it, exactly like an account that does not exist`, async () => {
      const probe = await demo.post(path, body(otherAccountId));
      expect(probe.statusCode).toBe(404);
      expect(probe.json().message).toBe('Account not found');
      expect(probe.body).not.toContain(otherAccountNumber);
      const missing = await demo.post(path, body('00000000-0000-4000-8000-000000000000'));
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toBe(probe.body);
      // The owner still sees it.
      expect((await other.post(path, body(otherAccountId))).statusCode).toBe(200);
    });
  }

  it('getUserDetails lists only the caller’s accounts', async () => {
    const body = (await demo.get('/oracle/getUserDetails')).body;
    expect(body).not.toContain(otherAccountNumber);
    expect(body).not.toContain(otherAccountId);
  });
});
