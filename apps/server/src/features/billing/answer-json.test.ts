// The hot calls' answers as PostgreSQL writes them (answer-statements.ts) against the answers of the
// JavaScript implementation (service.ts through the zod response schema, as the serializer sends
// them): the same bytes, for every account of several customers: bills with several services, an
// account without bills, payments, a partial payment, a credit, AutoPay, every bill by id, every
// filter, sort and page. And the routes send exactly that text, which parses with the contracts.
import { randomUUID } from 'node:crypto';
import {
  billDetailsResponse,
  type TransactionFilter,
  transactionDetailsResponse,
  userDetailsResponse,
} from '@gridfront/contracts';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type Database, prepareNamed } from '../../db/client.ts';
import {
  billSegments,
  bills,
  customerAccounts,
  ledgerEntries,
  payments,
  tenants,
  userAccounts,
  users,
} from '../../db/schema/index.ts';
import { insertBillingAccount } from '../../test/account-test-kit.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import type { TestApp } from '../../test/index.ts';
import { answerStatements, onePlaceholderEach } from './answer-statements.ts';
import { storeBillAnswerParts } from './bill-answer-parts.ts';
import { storeLedgerAnswers } from './ledger-answers.ts';
import { aggregatedLineItemsJson, storeLineItemsJson } from './line-items-json.ts';
import {
  billDetails,
  billDetailsJson,
  type TransactionDetailsInput,
  transactionDetails,
  transactionDetailsJson,
  transactionStatementInput,
  userDetails,
  userDetailsJson,
} from './service.ts';

let world: BillingTestWorld;
let t: TestApp;
let db: Database;
/** Every user with a linked account, as the service functions see a signed-in caller. */
let callers: Array<{ username: string; request: FastifyRequest; accountIds: string[] }>;

function sent<T extends z.ZodType>(schema: T, answer: unknown): string {
  // What the answer serializer (plugins/answer-serializer.ts) writes for the old implementation.
  return JSON.stringify(schema.parse(answer));
}

beforeAll(async () => {
  world = await createBillingTestWorld();
  t = world.t;
  db = t.database.handle.db;
  const [tenant] = await db.select().from(tenants).limit(1);
  if (!tenant) throw new Error('no tenant');
  // The other customer also holds an account without bills and the accounts nobody signed up for.
  const empty = await insertBillingAccount(db, world.tenantId);
  const unlinked = await db
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .leftJoin(userAccounts, eq(userAccounts.accountId, customerAccounts.id))
    .where(isNull(userAccounts.accountId));
  for (const account of unlinked)
    await db
      .insert(userAccounts)
      .values({ userId: world.other.userId, accountId: account.id, tenantId: tenant.id });
  expect(unlinked.map((a) => a.id)).toContain(empty.id);
  // A partial payment on the demo account and a credit (a payment above the balance) on another.
  const ledger = async (accountId: string, amountCents: number, description: string) =>
    db.insert(ledgerEntries).values({
      tenantId: tenant.id,
      accountId,
      entryDate: '2026-10-14',
      kind: 'payment',
      transactionType: 'PAY',
      description,
      amountCents,
    });
  const [latest] = await db
    .select({ amountDueCents: bills.amountDueCents })
    .from(bills)
    .where(eq(bills.accountId, world.demo.accountId))
    .orderBy(sql`${bills.billDate} desc`)
    .limit(1);
  const balance = async (accountId: string) => {
    const [row] = await db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId));
    return Number(row?.sum ?? 0);
  };
  const demoBalance = await balance(world.demo.accountId);
  const partial = Math.max(1, Math.floor(Math.min(demoBalance, latest?.amountDueCents ?? 0) / 3) + 7);
  await ledger(world.demo.accountId, -partial, 'Payment, thank you');
  await ledger(
    world.other.accountId,
    -((await balance(world.other.accountId)) + 12_345),
    'Payment "over" \\ the balance',
  );

  const linked = await db
    .select({ userId: users.id, username: users.username, accountId: userAccounts.accountId })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .orderBy(asc(users.username));
  const byUser = new Map<string, { username: string; accountIds: string[] }>();
  for (const row of linked) {
    const entry = byUser.get(row.userId) ?? { username: row.username, accountIds: [] };
    entry.accountIds.push(row.accountId);
    byUser.set(row.userId, entry);
  }
  callers = [...byUser].map(([userId, { username, accountIds }]) => ({
    username,
    accountIds,
    request: {
      tenant,
      user: { userId, tenantId: tenant.id, sessionId: randomUUID() },
      sessionUnconfirmed: false,
    } as unknown as FastifyRequest,
  }));
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** How many segments there are, how many have their line items stored, and stored as aggregated. */
function storedLineItems() {
  return db
    .select({
      segments: sql<number>`count(*)::int`,
      stored: sql<number>`count(${billSegments.lineItemsJson})::int`,
      same: sql<number>`(count(*) filter (
        where line_items_json::text = ${sql.raw(aggregatedLineItemsJson('bill_segments.id'))}::text))::int`,
    })
    .from(billSegments);
}

