// Applies the committed migrations. On PostgreSQL several instances may start at once, so the
// run is serialised with an advisory lock held on one connection; the migrator skips what is applied.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.ts';

/**
 * apps/server/drizzle: two folders up from this source file (src/db), one up from the compiled
 * server this code is bundled into (dist/server.js, see rolldown.config.ts).
 */
export const migrationsFolder =
  ['../../drizzle', '../drizzle']
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((folder) => existsSync(`${folder}/meta/_journal.json`)) ??
  fileURLToPath(new URL('../../drizzle', import.meta.url));
const MIGRATION_LOCK_ID = 72_017_001;

export async function applyMigrations(handle: DatabaseHandle): Promise<void> {
  if (!handle.pool) {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const connection = await handle.pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrateNodePg(drizzle(connection), { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    connection.release();
  }
}
