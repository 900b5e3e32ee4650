// The demo-data seed: the server calls seedIfEmpty at start-up; `npm run seed` calls seedDemoUtility.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { tenants } from '../db/schema/index.ts';
import { type SeedSummary, seedDemoUtility } from './seed-demo-utility.ts';
import { logWith, type SeedLog } from './seed-log.ts';

export { accountNumberFor, pinFor } from './account-plan.ts';
export { DEMO_TARIFFS } from './demo-tariffs.ts';
export {
  DEMO_ACCOUNT_PIN,
  DEMO_LOGIN,
  DEMO_TENANT,
  DEMO_TENANT_SLUG,
  DEMO_TIME_ZONE,
  EXTRA_DEMO_USERS,
  STAFF_DEMO_USERS,
} from './demo-tenant.ts';
export type { SeedOptions, SeedSummary } from './seed-demo-utility.ts';
export { ARGON2_OPTIONS, seedDemoUtility } from './seed-demo-utility.ts';
export type { SeedLog } from './seed-log.ts';

/** The fixed seed of the demo data: every fresh install shows the same utility. */
export const DEFAULT_SEED = 20_240_917;
const SEED_LOCK_ID = 72_017_002;

/** Removes every tenant and, through ON DELETE CASCADE / TRUNCATE CASCADE, everything they own. */
export async function resetDemoData(db: Database): Promise<void> {
  await db.execute(sql`truncate table ${tenants} cascade`);
}

/**
 * Seeds the demo utility when the database has no tenant yet; returns whether it seeded.
 * On PostgreSQL an advisory lock keeps instances that start together from seeding twice.
 */
export async function seedIfEmpty(
  db: Database,
  options: { accounts: number; log?: SeedLog; seed?: number; months?: number },
): Promise<boolean> {
  const log = logWith(options.log);
  return withSeedLock(db, async () => {
    const existing = await db.select({ id: tenants.id }).from(tenants).limit(1);
    if (existing.length > 0) return false;
    const summary: SeedSummary = await seedDemoUtility(db, {
      accounts: options.accounts,
      seed: options.seed ?? DEFAULT_SEED,
      ...(options.months ? { months: options.months } : {}),
      log: options.log ?? log,
    });
    log(`Demo utility seeded: ${summary.accounts} accounts in ${summary.seconds.toFixed(1)} s`);
    return true;
  });
}

async function withSeedLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client?: { connect?: () => Promise<LockClient> } }).$client;
  if (!client?.connect) return work(); // PGlite: one process owns the database.
  const connection = await client.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [SEED_LOCK_ID]);
    try {
      return await work();
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [SEED_LOCK_ID]);
    }
  } finally {
    connection.release();
  }
}

interface LockClient {
  query(text: string, params: unknown[]): Promise<unknown>;
  release(): void;
}
