// `npm run tenant:import -- --tenant ID DIR` (issue 14): loads a utility's customers, premises,
// services, meters, tariffs (URDB JSON), bills and 15-minute interval reads (Green Button XML) from a
// folder in the format of apps/server/src/features/tenant-onboarding/README.md (example: its
// example/ folder). Every row is checked first; problems are listed as file:line and nothing is
// loaded; otherwise the whole folder goes in one transaction. --tenant takes the id or the slug.
// Database: DATABASE_URL, else embedded PGlite in DATA_DIR (stop a server holding that folder first).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';
import {
  ImportError,
  importTenantFolder,
} from '../apps/server/src/features/tenant-onboarding/import-folder.ts';

let parsed: ReturnType<typeof parseArgs<{ allowPositionals: true; options: { tenant: { type: 'string' } } }>>;
try {
  parsed = parseArgs({ allowPositionals: true, options: { tenant: { type: 'string' } } });
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const [dir] = parsed.positionals;
if (!parsed.values.tenant || !dir || parsed.positionals.length > 1) {
  console.error('Usage: npm run tenant:import -- --tenant ID|SLUG DIR');
  process.exit(2);
}

const started = performance.now();
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? undefined : process.env.DATA_DIR || './data';
const handle = await openDatabase({ databaseUrl, dataDir });
try {
  await applyMigrations(handle);
  const s = await importTenantFolder(handle.db, parsed.values.tenant, resolve(dir));
  console.log(
    `Imported ${s.customers} customers, ${s.premises} premises, ${s.services} services, ${s.meters} meters, ` +
      `${s.tariffs} tariffs, ${s.bills} bills and ${s.intervalDays} days of interval reads` +
      (s.partialDaysSkipped ? ` (${s.partialDaysSkipped} incomplete days left out)` : '') +
      ` in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  if (!(error instanceof ImportError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
