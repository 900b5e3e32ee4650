// Payment site keys (issue 8): an administrator makes, lists and revokes them (no one else, and no
// other utility's administrator); the utility's own web site's server then opens a hosted payment
// page with one exactly as the portal does, booked under the channel 'site'. A wrong, revoked or
// other utility's key, a call from a browser, and an account of another utility get nothing.
import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_HEADER, basicAuthorization } from '@gridfront/contracts';
import { siteKeyMessages } from '@gridfront/contracts/admin-site-keys';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_CARDS } from '../../adapters/payments/test-processor.ts';
import { customerAccounts, payments, paymentTokens, siteKeys, tenants } from '../../db/schema/index.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import { insertUser } from '../../test/index.ts';
import { type AdminTestCast, auditEntries, castAdminTest, injectAs } from '../admin/admin-test-kit.ts';
import { SITE_KEY_LIMITS } from './site-keys.ts';

let world: BillingTestWorld;
let cast: AdminTestCast;
let homeAuthorization: string;
let otherAccountNumber: string;
const otherHost = 'pay.hilltop-site-keys.test';
const db = () => world.t.database.handle.db;

beforeAll(async () => {
  world = await createBillingTestWorld();
  cast = await castAdminTest(world.t, world.tenantId, otherHost);
  const [home] = await db().select().from(tenants).where(eq(tenants.id, world.tenantId));
  if (!home) throw new Error('no home tenant');
  homeAuthorization = basicAuthorization(home.appClientId, home.appClientSecret);
  await insertUser(db(), cast.other.tenant.id, { withAccount: true });
  const [account] = await db()
    .select({ accountNumber: customerAccounts.accountNumber })
    .from(customerAccounts)
    .where(eq(customerAccounts.tenantId, cast.other.tenant.id));
  otherAccountNumber = account?.accountNumber ?? '';
});

afterAll(async () => {
  await world?.t.close();
});

afterEach(() => {
  vi.useRealTimers();
});

type Role = keyof AdminTestCast['tokens'] | 'guest';

function admin(method: 'GET' | 'POST', url: string, role: Role, payload?: unknown) {
  const onOther = role === 'otherAdmin';
  return injectAs(world.t, method, `/api/admin${url}`, {
    authorization: onOther ? cast.other.authorization : homeAuthorization,
    token: role === 'guest' ? undefined : cast.tokens[role],
    host: onOther ? otherHost : undefined,
    payload,
  });
}

async function makeKey(name: string, role: Role = 'admin'): Promise<{ keyId: string; secret: string }> {
  const response = await admin('POST', '/site-keys', role, { name });
  expect(response.statusCode, response.body).toBe(201);
  return { keyId: response.json().key.keyId, secret: response.json().secret };
}

/** The site's server calling the payments host: no client credential, its key as a bearer. */
function siteCall(
  secret: string | null,
  payload: object,
  headers: Record<string, string> = {},
  options: { host?: string; ip?: string } = {},
) {
  return world.t.app.inject({
    method: 'POST',
    url: '/pay/auth/generateAuthToken',
    payload,
    headers: {
      ...(secret === null ? {} : { authorization: `Bearer ${secret}` }),
      ...(options.host ? { host: options.host } : {}),
      ...headers,
    },
    remoteAddress: options.ip ?? '10.7.7.7',
  });
}

function pay(url: string, payload: object) {
  return world.t.app.inject({ method: 'POST', url: `/pay${url}`, payload, remoteAddress: '10.7.7.8' });
}

async function tokenCount(): Promise<number> {
  const [row] = await db().select({ count: sql<number>`count(*)::int` }).from(paymentTokens);
  return row?.count ?? 0;
}

async function balanceOf(accountId: string): Promise<number> {
  const rows = await db().execute(
    sql`select coalesce(sum(amount_cents), 0)::bigint as total from ledger_entries where account_id = ${accountId}`,
  );
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { total: string }[];
  return Number(list[0]?.total ?? 0);
}

async function listed(role: Role = 'admin') {
  const response = await admin('GET', '/site-keys', role);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().keys as { keyId: string; lastUsedAt: string | null; revokedAt: string | null }[];
}

