// A demo utility seeded with 14 months of bills and two signed-in customers (demo and the first
// extra demo user), for the billing and bill-PDF tests.
import { basicAuthorization } from '@gridfront/contracts';
import { eq } from 'drizzle-orm';
import { customerAccounts, tenants, userAccounts, users } from '../db/schema/index.ts';
import { DEFAULT_SEED, DEMO_LOGIN, EXTRA_DEMO_USERS, seedDemoUtility } from '../seed/index.ts';
import { type Caller, CHEAP_ALTCHA, caller, signedInToken } from './account-test-kit.ts';
import type { TenantFixture } from './fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface SeededCustomer {
  api: Caller;
  userId: string;
  accountId: string;
  accountNumber: string;
  accessToken: string;
}

export interface BillingTestWorld {
  t: TestApp;
  tenantId: string;
  demo: SeededCustomer;
  other: SeededCustomer;
  anonymous: Caller;
}

async function customer(t: TestApp, fixture: TenantFixture, tenantId: string, username: string, ip: string) {
  const [row] = await t.database.handle.db
    .select({
      userId: users.id,
      accountId: userAccounts.accountId,
      accountNumber: customerAccounts.accountNumber,
    })
    .from(users)
    .innerJoin(userAccounts, eq(userAccounts.userId, users.id))
    .innerJoin(customerAccounts, eq(customerAccounts.id, userAccounts.accountId))
    .where(eq(users.username, username))
    .limit(1);
  if (!row) throw new Error(`${username} has no account`);
  const accessToken = await signedInToken(t, tenantId, row.userId);
  return { ...row, accessToken, api: caller(t, fixture, ip, accessToken) };
}

/** Seeds 3 accounts with bills up to `now`; the demo login and one other customer are signed in. */
export async function createBillingTestWorld(
  now = new Date('2026-10-15T12:00:00Z'),
): Promise<BillingTestWorld> {
  // Quick Pay's tests solve the human check: cheap here, at its default cost in auth/altcha.test.ts.
  const t = await createTestApp({ env: CHEAP_ALTCHA });
  const db = t.database.handle.db;
  await seedDemoUtility(db, { accounts: 3, seed: DEFAULT_SEED, months: 14, now });
  const [tenant] = await db.select().from(tenants).limit(1);
  if (!tenant) throw new Error('no tenant was seeded');
  // caller() only needs the Basic credential of the seeded tenant's app.
  const fixture = {
    authorization: basicAuthorization(tenant.appClientId, tenant.appClientSecret),
  } as TenantFixture;
  return {
    t,
    tenantId: tenant.id,
    demo: await customer(t, fixture, tenant.id, DEMO_LOGIN.username, '10.1.1.1'),
    other: await customer(t, fixture, tenant.id, EXTRA_DEMO_USERS[0].username, '10.1.1.2'),
    anonymous: caller(t, fixture, '10.1.1.3'),
  };
}
