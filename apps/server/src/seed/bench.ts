// `npm run bench:seed [-- --accounts N] [--months M]`: seeds a throw-away database and prints throughput.
// Embedded PGlite in a temporary folder by default (PGlite's in-memory file system slows down as
// relation files grow, see README of the seed), --memory for in-memory; with DATABASE_URL it wipes
// and seeds that server's database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { DEFAULT_SEED, resetDemoData, seedDemoUtility } from './index.ts';

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    months: { type: 'string', default: '25' },
    memory: { type: 'boolean', default: false },
  },
});
const accounts = Number(values.accounts);
const months = Number(values.months);
const databaseUrl = process.env.DATABASE_URL || undefined;

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

const dataDir = databaseUrl || values.memory ? undefined : mkdtempSync(join(tmpdir(), 'gridfront-bench-'));
const handle = await openDatabase({ databaseUrl, dataDir });
try {
  await applyMigrations(handle);
  // On a server the bench wipes the demo tenants first: never point it at a database you care about.
  if (databaseUrl) await resetDemoData(handle.db);
  const summary = await seedDemoUtility(handle.db, { accounts, seed: DEFAULT_SEED, months });
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const lines = [
    `database:            ${handle.kind}${dataDir ? ` in ${dataDir}` : databaseUrl ? '' : ' in memory'}`,
    `accounts:            ${summary.accounts}`,
    `interval meter-days: ${summary.intervalRows} (stored as one row per meter and month, ${summary.startDate} to ${summary.endDate})`,
    `bills:               ${summary.bills}`,
    `total seconds:       ${summary.seconds.toFixed(2)}`,
    `accounts / second:   ${(summary.accounts / summary.seconds).toFixed(1)}`,
    `meter-days / s:      ${Math.round(summary.intervalRows / summary.seconds)}`,
    `peak RSS:            ${(peakRss / 1024 / 1024).toFixed(0)} MiB`,
  ];
  console.log(lines.join('\n'));
} finally {
  clearInterval(sampler);
  await handle.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
