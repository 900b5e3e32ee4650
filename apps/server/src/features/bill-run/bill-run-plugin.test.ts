// The job in the built app: with BILL_RUN_INTERVAL_SECONDS set, a demo seeded days ago is brought up
// to yesterday shortly after start, without anyone calling it; with 0 (the tests' default) it never runs.
import { sql } from 'drizzle-orm';
import { afterAll, describe, it } from 'vitest';
import { intervalMonths } from '../../db/schema/index.ts';
import { addDays, todayIn } from '../../domain/calendar/local-day.ts';
import { DEFAULT_SEED, DEMO_TIME_ZONE, seedDemoUtility } from '../../seed/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

const apps: TestApp[] = [];
const databases: TestDatabase[] = [];

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
});

async function seededDaysAgo(days: number): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  const now = new Date(Date.now() - days * 86_400_000);
  await seedDemoUtility(database.handle.db, { accounts: 2, seed: DEFAULT_SEED, months: 2, now });
  return database;
}

async function lastRead(database: TestDatabase): Promise<string | undefined> {
  const [row] = await database.handle.db
    .select({
      last: sql<string>`max(${intervalMonths.month} + cardinality(${intervalMonths.importDayWh}) - 1)::text`,
    })
    .from(intervalMonths);
  return row?.last;
}

// Concurrently: each test has its own database and app, and the second one's wait for nothing to
// happen overlaps the first one's seeding and catch-up.
describe.concurrent('the bill-run job', () => {
  it('catches the meters up to yesterday soon after start', async ({ expect }) => {
    const database = await seededDaysAgo(4);
    const before = await lastRead(database);
    apps.push(await createTestApp({ database, env: { BILL_RUN_INTERVAL_SECONDS: '3600' } }));
    const yesterday = addDays(todayIn(DEMO_TIME_ZONE), -1);
    expect(before).not.toBe(yesterday);
    await expect.poll(() => lastRead(database), { timeout: 30_000, interval: 250 }).toBe(yesterday);
  });

  it('does not run with 0', async ({ expect }) => {
    const database = await seededDaysAgo(4);
    const before = await lastRead(database);
    apps.push(await createTestApp({ database }));
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(await lastRead(database)).toBe(before);
  });
});