describe('making, listing and revoking keys', () => {
  it('shows the secret once, keeps only its hash, lists it without it, and audits the creation', async () => {
    const response = await admin('POST', '/site-keys', 'admin', { name: '  Main web site ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { key, secret } = response.json();
    expect(secret).toMatch(/^gfsk_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'Main web site',
      last4: secret.slice(-4),
      createdBy: cast.people.admin.username,
      lastUsedAt: null,
      revokedAt: null,
    });

    const list = await admin('GET', '/site-keys', 'admin');
    expect(list.json().keys.map((entry: { keyId: string }) => entry.keyId)).toContain(key.keyId);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(secret.slice(5, 20));
    const [stored] = await db().select().from(siteKeys).where(eq(siteKeys.id, key.keyId));
    expect(stored?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(5));

    const audits = await auditEntries(db(), world.tenantId, 'admin.site_key.create');
    const audit = audits.find((entry) => JSON.stringify(entry.detail).includes(key.keyId));
    expect(audit?.userId).toBe(cast.people.admin.id);
    expect(JSON.stringify(audits)).not.toContain(secret.slice(5));
  });

  it('refuses a key without a name and makes nothing', async () => {
    const before = (await listed()).length;
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      const response = await admin('POST', '/site-keys', 'admin', { name });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(siteKeyMessages.nameRequired);
    }
    expect((await listed()).length).toBe(before);
  });

  it('is for administrators only: agents, customers and guests get 403 and change nothing', async () => {
    const { keyId } = await makeKey('Kiosk');
    for (const role of ['agent', 'customer', 'guest'] as const) {
      expect((await admin('GET', '/site-keys', role)).statusCode).toBe(403);
      expect((await admin('POST', '/site-keys', role, { name: 'Sneaky' })).statusCode).toBe(403);
      expect((await admin('POST', `/site-keys/${keyId}/revoke`, role)).statusCode).toBe(403);
    }
    const list = await listed();
    expect(list.find((key) => key.keyId === keyId)?.revokedAt).toBeNull();
    expect(JSON.stringify(list)).not.toContain('Sneaky');
  });

  it("another utility's administrator sees none of these keys and revokes none (404)", async () => {
    const { keyId } = await makeKey('Home site');
    const theirs = await listed('otherAdmin');
    expect(theirs.map((key) => key.keyId)).not.toContain(keyId);
    const revoke = await admin('POST', `/site-keys/${keyId}/revoke`, 'otherAdmin');
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json().message).toBe(siteKeyMessages.notFound);
    expect((await listed()).find((key) => key.keyId === keyId)?.revokedAt).toBeNull();
    expect((await admin('POST', `/site-keys/${randomUUID()}/revoke`, 'admin')).statusCode).toBe(404);
  });

  it('revokes a key at once: the site is refused from then on; a second revoke changes nothing', async () => {
    const { keyId, secret } = await makeKey('Old site');
    const account = { accountNumber: world.demo.accountNumber };
    expect((await siteCall(secret, account)).statusCode).toBe(200);

    const revoked = await admin('POST', `/site-keys/${keyId}/revoke`, 'admin');
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const before = await tokenCount();
    const refused = await siteCall(secret, account);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(siteKeyMessages.invalid);
    expect(await tokenCount()).toBe(before);

    const again = await admin('POST', `/site-keys/${keyId}/revoke`, 'admin');
    expect(again.json().revokedAt).toBe(revoked.json().revokedAt);
    const audits = await auditEntries(db(), world.tenantId, 'admin.site_key.revoke');
    expect(audits.filter((entry) => JSON.stringify(entry.detail).includes(keyId))).toHaveLength(1);
  });
});

