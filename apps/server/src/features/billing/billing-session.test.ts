// The billing calls read whether the caller's sign-in is alive in their own statement (one round
// trip; config.sessionCheckedInStatement). They must refuse exactly what identifyUser refuses: a
// revoked sign-in, on this and on another instance, from the very next call; a token that names no
// sign-in or another user's; and such a token is 401 even for an account that is not the caller's
// (never a 404 that would say whose account it is). A live sign-in is answered as before.
import { randomUUID } from 'node:crypto';
import { basicAuthorization } from '@gridfront/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, tenants } from '../../db/schema/index.ts';
import { authMessages } from '../../plugins/auth.ts';
import type { Caller } from '../../test/account-test-kit.ts';
import { caller, signedInToken } from '../../test/account-test-kit.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import { createTestApp, type TenantFixture, type TestApp } from '../../test/index.ts';

let world: BillingTestWorld;
let t: TestApp;
let fixture: TenantFixture;
const db = () => t.database.handle.db;

beforeAll(async () => {
  world = await createBillingTestWorld();
  t = world.t;
  const [tenant] = await t.database.handle.db.select().from(tenants).limit(1);
  if (!tenant) throw new Error('no tenant was seeded');
  fixture = {
    authorization: basicAuthorization(tenant.appClientId, tenant.appClientSecret),
  } as TenantFixture;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

type Call = (api: Caller, accountId: string) => ReturnType<Caller['get']>;

const calls: Record<string, Call> = {
  getUserDetails: (api) => api.get('/oracle/getUserDetails'),
  getBillDetails: (api, accountId) => api.post('/oracle/getBillDetails', { accountId }),
  transactionDetails: (api, accountId) =>
    api.post('/oracle/transactionDetails', {
      accountId,
      filterType: 'C1BL',
      filterDescription: 'Bills',
      pageLimit: 5,
      pageOffset: 0,
    }),
  'transactionDetails (usage)': (api, accountId) =>
    api.post('/oracle/transactionDetails', {
      accountId,
      type: 'usage',
      utilityType: 'electricity',
      view: 'monthly',
      from: '2026-01-01',
      toDate: '2026-10-15',
    }),
};

/** A fresh sign-in of the demo customer and a caller with its access token. */
async function demoSignIn() {
  const token = await signedInToken(t, world.tenantId, world.demo.userId);
  return { token, api: caller(t, fixture, '10.2.2.2', token) };
}

function expectRefused(response: Awaited<ReturnType<Call>>, name: string) {
  expect(response.statusCode, name).toBe(401);
  expect(response.json().message, name).toBe(authMessages.required);
}

async function revokeSignInsOf(userId: string) {
  await db().update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.userId, userId));
}

describe('billing calls and the caller’s sign-in', () => {
  it('answers a live sign-in and refuses it from the next call once it is revoked, on every instance', async () => {
    const second = await createTestApp({ database: t.database });
    try {
      const here = await demoSignIn();
      const there = caller(second, fixture, '10.2.2.3', here.token);
      for (const [name, call] of Object.entries(calls)) {
        expect((await call(here.api, world.demo.accountId)).statusCode, name).toBe(200);
        expect((await call(there, world.demo.accountId)).statusCode, name).toBe(200);
      }
      await revokeSignInsOf(world.demo.userId);
      for (const [name, call] of Object.entries(calls)) {
        expectRefused(await call(here.api, world.demo.accountId), name);
        expectRefused(await call(there, world.demo.accountId), name);
        // Someone else's account with a dead sign-in: 401 as well, not the 404 of a live one.
        expectRefused(await call(here.api, world.other.accountId), `${name}, other account`);
      }
    } finally {
      await second.app.close();
    }
  });

  it('refuses a well-signed token that names no sign-in, or another user’s sign-in', async () => {
    const unknownFamily = await t.app.accessTokens.sign({
      userId: world.other.userId,
      tenantId: world.tenantId,
      sessionId: randomUUID(),
    });
    const [demoFamily] = await db()
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, world.demo.userId))
      .limit(1);
    const borrowed = await t.app.accessTokens.sign({
      userId: world.other.userId,
      tenantId: world.tenantId,
      sessionId: demoFamily?.familyId ?? randomUUID(),
    });
    for (const token of [unknownFamily, borrowed]) {
      const api = caller(t, fixture, '10.2.2.4', token);
      for (const [name, call] of Object.entries(calls)) {
        expectRefused(await call(api, world.other.accountId), name);
        expectRefused(await call(api, world.demo.accountId), `${name}, demo's account`);
      }
    }
  });

  it('still answers 404 to a live sign-in asking for another customer’s account', async () => {
    const token = await signedInToken(t, world.tenantId, world.other.userId);
    const api = caller(t, fixture, '10.2.2.5', token);
    for (const [name, call] of Object.entries(calls)) {
      if (name === 'getUserDetails') continue;
      const response = await call(api, world.demo.accountId);
      expect(response.statusCode, name).toBe(404);
      expect(response.json().message, name).toBe('Account not found');
    }
    expect((await api.get('/oracle/getUserDetails')).statusCode).toBe(200);
  });
});
