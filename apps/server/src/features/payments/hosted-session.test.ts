// The hosted payment page comes from the active platform's processor (createHostedSession): the
// built-in test processor's session is Gridfront's checkout (single use, 15 minutes); another
// processor registered for a platform opens its own page, and both URL calls answer it; a platform
// with no processor is refused and nothing is spent or written.
import {
  ACCESS_TOKEN_HEADER,
  basicAuthorization,
  checkoutMessages,
  PAYMENT_TOKEN_TTL_MINUTES,
} from '@gridfront/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostedSessionRequest, PaymentProcessor } from '../../adapters/payments/processor.ts';
import { paymentPlatforms, paymentTokens, tenants, users } from '../../db/schema/index.ts';
import { type Caller, caller, signedInToken } from '../../test/account-test-kit.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import type { TenantFixture } from '../../test/fixtures.ts';
import { hashPaymentToken } from './payment-tokens.ts';

let world: BillingTestWorld;
let admin: Caller;

const db = () => world.t.database.handle.db;

/** A call to the payments host (no client credential; a signed-in caller adds its token). */
function pay(url: string, payload: object, headers: Record<string, string> = {}) {
  return world.t.app.inject({
    method: 'POST',
    url: `/pay${url}`,
    payload,
    headers,
    remoteAddress: '10.8.8.8',
  });
}

/** Another provider, as a real adapter would be: its page is on its own site. */
function externalProcessor(): PaymentProcessor & { sessions: HostedSessionRequest[] } {
  const sessions: HostedSessionRequest[] = [];
  const unused = () => Promise.reject(new Error('not used by these tests'));
  return {
    sessions,
    async createHostedSession(request) {
      sessions.push(request);
      return {
        url: `https://checkout.provider.example/session/ps_${sessions.length}`,
        expiresAt: new Date('2030-01-01T00:10:00.000Z'),
        reference: `ps_${sessions.length}`,
      };
    },
    charge: unused,
    lookup: unused,
    refund: unused,
    saveSource: unused,
    deleteSource: unused,
  };
}

const external = externalProcessor();

async function tokenRows(): Promise<number> {
  const [row] = await db()
    .select({ count: sql<string>`count(*)` })
    .from(paymentTokens)
    .where(and(eq(paymentTokens.tenantId, world.tenantId), eq(paymentTokens.kind, 'checkout')));
  return Number(row?.count ?? 0);
}

async function authTokenFor(amountCents?: number): Promise<string> {
  const granted = await pay(
    '/auth/generateAuthToken',
    { accountId: world.demo.accountId, ...(amountCents ? { amountCents } : {}) },
    { [ACCESS_TOKEN_HEADER]: world.demo.accessToken },
  );
  expect(granted.statusCode, granted.body).toBe(200);
  return granted.json().authToken as string;
}

/** Makes `key` the only enabled platform, as an administrator's update would. */
async function enableOnly(key: string): Promise<void> {
  await db()
    .update(paymentPlatforms)
    .set({ isEnable: sql`${paymentPlatforms.platformKey} = ${key}` })
    .where(eq(paymentPlatforms.tenantId, world.tenantId));
}

beforeAll(async () => {
  world = await createBillingTestWorld();
  world.t.app.paymentProcessors.register('paymentus', external);
  const [tenant] = await db().select().from(tenants).where(eq(tenants.id, world.tenantId)).limit(1);
  const [user] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, world.tenantId), eq(users.role, 'admin')))
    .limit(1);
  if (!tenant || !user) throw new Error('the demo utility has no administrator');
  const fixture = {
    authorization: basicAuthorization(tenant.appClientId, tenant.appClientSecret),
  } as TenantFixture;
  admin = caller(world.t, fixture, '10.8.8.9', await signedInToken(world.t, world.tenantId, user.id));
});

afterAll(async () => {
  await world?.t.close();
});

