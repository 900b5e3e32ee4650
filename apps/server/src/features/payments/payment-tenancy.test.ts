// The payment calls with two utilities on two host names, one database: on utility B's host, utility
// A's access token, auth token, checkout token, account id, account number and PIN, and payment id
// are refused (401, 404, or the wrong-PIN answer a guest gets for any unknown account) and the answer
// carries nothing of A; A's token is not spent, nothing is charged and A's AutoPay is untouched.
// The same calls work on each utility's own host, for its own customer.
import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_HEADER, basicAuthorization } from '@gridfront/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../adapters/payments/test-processor.ts';
import {
  autopayEnrollments,
  customerAccounts,
  tenants,
  testProcessorCharges,
  users,
} from '../../db/schema/index.ts';
import { localDate } from '../../domain/calendar/local-day.ts';
import { DEFAULT_SEED, pinFor } from '../../seed/index.ts';
import { type Caller, signedInToken, solvedCaptcha } from '../../test/account-test-kit.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import { insertUser } from '../../test/fixtures.ts';
import { accountVerifyMessages } from '../oracle/account-verify.ts';
import { createTenant } from '../tenant-onboarding/create-tenant.ts';

const B_HOST = 'portal.second-utility.test';
const card = { number: TEST_CARDS.succeeds, expMonth: 12, expYear: 2031, cvc: '123' };

let world: BillingTestWorld;
const a = { authorization: '', host: undefined as string | undefined, markers: [] as string[] };
const b = {
  authorization: '',
  host: B_HOST as string | undefined,
  accountId: '',
  accountNumber: '',
  token: '',
};
let bTenantId = '';

type Host = { authorization: string; host: string | undefined };