/** How many bills there are and how many have their answer parts stored. */
function storedAnswerParts() {
  return db
    .select({
      bills: sql<number>`count(*)::int`,
      stored: sql<number>`(count(*) filter (where answer_head is not null and answer_segments_open is not null
        and answer_segments_paid is not null and answer_quick_stats is not null))::int`,
    })
    .from(bills);
}

/** Every bill of every caller, latest and by id: the JSON answer against the JavaScript one. */
async function compareEveryBill() {
  const statuses = new Set<string>();
  let withOutstanding = 0;
  for (const c of callers) {
    for (const accountId of c.accountIds) {
      const ids = await db.select({ id: bills.id }).from(bills).where(eq(bills.accountId, accountId));
      for (const billId of [undefined, ...ids.map((b) => b.id)]) {
        const body = billId ? { accountId, billId } : { accountId };
        const expected = sent(billDetailsResponse, await billDetails(db, c.request, body));
        const actual = await billDetailsJson(db, c.request, body);
        expect(actual, `${c.username} ${accountId} ${billId ?? 'latest'}`).toBe(expected);
        const parsed = billDetailsResponse.parse(JSON.parse(actual));
        if (parsed.bill) statuses.add(parsed.bill.status);
        if (parsed.bill?.segments.some((s) => s.outstandingCents > 0)) withOutstanding += 1;
      }
    }
  }
  return { statuses, withOutstanding };
}

/** Every filter, sort, date range and page of every caller's accounts, as transactionDetails asks. */
function everyTransactionQuery(): Array<{ caller: (typeof callers)[number]; body: TransactionDetailsInput }> {
  const queries: Array<{ caller: (typeof callers)[number]; body: TransactionDetailsInput }> = [];
  const filters: TransactionFilter[] = ['ALL', 'C1BL', 'PAY', 'LPC'];
  const sorts = [
    ['date', 'desc'],
    ['date', 'asc'],
    ['amount', 'desc'],
    ['amount', 'asc'],
  ] as const;
  const pages = [
    [5, 0],
    [5, 5],
    [10, 0],
    [3, 1000],
  ] as const;
  for (const caller of callers)
    for (const accountId of caller.accountIds)
      for (const filterType of filters)
        for (const [sortBy, sortOrder] of sorts)
          for (const [pageLimit, pageOffset] of pages) {
            const body: TransactionDetailsInput = {
              accountId,
              filterType,
              sortBy,
              sortOrder,
              pageLimit,
              pageOffset,
            };
            if (queries.length % 3 === 0) body.filterDescription = 'Bills "ü" \\ \n\t\u0001 / <b>';
            if (queries.length % 5 === 1) Object.assign(body, { from: '2026-01-01', toDate: '2026-06-30' });
            queries.push({ caller, body });
          }
  return queries;
}

/**
 * transactionDetails for every query: the answer sent (transactionDetailsJson) against the
 * JavaScript one, and the statement on the stored texts against the full statement. Returns how
 * many pages the stored texts answered (the rest fell back to the full statement).
 */
