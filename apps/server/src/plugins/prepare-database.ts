// Start-up of the database: open it, apply the committed migrations, and fill an empty one with
// the demo utility (only where config.seedOnEmpty says so: never by default in production). Kept
// out of server.ts so that the seed CLI and scripts can reuse it.
import { and, eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { tenants, users } from '../db/schema/index.ts';
import { DEMO_LOGIN, DEMO_TENANT_SLUG } from '../seed/demo-tenant.ts';

export async function prepareDatabase(
  config: AppConfig,
  log: (line: string) => void,
): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await applyMigrations(handle);
    if (config.seedOnEmpty) await seedWhenEmpty(handle, config.seedAccounts, log);
    return handle;
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

async function hasTenant(handle: DatabaseHandle): Promise<boolean> {
  const rows = await handle.db.select({ id: tenants.id }).from(tenants).limit(1);
  return rows.length > 0;
}

async function seedWhenEmpty(handle: DatabaseHandle, accounts: number, log: (line: string) => void) {
  // Cheap check first, so instances on a filled database never load the generator. seedIfEmpty
  // checks again under its own advisory lock, for instances that start together on PostgreSQL.
  if (await hasTenant(handle)) return;
  log(`Empty database: generating the demo utility (${accounts} accounts)…`);
  const { seedIfEmpty } = await import('../seed/index.ts');
  await seedIfEmpty(handle.db, { accounts, log });
}

/**
 * The demo login to print at start: outside production, on a process serving the portal, and only
 * when the demo utility's demo user exists (it was seeded, now or earlier). Production never prints
 * a password, even where a demo utility was seeded on purpose.
 */
export async function demoLoginToAnnounce(
  config: Pick<AppConfig, 'isProduction' | 'hosts'>,
  handle: DatabaseHandle,
): Promise<{ username: string; password: string } | undefined> {
  if (config.isProduction || !config.hosts.includes('api')) return undefined;
  const rows = await handle.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(tenants.slug, DEMO_TENANT_SLUG), eq(sql`lower(${users.username})`, DEMO_LOGIN.username)))
    .limit(1);
  return rows.length > 0 ? { username: DEMO_LOGIN.username, password: DEMO_LOGIN.password } : undefined;
}
