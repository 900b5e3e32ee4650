import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../db/schema/index.ts';
import { DEMO_LOGIN, DEMO_TENANT_SLUG } from '../seed/demo-tenant.ts';
import {
  createTestDatabase,
  insertTenant,
  insertUser,
  type TestDatabase,
  testConfig,
} from '../test/index.ts';
import { demoLoginToAnnounce } from './prepare-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const development = testConfig({ NODE_ENV: 'development' });
const production = testConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.internal:587' });

describe('the demo login printed at start', () => {
  it('is not printed when no demo utility was seeded', async () => {
    expect(await demoLoginToAnnounce(development, database.handle)).toBeUndefined();
  });

  it('is printed in development once the demo user exists, never in production', async () => {
    const demo = await insertTenant(database.handle.db);
    await database.handle.db
      .update(tenants)
      .set({ slug: DEMO_TENANT_SLUG })
      .where(eq(tenants.id, demo.tenant.id));
    await insertUser(database.handle.db, demo.tenant.id, { username: DEMO_LOGIN.username });

    expect(await demoLoginToAnnounce(development, database.handle)).toEqual({
      username: DEMO_LOGIN.username,
      password: DEMO_LOGIN.password,
    });
    expect(await demoLoginToAnnounce(production, database.handle)).toBeUndefined();
    // A process without the portal and API has no sign-in to offer.
    expect(await demoLoginToAnnounce({ ...development, hosts: ['ml'] }, database.handle)).toBeUndefined();
  });
});
