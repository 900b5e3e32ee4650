// The payment platform list and its update: only an administrator may change it, only to a
// platform with a configured adapter; every refusal changes nothing.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { type Caller, caller, signedInToken } from '../../test/account-test-kit.ts';
import {
  createTestApp,
  insertTenant,
  insertUser,
  type TenantFixture,
  type TestApp,
} from '../../test/index.ts';

let t: TestApp;
let tenant: TenantFixture;
let visitor: Caller;
let customer: Caller;
let agent: Caller;
let admin: Caller;

async function as(role: 'customer' | 'agent' | 'admin'): Promise<Caller> {
  const db = t.database.handle.db;
  const user = await insertUser(db, tenant.tenant.id);
  await db.update(users).set({ role }).where(eq(users.id, user.id));
  return caller(t, tenant, undefined, await signedInToken(t, tenant.tenant.id, user.id));
}

beforeAll(async () => {
  t = await createTestApp();
  tenant = await insertTenant(t.database.handle.db, {
    platforms: [
      { platformKey: 'invoiceCloud', name: 'Invoice Cloud', isEnable: true },
      { platformKey: 'gridfront', name: 'Gridfront Pay (test mode)', isEnable: false },
      { platformKey: 'paymentus', name: 'Paymentus', isEnable: false },
    ],
  });
  visitor = caller(t, tenant);
  customer = await as('customer');
  agent = await as('agent');
  admin = await as('admin');
});

afterAll(async () => {
  await t?.close();
});

const keys = async () =>
  (
    (await visitor.get('/paymentus/getPaymentPlatform')).json() as {
      platformKey: string;
      isEnable: boolean;
    }[]
  ).map((p) => `${p.platformKey}:${p.isEnable}`);

describe('/paymentus platforms', () => {
  it('lists the platforms in order to the tenant’s app', async () => {
    const response = await visitor.get('/paymentus/getPaymentPlatform');
    expect(response.statusCode).toBe(200);
    expect(await keys()).toEqual(['invoiceCloud:true', 'gridfront:false', 'paymentus:false']);
  });

  it('refuses customers and agents with 403, a visitor with 401, and changes nothing', async () => {
    for (const [who, status] of [
      [customer, 403],
      [agent, 403],
      [visitor, 401],
    ] as const) {
      const response = await who.post('/paymentus/updatePaymentPlatform', { platformKey: 'gridfront' });
      expect(response.statusCode).toBe(status);
    }
    expect(
      (await customer.post('/paymentus/updatePaymentPlatform', { platformKey: 'gridfront' })).json().message,
    ).toBe('Only an administrator can change the payment platform');
    expect(await keys()).toEqual(['invoiceCloud:true', 'gridfront:false', 'paymentus:false']);
  });

  it('refuses an unknown key, and a platform with no adapter, naming it', async () => {
    const unknown = await admin.post('/paymentus/updatePaymentPlatform', { platformKey: 'stripe' });
    expect(unknown.statusCode).toBe(400);
    const noAdapter = await admin.post('/paymentus/updatePaymentPlatform', { platformKey: 'paymentus' });
    expect(noAdapter.statusCode).toBe(409);
    expect(noAdapter.json().message).toBe('No payment adapter is configured for paymentus');
    expect(await keys()).toEqual(['invoiceCloud:true', 'gridfront:false', 'paymentus:false']);
  });

  it('lets an administrator make the built-in processor active: first and the only one enabled', async () => {
    const response = await admin.post('/paymentus/updatePaymentPlatform', { platformKey: 'gridfront' });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((p: { platformKey: string }) => p.platformKey)).toEqual([
      'gridfront',
      'invoiceCloud',
      'paymentus',
    ]);
    expect(await keys()).toEqual(['gridfront:true', 'invoiceCloud:false', 'paymentus:false']);
  });
});