describe('the test processor’s hosted session', () => {
  it('is Gridfront’s checkout: a single-use token in the fragment, 15 minutes, its row the reference', async () => {
    const before = Date.now();
    const session = await world.t.app.paymentProcessor.createHostedSession({
      merchantId: world.tenantId,
      accountId: world.demo.accountId,
      userId: world.demo.userId,
      channel: 'portal',
      amountCents: 1_234,
      returnPath: '/accountInfo',
      language: 'es',
    });
    expect(session.url).toMatch(/^\/pay\/checkout#token=[A-Za-z0-9_-]{43}$/);
    const token = session.url.split('#token=')[1] ?? '';
    const [row] = await db().select().from(paymentTokens).where(eq(paymentTokens.id, session.reference));
    expect(row).toMatchObject({
      kind: 'checkout',
      tokenHash: hashPaymentToken(token),
      accountId: world.demo.accountId,
      amountCents: 1_234,
      returnPath: '/accountInfo',
      usedAt: null,
    });
    const ttl = session.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(PAYMENT_TOKEN_TTL_MINUTES * 60_000 - 1_000);
    expect(ttl).toBeLessThanOrEqual(PAYMENT_TOKEN_TTL_MINUTES * 60_000 + 5_000);
    expect(row?.expiresAt.getTime()).toBe(session.expiresAt.getTime());
  });

  it('answers both URL calls as before: the checkout, 15 minutes, and an auth token spent once', async () => {
    const customer = await world.demo.api.post('/paymentus/generateCustomerTokenUrl', {
      accountId: world.demo.accountId,
    });
    expect(customer.statusCode, customer.body).toBe(200);
    expect(Object.keys(customer.json()).sort()).toEqual(['expiresAt', 'url']);
    expect(customer.json().url).toMatch(/^\/pay\/checkout#token=[A-Za-z0-9_-]{43}$/);
    const minutesLeft = (Date.parse(customer.json().expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(PAYMENT_TOKEN_TTL_MINUTES - 1);
    expect(minutesLeft).toBeLessThanOrEqual(PAYMENT_TOKEN_TTL_MINUTES);

    const authToken = await authTokenFor(2_500);
    const first = await pay('/payment/generatePaymentTokenUrl', { authToken });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().url).toMatch(/^\/pay\/checkout#token=[A-Za-z0-9_-]{43}$/);
    const page = await pay('/payment/checkout', { token: first.json().url.split('#token=')[1] });
    expect(page.json()).toMatchObject({ amountCents: 2_500, testMode: true });
    const again = await pay('/payment/generatePaymentTokenUrl', { authToken });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(checkoutMessages.tokenInvalid);
    expect(external.sessions).toEqual([]);
  });
});

describe('another platform’s processor', () => {
  afterAll(async () => {
    await enableOnly('gridfront');
  });

  it('becomes active only with a processor registered for it, and then opens every hosted page', async () => {
    const refused = await admin.post('/paymentus/updatePaymentPlatform', { platformKey: 'kubra' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('No payment adapter is configured for kubra');
    const activated = await admin.post('/paymentus/updatePaymentPlatform', { platformKey: 'paymentus' });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()[0]).toMatchObject({ platformKey: 'paymentus', isEnable: true });

    const checkoutsBefore = await tokenRows();
    const customer = await world.demo.api.post(
      '/paymentus/generateCustomerTokenUrl',
      { accountId: world.demo.accountId, amountCents: 3_000 },
      { 'accept-language': 'de-DE,de;q=0.9' },
    );
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.json()).toEqual({
      url: 'https://checkout.provider.example/session/ps_1',
      expiresAt: '2030-01-01T00:10:00.000Z',
    });

    const authToken = await authTokenFor();
    const guest = await pay(
      '/payment/generatePaymentTokenUrl',
      { authToken, returnPath: '/paybill' },
      { 'accept-language': 'ta' },
    );
    expect(guest.statusCode, guest.body).toBe(200);
    expect(guest.json().url).toBe('https://checkout.provider.example/session/ps_2');
    // The auth token is spent on that page too.
    expect((await pay('/payment/generatePaymentTokenUrl', { authToken })).statusCode).toBe(401);

    expect(external.sessions).toEqual([
      {
        merchantId: world.tenantId,
        accountId: world.demo.accountId,
        userId: world.demo.userId,
        channel: 'portal',
        amountCents: 3_000,
        returnPath: '/accountInfo',
        language: 'de',
      },
      {
        merchantId: world.tenantId,
        accountId: world.demo.accountId,
        userId: world.demo.userId,
        channel: 'portal',
        amountCents: null,
        returnPath: '/paybill',
        language: 'ta',
      },
    ]);
    // No Gridfront checkout was written for the provider's pages.
    expect(await tokenRows()).toBe(checkoutsBefore);
  });
});

describe('a platform without a processor', () => {
  afterAll(async () => {
    await enableOnly('gridfront');
  });

  it('is refused by both URL calls, spending no auth token and writing no page', async () => {
    const authToken = await authTokenFor();
    // Listed and enabled (as an import or an old row may leave it), but no adapter exists for it.
    await enableOnly('invoiceCloud');
    const checkoutsBefore = await tokenRows();
    const sessionsBefore = external.sessions.length;

    const customer = await world.demo.api.post('/paymentus/generateCustomerTokenUrl', {
      accountId: world.demo.accountId,
    });
    expect(customer.statusCode).toBe(503);
    expect(customer.json().message).toBe(checkoutMessages.unavailable);
    const guest = await pay('/payment/generatePaymentTokenUrl', { authToken });
    expect(guest.statusCode).toBe(503);
    expect(guest.json().message).toBe(checkoutMessages.unavailable);
    expect(await tokenRows()).toBe(checkoutsBefore);
    expect(external.sessions.length).toBe(sessionsBefore);

    // The refused call spent nothing: with the test processor back, the same auth token opens a page.
    await enableOnly('gridfront');
    const later = await pay('/payment/generatePaymentTokenUrl', { authToken });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().url).toMatch(/^\/pay\/checkout#token=/);
  });
});