async function compareEveryTransactionPage(what: string): Promise<number> {
  const statements = answerStatements(db, false);
  let fromStored = 0;
  for (const { caller, body } of everyTransactionQuery()) {
    const label = `${what} ${caller.username} ${JSON.stringify(body)}`;
    const expected = sent(transactionDetailsResponse, await transactionDetails(db, caller.request, body));
    expect(await transactionDetailsJson(db, caller.request, body), label).toBe(expected);
    const input = {
      tenantId: caller.request.tenant?.id,
      userId: caller.request.user?.userId,
      ...transactionStatementInput(body),
    };
    const sort = `${body.sortBy}_${body.sortOrder}` as const;
    const [stored] = await statements.transactionDetailsStored[sort].execute(input);
    const [full] = await statements.transactionDetails[sort].execute(input);
    expect(full?.body, label).toBe(expected);
    if (stored?.body != null) {
      expect(stored.body, label).toBe(expected);
      fromStored += 1;
    }
  }
  return fromStored;
}

describe('the answers PostgreSQL writes', () => {
  it('covers several customers, accounts without bills, credits and partial payments', async () => {
    expect(callers.length).toBeGreaterThanOrEqual(2);
    expect(callers.some((c) => c.accountIds.length >= 2)).toBe(true);
    const answers = await Promise.all(
      callers.map(async (c) => userDetailsResponse.parse(JSON.parse(await userDetailsJson(db, c.request)))),
    );
    const accounts = answers.flatMap((a) => a.accounts);
    expect(accounts.some((a) => a.balanceCents < 0)).toBe(true);
    expect(accounts.some((a) => a.autopay !== null)).toBe(true);
    expect(accounts.some((a) => a.services.length >= 4)).toBe(true);
  });

  it('binds each placeholder once however often the statement uses it', async () => {
    const query = db
      .select({
        sum: sql<number>`(${sql.placeholder('x')}::int + ${sql.placeholder('y')}::int * ${sql.placeholder('x')}::int)`,
      })
      .from(users)
      .limit(1);
    const { sql: text, params } = onePlaceholderEach(query).toSQL();
    expect(query.toSQL().params).toHaveLength(4);
    expect(params).toHaveLength(3);
    expect(text).toContain('($1::int + $2::int * $1::int)');
    expect(text).toMatch(/limit \$3$/);
    const statement = prepareNamed(db, onePlaceholderEach(query), 'billing_test_placeholders', [
      'sum',
    ] as const);
    expect((await statement.execute({ x: 3, y: 5 }))[0]?.sum).toBe(18);
  });

  it('getUserDetails: the same bytes as the JavaScript answer', async () => {
    for (const c of callers) {
      const expected = sent(userDetailsResponse, await userDetails(db, c.request));
      expect(await userDetailsJson(db, c.request)).toBe(expected);
    }
  });

  it('getUserDetails: each account’s stored answer puts together the same bytes as the full answer', async () => {
    const statements = answerStatements(db, false);
    for (const c of callers) {
      const owner = { tenantId: c.request.tenant?.id, userId: c.request.user?.userId };
      const [stored] = await statements.userDetailsStored.execute(owner);
      const [full] = await statements.userDetails.execute(owner);
      expect(stored?.body, c.username).not.toBeNull();
      expect(stored?.body, c.username).toBe(full?.body);
    }
  });

  it('getUserDetails: the stored answers follow every write to what they hold, in its transaction', async () => {
    const demo = callers.find((c) => c.accountIds.includes(world.demo.accountId));
    if (!demo) throw new Error('demo missing');
    const owner = { tenantId: demo.request.tenant?.id, userId: demo.request.user?.userId };
    const same = async (what: string) => {
      const [stored] = await answerStatements(db, false).userDetailsStored.execute(owner);
      // From the stored answers, not the full statement they fall back on.
      expect(stored?.body, what).not.toBeNull();
      expect(stored?.body, what).toBe(sent(userDetailsResponse, await userDetails(db, demo.request)));
    };
    const before = await userDetailsJson(db, demo.request);
    const account = world.demo.accountId;
    await db.execute(
      sql`update customer_accounts set email = 'new"mail\@example.com', paperless = not paperless where id = ${account}`,
    );
    await same('account');
    await db.execute(
      sql`update premises set service_address = 'Zürich Straße "7"' where account_id = ${account}`,
    );
    await same('premise');
    await db.execute(
      sql`update services set status = 'stopped' where id = (select id from services where account_id = ${account} limit 1)`,
    );
    await same('service');
    await db.execute(
      sql`update tariffs set name = name || ' (renamed)' where id in (select tariff_id from services where account_id = ${account})`,
    );
    await same('tariff');
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update autopay_enrollments set status = 'cancelled' where account_id = ${account}`,
      );
      await tx.execute(
        sql`insert into autopay_enrollments (tenant_id, account_id, entity_name, auto_pay_method, source_brand,
          source_last4, start_date, status)
          select tenant_id, id, holder_name, 'card', 'visa', '4242', '2026-01-01', 'active' from customer_accounts
          where id = ${account}`,
      );
    });
    await same('autopay');
    const premiseId = randomUUID();
    await db.execute(
      sql`insert into premises (id, tenant_id, account_id, service_address, city, state, zip, property_type)
        select ${premiseId}, tenant_id, id, '0 First St', city, state, zip, 'Residential' from customer_accounts
        where id = ${account}`,
    );
    await same('new premise');
    await db.execute(sql`delete from premises where id = ${premiseId}`);
    await same('premise removed');
    expect(await userDetailsJson(db, demo.request)).not.toBe(before);
  });

  it('getUserDetails: the same bytes for an account without a stored answer', async () => {
    const demo = callers.find((c) => c.accountIds.length >= 2) ?? callers[0];
    if (!demo) throw new Error('callers missing');
    await db.execute(sql`delete from account_answers where account_id = ${demo.accountIds[0]}`);
    const owner = { tenantId: demo.request.tenant?.id, userId: demo.request.user?.userId };
    expect((await answerStatements(db, false).userDetailsStored.execute(owner))[0]?.body).toBeNull();
    expect(await userDetailsJson(db, demo.request)).toBe(
      sent(userDetailsResponse, await userDetails(db, demo.request)),
    );
    await db.execute(sql`select billing_refresh_account_answer(${demo.accountIds[0]})`);
    expect((await answerStatements(db, false).userDetailsStored.execute(owner))[0]?.body).not.toBeNull();
  });

  it('getBillDetails: the same bytes for the latest bill and every bill by id', async () => {
    const { statuses, withOutstanding } = await compareEveryBill();
    // The cases the allocation and the status have: paid, partly paid and open bills, shares owed.
    expect([...statuses].sort()).toEqual(expect.arrayContaining(['open', 'paid', 'partial']));
    expect(withOutstanding).toBeGreaterThan(0);
  });

  it('getBillDetails: each segment’s line items are stored as the answer would aggregate them', async () => {
    const [row] = await storedLineItems();
    expect(row?.segments).toBeGreaterThan(0);
    expect(row?.stored).toBe(row?.segments);
    expect(row?.same).toBe(row?.segments);
  });

  it('getBillDetails: the same bytes for segments written before their line items were stored', async () => {
    // About half the segments without their stored line items: the answer aggregates those.
    await db.execute(sql`update bill_segments set line_items_json = null where id::text < '8'`);
    const [row] = await storedLineItems();
    expect(row?.stored).toBeGreaterThan(0);
    expect(row?.stored).toBeLessThan(row?.segments ?? 0);
    try {
      await compareEveryBill();
    } finally {
      await storeLineItemsJson(db);
    }
    expect((await storedLineItems())[0]?.same).toBe(row?.segments);
  });

  it('getBillDetails: the parts stored with each bill put together the same bytes as the full answer', async () => {
    const [parts] = await storedAnswerParts();
    expect(parts?.bills).toBeGreaterThan(0);
    expect(parts?.stored).toBe(parts?.bills);
    const statements = answerStatements(db, false);
    const owner = (c: (typeof callers)[number]) => ({
      tenantId: (c.request.user as { tenantId: string }).tenantId,
      userId: (c.request.user as { userId: string }).userId,
    });
    const fromParts = new Set<string>();
    let inFull = 0;
    for (const c of callers) {
      for (const accountId of c.accountIds) {
        const ids = await db.select({ id: bills.id }).from(bills).where(eq(bills.accountId, accountId));
        for (const billId of [null, ...ids.map((b) => b.id)]) {
          const input = { ...owner(c), accountId, billId };
          const [stored] = await statements.billDetailsStored.execute(input);
          const [full] = await statements.billDetails.execute(input);
          if (stored?.body == null) {
            inFull += 1;
            continue;
          }
          expect(stored.body, `${c.username} ${accountId} ${billId ?? 'latest'}`).toBe(full?.body);
          fromParts.add(billDetailsResponse.parse(JSON.parse(stored.body)).bill?.status ?? 'none');
        }
      }
    }
    // Paid and open bills come from the parts; the partly paid one (and no bill) is worked out in full.
    expect([...fromParts].sort()).toEqual(expect.arrayContaining(['open', 'paid']));
    expect(fromParts.has('partial')).toBe(false);
    expect(inFull).toBeGreaterThan(0);
  });

  it('getBillDetails: the same bytes for bills written before their answer parts were stored', async () => {
    await db.execute(
      sql`update bills set answer_head = null, answer_segments_open = null, answer_segments_paid = null,
        answer_quick_stats = null where id::text < '8'`,
    );
    const [row] = await storedAnswerParts();
    expect(row?.stored).toBeGreaterThan(0);
    expect(row?.stored).toBeLessThan(row?.bills ?? 0);
    try {
      await compareEveryBill();
    } finally {
      await storeBillAnswerParts(db);
    }
    expect((await storedAnswerParts())[0]?.stored).toBe(row?.bills);
  });

  it('getBillDetails: another account’s bill and the other customer’s account are refused alike', async () => {
    const [demo, other] = [
      callers.find((c) => c.accountIds.includes(world.demo.accountId)),
      callers.find((c) => c.accountIds.includes(world.other.accountId)),
    ];
    if (!demo || !other) throw new Error('callers missing');
    const [otherBill] = await db
      .select({ id: bills.id })
      .from(bills)
      .where(eq(bills.accountId, world.other.accountId))
      .limit(1);
    await expect(
      billDetailsJson(db, demo.request, { accountId: world.other.accountId }),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Account not found' });
    await expect(
      billDetailsJson(db, demo.request, {
        accountId: world.demo.accountId,
        billId: otherBill?.id ?? randomUUID(),
      }),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Bill not found' });
    await expect(
      userDetailsJson(db, {
        ...demo.request,
        user: { ...demo.request.user, userId: randomUUID() },
      } as FastifyRequest),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('transactionDetails: the same bytes for every filter, sort, date range and page', async () => {
    expect(everyTransactionQuery().length).toBeGreaterThan(100);
    await compareEveryTransactionPage('initial');
  });

  it('transactionDetails: the stored entry texts put together the same bytes, also after a payment changes', async () => {
    const [tenant] = await db.select({ id: tenants.id }).from(tenants).limit(1);
    if (!tenant) throw new Error('no tenant');
    // A payment with its ledger entry (a card payment, pending at first) on the demo account.
    const [payment] = await db
      .insert(payments)
      .values({
        tenantId: tenant.id,
        accountId: world.demo.accountId,
        idempotencyKey: randomUUID(),
        confirmationNumber: 'GF-"7"\\ü',
        amountCents: 4_321,
        method: 'card',
        channel: 'portal',
        platformKey: 'builtin',
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error('no payment');
    await db.insert(ledgerEntries).values({
      tenantId: tenant.id,
      accountId: world.demo.accountId,
      entryDate: '2026-10-20',
      kind: 'payment',
      transactionType: 'PAY',
      description: 'Payment GF-7 - thank you',
      amountCents: -4_321,
      paymentId: payment.id,
    });
    const [counts] = await db
      .select({
        all: sql<number>`count(*)::int`,
        stored: sql<number>`count(${ledgerEntries.answerItem})::int`,
      })
      .from(ledgerEntries);
    expect(counts?.stored).toBe(counts?.all);
    const total = everyTransactionQuery().length;
    expect(total).toBeGreaterThan(100);
    // Every page from the stored texts (none falls back), with the payment pending, then refunded.
    expect(await compareEveryTransactionPage('pending')).toBe(total);
    const demo = callers.find((c) => c.accountIds.includes(world.demo.accountId));
    if (!demo) throw new Error('demo missing');
    const page = async () =>
      transactionDetailsResponse
        .parse(
          JSON.parse(
            await transactionDetailsJson(db, demo.request, {
              accountId: world.demo.accountId,
              filterType: 'PAY',
              sortBy: 'date',
              sortOrder: 'desc',
              pageLimit: 50,
              pageOffset: 0,
            }),
          ),
        )
        .transactions.find((tx) => tx.confirmationNumber === 'GF-"7"\\ü');
    expect(await page()).toMatchObject({ paymentMethod: 'card', paymentStatus: 'pending' });
    await db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, payment.id));
    expect(await compareEveryTransactionPage('refunded')).toBe(total);
    expect(await page()).toMatchObject({ paymentStatus: 'refunded' });
    // The entry changed, then its payment removed (the reference set to null): written afresh.
    await db.execute(
      sql`update ledger_entries set description = description || ' "corrected"' where payment_id = ${payment.id}`,
    );
    await db.delete(payments).where(eq(payments.id, payment.id));
    expect(await compareEveryTransactionPage('payment removed')).toBe(total);
  });

  it('transactionDetails: the same bytes for entries written before their texts were stored', async () => {
    await db.execute(sql`update ledger_entries set answer_item = null where id::text < '8'`);
    try {
      const fromStored = await compareEveryTransactionPage('half stored');
      expect(fromStored).toBeGreaterThan(0);
      expect(fromStored).toBeLessThan(everyTransactionQuery().length);
    } finally {
      await storeLedgerAnswers(db);
    }
    expect(await compareEveryTransactionPage('stored again')).toBe(everyTransactionQuery().length);
  });
});

describe('the routes send the text as it is', () => {
  it('getUserDetails, getBillDetails and transactionDetails answer JSON that the contracts parse', async () => {
    const demo = callers.find((c) => c.accountIds.includes(world.demo.accountId));
    if (!demo) throw new Error('demo missing');
    const user = await world.demo.api.get('/oracle/getUserDetails');
    expect(user.statusCode).toBe(200);
    expect(user.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(user.body).toBe(sent(userDetailsResponse, await userDetails(db, demo.request)));
    const bill = await world.demo.api.post('/oracle/getBillDetails', { accountId: world.demo.accountId });
    expect(bill.statusCode).toBe(200);
    expect(bill.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(billDetailsResponse.parse(bill.json()).accountId).toBe(world.demo.accountId);
    const history = await world.demo.api.post('/oracle/transactionDetails', {
      accountId: world.demo.accountId,
      filterType: 'C1BL',
      filterDescription: 'Bills',
      pageLimit: 5,
    });
    expect(history.statusCode).toBe(200);
    expect(history.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = transactionDetailsResponse.parse(history.json());
    expect(page.transactions).toHaveLength(5);
    expect(page.filterDescription).toBe('Bills');
  });

  it('answers 404 for the other customer’s account on each call', async () => {
    const bill = await world.demo.api.post('/oracle/getBillDetails', { accountId: world.other.accountId });
    expect(bill.statusCode).toBe(404);
    expect(bill.body).not.toContain(world.other.accountNumber);
    const history = await world.demo.api.post('/oracle/transactionDetails', {
      accountId: world.other.accountId,
    });
    expect(history.statusCode).toBe(404);
    const user = await world.demo.api.get('/oracle/getUserDetails');
    expect(user.body).not.toContain(world.other.accountId);
  });
});