/** A call on a utility's host: /api with its client credential, /pay without. */
function call(
  on: Host,
  url: string,
  payload: object | undefined,
  accessToken?: string,
  ip = '10.20.30.40',
): Promise<LightMyRequestResponse> {
  return world.t.app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    headers: {
      ...(on.host ? { host: on.host } : {}),
      ...(url.startsWith('/api') ? { authorization: on.authorization } : {}),
      ...(accessToken ? { [ACCESS_TOKEN_HEADER]: accessToken } : {}),
    },
    remoteAddress: ip,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A guest's caller on a host, for the human check. */
function guest(on: Host): Caller {
  return {
    get: (url) => call(on, `/api${url}`, undefined, undefined, '10.20.30.41'),
    post: (url, payload) => call(on, `/api${url}`, (payload ?? {}) as object, undefined, '10.20.30.41'),
  };
}

const db = () => world.t.database.handle.db;

async function chargeCount(): Promise<number> {
  const [row] = await db().select({ count: sql<number>`count(*)::int` }).from(testProcessorCharges);
  return row?.count ?? 0;
}

/** Refused, and nothing of utility A in the answer. */
function expectRefused(response: LightMyRequestResponse, statuses: number[] = [401, 404]): void {
  expect(statuses, `${response.statusCode} ${response.body}`).toContain(response.statusCode);
  for (const marker of a.markers) expect(response.body).not.toContain(marker);
}

/** The full way to a payment on a host: auth token, hosted page, card, status. */
async function payOnOwnHost(on: Host, accessToken: string, accountId: string, amountCents: number) {
  const granted = await call(on, '/pay/auth/generateAuthToken', { accountId }, accessToken);
  expect(granted.statusCode, granted.body).toBe(200);
  const url = await call(on, '/pay/payment/generatePaymentTokenUrl', {
    authToken: granted.json().authToken,
    amountCents,
  });
  expect(url.statusCode, url.body).toBe(200);
  const token = (url.json().url as string).split('#token=')[1] ?? '';
  const page = await call(on, '/pay/payment/checkout', { token });
  expect(page.statusCode, page.body).toBe(200);
  const paid = await call(on, '/pay/payment/submit', {
    token,
    attemptKey: randomUUID(),
    amountCents,
    method: 'card',
    card,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json().status).toBe('succeeded');
  const byToken = await call(on, '/api/paymentus/getTransactionStatus', { token });
  expect(byToken.statusCode, byToken.body).toBe(200);
  const byId = await call(
    on,
    '/api/paymentus/getTransactionStatus',
    { paymentId: paid.json().paymentId },
    accessToken,
  );
  expect(byId.statusCode, byId.body).toBe(200);
  expect(byId.json()).toMatchObject({ status: 'succeeded', amountCents });
  return paid.json() as { paymentId: string; confirmationNumber: string };
}

beforeAll(async () => {
  world = await createBillingTestWorld();
  const [aTenant] = await db().select().from(tenants).where(eq(tenants.id, world.tenantId));
  if (!aTenant) throw new Error('no first tenant');
  a.authorization = basicAuthorization(aTenant.appClientId, aTenant.appClientSecret);
  const [aAccount] = await db()
    .select()
    .from(customerAccounts)
    .where(eq(customerAccounts.id, world.demo.accountId));
  const [aUser] = await db().select().from(users).where(eq(users.id, world.demo.userId));
  a.markers = [
    world.tenantId,
    aTenant.name,
    world.demo.accountId,
    world.demo.accountNumber,
    world.demo.userId,
    aAccount?.holderName ?? '',
    aUser?.email ?? '',
  ].filter((marker) => marker !== '');

  // B takes payments with the built-in test processor, as A does: B's refusals are its own checks.
  const created = await createTenant(
    db(),
    { name: 'Second Utility', domain: B_HOST },
    { testPayments: true },
  );
  if (created.status !== 'created') throw new Error('not created');
  bTenantId = created.tenantId;
  b.authorization = basicAuthorization(created.clientId, created.clientSecret);
  const customer = await insertUser(db(), created.tenantId, { withAccount: true, withProfile: true });
  const [account] = await db()
    .select()
    .from(customerAccounts)
    .where(eq(customerAccounts.tenantId, created.tenantId));
  if (!account) throw new Error('no account of the second utility');
  b.accountId = account.id;
  b.accountNumber = account.accountNumber;
  b.token = await signedInToken(world.t, created.tenantId, customer.id);
  world.t.app.tenants.invalidate();
}, 180_000);

afterAll(async () => {
  await world?.t.close();
});

describe("utility A's payment tokens and ids on utility B's host", () => {
  it("refuse A's access token and A's account id for a payment page, and leave A's auth token unspent", async () => {
    const aToken = world.demo.accessToken;
    const aAccountId = world.demo.accountId;
    // A's signed-in customer, on B's host: the session is A's, not B's.
    expectRefused(
      await call(b, '/api/paymentus/generateCustomerTokenUrl', { accountId: aAccountId }, aToken),
    );
    expectRefused(await call(b, '/pay/auth/generateAuthToken', { accountId: aAccountId }, aToken));
    // B's own customer asking for A's account: no such account here.
    expectRefused(
      await call(b, '/api/paymentus/generateCustomerTokenUrl', { accountId: aAccountId }, b.token),
      [404],
    );
    expectRefused(await call(b, '/pay/auth/generateAuthToken', { accountId: aAccountId }, b.token), [404]);

    // An auth token A issued is worth nothing on B's host, and is still good on A's.
    const granted = await call(a, '/pay/auth/generateAuthToken', { accountId: aAccountId }, aToken);
    expect(granted.statusCode, granted.body).toBe(200);
    const authToken = granted.json().authToken as string;
    expectRefused(await call(b, '/pay/payment/generatePaymentTokenUrl', { authToken }));
    const url = await call(a, '/pay/payment/generatePaymentTokenUrl', { authToken, amountCents: 1_500 });
    expect(url.statusCode, url.body).toBe(200);
  });

  it("refuse A's account number and PIN from a guest as a wrong PIN is refused", async () => {
    const aAccount = await call(b, '/pay/auth/generateAuthToken', {
      accountNumber: world.demo.accountNumber,
      pin: pinFor(DEFAULT_SEED, 0),
      captcha: await solvedCaptcha(guest(b)),
    });
    // The answer any unknown account or wrong PIN gets: it tells nothing about A's account.
    expectRefused(aAccount, [400]);
    expect(aAccount.json().message).toBe(accountVerifyMessages.mismatch);
    expect(aAccount.body).not.toContain('authToken');
  }, 180_000);

  it("refuse A's checkout token for the page, the payment and its status: nothing charged", async () => {
    const aToken = world.demo.accessToken;
    const granted = await call(a, '/pay/auth/generateAuthToken', { accountId: world.demo.accountId }, aToken);
    const url = await call(a, '/pay/payment/generatePaymentTokenUrl', {
      authToken: granted.json().authToken,
      amountCents: 2_000,
    });
    const token = (url.json().url as string).split('#token=')[1] ?? '';
    const charges = await chargeCount();
    expectRefused(await call(b, '/pay/payment/checkout', { token }));
    expectRefused(
      await call(b, '/pay/payment/submit', {
        token,
        attemptKey: randomUUID(),
        amountCents: 2_000,
        method: 'card',
        card,
      }),
    );
    expectRefused(await call(b, '/api/paymentus/getTransactionStatus', { token }));
    expect(await chargeCount()).toBe(charges);
    // On A's host the same page is whole and can still be paid.
    const page = await call(a, '/pay/payment/checkout', { token });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().payment).toBeNull();
  });

  it("refuse A's payment id, with A's token or B's customer", async () => {
    const paid = await payOnOwnHost(a, world.demo.accessToken, world.demo.accountId, 1_000);
    a.markers.push(paid.paymentId, paid.confirmationNumber);
    expectRefused(
      await call(
        b,
        '/api/paymentus/getTransactionStatus',
        { paymentId: paid.paymentId },
        world.demo.accessToken,
      ),
    );
    expectRefused(
      await call(b, '/api/paymentus/getTransactionStatus', { paymentId: paid.paymentId }, b.token),
      [404],
    );
    expectRefused(await call(b, '/api/paymentus/getTransactionStatus', { paymentId: paid.paymentId }));
  });

  it("refuse the AutoPay calls for A's account, and leave A's AutoPay as it was", async () => {
    const enrollment = {
      accountId: world.demo.accountId,
      autoPayMethod: 'card',
      card,
      autopayMaxWithdrawalAmount: 40_000,
      startDate: localDate('America/Chicago'),
    };
    const before = await db()
      .select()
      .from(autopayEnrollments)
      .where(eq(autopayEnrollments.accountId, world.demo.accountId));
    for (const accessToken of [world.demo.accessToken, b.token]) {
      const statuses = accessToken === b.token ? [404] : [401, 404];
      expectRefused(await call(b, '/api/paymentus/autopayEnroll', enrollment, accessToken), statuses);
      expectRefused(
        await call(b, '/api/paymentus/autopayCancel', { accountId: world.demo.accountId }, accessToken),
        statuses,
      );
    }
    expect(
      await db()
        .select()
        .from(autopayEnrollments)
        .where(eq(autopayEnrollments.accountId, world.demo.accountId)),
    ).toEqual(before);
  });
});

describe('each utility on its own host', () => {
  it('A pays and sets AutoPay up and cancels it on its host', async () => {
    await payOnOwnHost(a, world.demo.accessToken, world.demo.accountId, 1_200);
    const url = await call(
      a,
      '/api/paymentus/generateCustomerTokenUrl',
      { accountId: world.demo.accountId },
      world.demo.accessToken,
    );
    expect(url.statusCode, url.body).toBe(200);
    const enrolled = await call(
      a,
      '/api/paymentus/autopayEnroll',
      {
        accountId: world.demo.accountId,
        autoPayMethod: 'card',
        card,
        autopayMaxWithdrawalAmount: null,
        startDate: localDate('America/Chicago'),
      },
      world.demo.accessToken,
    );
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const cancelled = await call(
      a,
      '/api/paymentus/autopayCancel',
      { accountId: world.demo.accountId },
      world.demo.accessToken,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it("B's customer pays and sets AutoPay up on B's host, on B's account only", async () => {
    const paid = await payOnOwnHost(b, b.token, b.accountId, 3_300);
    const url = await call(b, '/api/paymentus/generateCustomerTokenUrl', { accountId: b.accountId }, b.token);
    expect(url.statusCode, url.body).toBe(200);
    const enrolled = await call(
      b,
      '/api/paymentus/autopayEnroll',
      {
        accountId: b.accountId,
        autoPayMethod: 'card',
        card,
        autopayMaxWithdrawalAmount: null,
        startDate: localDate('America/Chicago'),
      },
      b.token,
    );
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const active = await db()
      .select({ tenantId: autopayEnrollments.tenantId })
      .from(autopayEnrollments)
      .where(and(eq(autopayEnrollments.accountId, b.accountId), eq(autopayEnrollments.status, 'active')));
    expect(active).toEqual([{ tenantId: bTenantId }]);
    // And B's payment id is as foreign on A's host as A's is on B's.
    const status = await call(
      a,
      '/api/paymentus/getTransactionStatus',
      { paymentId: paid.paymentId },
      world.demo.accessToken,
    );
    expect(status.statusCode).toBe(404);
    expect(status.body).not.toContain(b.accountNumber);
  });
});