describe("the utility's site opens a payment page with its key", () => {
  it('gets the same auth token as the portal, exchanged and paid on the checkout, booked as the site', async () => {
    const { keyId, secret } = await makeKey('Pay from our site');
    const before = await balanceOf(world.demo.accountId);
    const granted = await siteCall(secret, { accountNumber: world.demo.accountNumber, amountCents: 2_500 });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(Object.keys(granted.json()).sort()).toEqual([
      'accountNumberLast4',
      'amountDueCents',
      'authToken',
      'expiresAt',
    ]);
    expect(granted.json().accountNumberLast4).toBe(world.demo.accountNumber.slice(-4));
    expect(granted.json().amountDueCents).toBe(Math.max(0, before));

    const url = await pay('/payment/generatePaymentTokenUrl', {
      authToken: granted.json().authToken,
      returnPath: '/paybill',
    });
    expect(url.statusCode, url.body).toBe(200);
    const token = (url.json().url as string).split('#token=')[1] ?? '';
    const page = await pay('/payment/checkout', { token });
    expect(page.json()).toMatchObject({
      channel: 'site',
      amountCents: 2_500,
      receiptEmailOnFile: null,
      returnPath: '/paybill',
    });
    const paid = await pay('/payment/submit', {
      token,
      attemptKey: randomUUID(),
      amountCents: 2_500,
      method: 'card',
      card: { number: TEST_CARDS.succeeds, expMonth: 12, expYear: 2031, cvc: '123' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded', amountCents: 2_500 });
    const [row] = await db().select().from(payments).where(eq(payments.id, paid.json().paymentId));
    expect(row).toMatchObject({ channel: 'site', userId: null, accountId: world.demo.accountId });
    expect(await balanceOf(world.demo.accountId)).toBe(before - 2_500);
    // The auth token was spent on that one page.
    const second = await pay('/payment/generatePaymentTokenUrl', { authToken: granted.json().authToken });
    expect(second.statusCode).toBe(401);
    expect((await listed()).find((key) => key.keyId === keyId)?.lastUsedAt).not.toBeNull();
  });

  it('refuses a missing, wrong or other utility’s key (401), and issues nothing', async () => {
    const home = await makeKey('Home');
    const other = await makeKey('Hilltop site', 'otherAdmin');
    const account = { accountNumber: world.demo.accountNumber };
    const before = await tokenCount();
    const cases = [
      [await siteCall(null, account), siteKeyMessages.missing],
      [await siteCall(`gfsk_${'A'.repeat(43)}`, account), siteKeyMessages.invalid],
      [await siteCall(`${home.secret.slice(0, -1)}x`, account), siteKeyMessages.invalid],
      [await siteCall(other.secret, account), siteKeyMessages.invalid],
    ] as const;
    for (const [response, message] of cases) {
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().message).toBe(message);
    }
    expect(await tokenCount()).toBe(before);
    // The other utility's key works on its own host, for its own account only.
    const theirs = await siteCall(
      other.secret,
      { accountNumber: otherAccountNumber },
      {},
      { host: otherHost },
    );
    expect(theirs.statusCode, theirs.body).toBe(200);
  });

  it('answers 404 for an account of another utility or no account, and 400 for a portal body', async () => {
    const { secret } = await makeKey('Lookups');
    const before = await tokenCount();
    for (const accountNumber of [otherAccountNumber, '0000000001']) {
      const response = await siteCall(secret, { accountNumber });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Account not found');
    }
    const portalBody = await siteCall(secret, { accountId: world.demo.accountId });
    expect(portalBody.statusCode).toBe(400);
    expect(portalBody.json().message).toBe(siteKeyMessages.siteBodyOnly);
    const badNumber = await siteCall(secret, { accountNumber: '12' });
    expect(badNumber.statusCode).toBe(400);
    expect(await tokenCount()).toBe(before);
  });

  it('refuses the key from a browser or beside a sign-in, even when it is valid', async () => {
    const { secret } = await makeKey('Leaked into a page');
    const account = { accountNumber: world.demo.accountNumber };
    const before = await tokenCount();
    const browserCalls: Record<string, string>[] = [
      { origin: 'https://www.lakeside.example' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
      { [ACCESS_TOKEN_HEADER]: world.demo.accessToken },
    ];
    for (const headers of browserCalls) {
      const response = await siteCall(secret, account, headers);
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().message).toBe(siteKeyMessages.fromBrowser);
    }
    expect(await tokenCount()).toBe(before);
  });

  it('takes the key from a server whose HTTP client says sec-fetch-mode, as Node’s own fetch does', async () => {
    const { secret } = await makeKey('Node fetch');
    const before = await tokenCount();
    const response = await siteCall(
      secret,
      { accountNumber: world.demo.accountNumber },
      { 'sec-fetch-mode': 'cors', 'user-agent': 'node' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await tokenCount()).toBe(before + 1);
  });

  it('leaves the portal and Quick Pay shapes as they were', async () => {
    const badPin = await pay('/auth/generateAuthToken', {
      accountNumber: world.demo.accountNumber,
      pin: '12',
      captcha: 'x',
    });
    expect(badPin.statusCode).toBe(400);
    expect(badPin.json().message).toBe('PIN must be exactly 4 digits');
  });

  it(`limits a key to ${SITE_KEY_LIMITS.tokensPerKey.limit} tokens a window (429), other keys unaffected`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Held still inside one window of the limiter, wherever the run falls on the clock.
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
    const busy = await makeKey('Busy site');
    const calm = await makeKey('Calm site');
    const account = { accountNumber: world.demo.accountNumber };
    for (let call = 0; call < SITE_KEY_LIMITS.tokensPerKey.limit; call += 1) {
      const response = await siteCall(busy.secret, account, {}, { ip: '10.7.8.1' });
      expect(response.statusCode, response.body).toBe(200);
    }
    const limited = await siteCall(busy.secret, account, {}, { ip: '10.7.8.1' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await siteCall(calm.secret, account, {}, { ip: '10.7.8.1' })).statusCode).toBe(200);
  });

  it('locks an address out after too many wrong keys', async () => {
    const { secret } = await makeKey('Right key');
    const account = { accountNumber: world.demo.accountNumber };
    const ip = '10.7.9.1';
    for (let call = 0; call < SITE_KEY_LIMITS.failuresPerIp.limit; call += 1) {
      expect((await siteCall(`gfsk_wrong${call}`, account, {}, { ip })).statusCode).toBe(401);
    }
    expect((await siteCall(secret, account, {}, { ip })).statusCode).toBe(429);
    expect((await siteCall(secret, account, {}, { ip: '10.7.9.2' })).statusCode).toBe(200);
  });

  it('are described in the API document, which still builds with the site’s shape of generateAuthToken', async () => {
    const response = await world.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toContain('/api/admin/site-keys');
    expect(paths).toContain('/api/admin/site-keys/{keyId}/revoke');
  });
});
