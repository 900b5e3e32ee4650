// `npm run seed -- --accounts N [--seed S] [--months M] [--reset]`: seeds the demo utility into the
// database the server uses (DATABASE_URL, else embedded PGlite in DATA_DIR, default ./data).
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { tenants } from '../db/schema/index.ts';
import { DEFAULT_SEED, resetDemoData, seedDemoUtility } from './index.ts';

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    months: { type: 'string', default: '25' },
    reset: { type: 'boolean', default: false },
  },
});

function positiveInteger(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a positive whole number, got "${text}"`);
    process.exit(2);
  }
  return value;
}

const accounts = positiveInteger('accounts', values.accounts);
const seed = positiveInteger('seed', values.seed);
const months = positiveInteger('months', values.months);
// The server's config module owns the environment; the CLI reads only these two keys.
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? undefined : process.env.DATA_DIR || './data';

const handle = await openDatabase({ databaseUrl, dataDir });
try {
  await applyMigrations(handle);
  if (values.reset) {
    await resetDemoData(handle.db);
    console.log('Removed existing tenants and their data');
  } else if ((await handle.db.select({ id: tenants.id }).from(tenants).limit(1)).length > 0) {
    console.error('The database already holds data; run with --reset to replace it');
    process.exitCode = 1;
  }
  if (process.exitCode !== 1) {
    const summary = await seedDemoUtility(handle.db, { accounts, seed, months, log: (m) => console.log(m) });
    console.log(
      `Done: ${summary.accounts} accounts, ${summary.intervalRows} interval days, ${summary.bills} bills, ` +
        `${summary.payments} payments (${summary.startDate} to ${summary.endDate}) in ${summary.seconds.toFixed(1)} s`,
    );
  }
} finally {
  await handle.close();
}
