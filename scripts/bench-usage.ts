// `npm run bench:usage`: what interval reads cost on PostgreSQL. Seeds N accounts (default 10,000,
// several minutes) into a throwaway cluster (scripts/postgres-start.sh on --pg-port, deleted at the
// end) and prints bytes per meter-day of interval_months (heap + TOAST + index over the days
// stored), then p50/p99 over --requests calls of the usage API as the signed-in demo customer
// (app.inject) and of the two read functions directly, with each answer's JSON size.
// A benchmark prints figures; it never fails on a time (targets: ≤ 250 bytes per meter-day,
// p99 < 30 ms for a year of hourly data).
//
//   npm run bench:usage [-- --accounts 10000] [--requests 200] [--pg-port 55440]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ACCESS_TOKEN_HEADER, basicAuthorization } from '@gridfront/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';
import { customerAccounts, meters, services, tenants } from '../apps/server/src/db/schema/index.ts';
import { addDays } from '../apps/server/src/domain/calendar/local-day.ts';
import { readDayTotals, readIntervalDays } from '../apps/server/src/features/meter-reads/meter-reads.ts';
import { DEFAULT_SEED, DEMO_LOGIN, seedDemoUtility } from '../apps/server/src/seed/index.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '200' },
    'pg-port': { type: 'string', default: '55440' },
  },
});
const accounts = Number(args.accounts);
const requests = Math.max(200, Number(args.requests));

function startPostgres(port: string) {
  const dir = mkdtempSync(join(tmpdir(), 'gridfront-bench-usage-pg-'));
  const url = execFileSync(join(repoRoot, 'scripts/postgres-start.sh'), [port, dir], {
    encoding: 'utf8',
  }).trim();
  const stop = () => {
    const bin =
      readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(a) - Number(b))
        .at(-1) ?? '';
    const pgCtl = `/usr/lib/postgresql/${bin}/bin/pg_ctl -D '${dir}' stop -m fast`;
    try {
      // pg_ctl refuses to run as root; the cluster belongs to postgres then (postgres-start.sh).
      if (process.getuid?.() === 0)
        execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', pgCtl], { stdio: 'ignore' });
      else execFileSync('bash', ['-c', pgCtl], { stdio: 'ignore' });
    } catch {
      // Already stopped.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { url, stop };
}

interface Timing {
  name: string;
  p50: number | null;
  p99: number | null;
  bytes: number | null;
  note?: string;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

async function time(name: string, run: (i: number) => Promise<string>): Promise<Timing> {
  for (let i = 0; i < 10; i++) await run(i); // warm-up: plans, pool, JIT
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const body = await run(i);
    times.push(performance.now() - started);
    bytes = Math.max(bytes, Buffer.byteLength(body));
  }
  times.sort((a, b) => a - b);
  return { name, p50: quantile(times, 0.5), p99: quantile(times, 0.99), bytes };
}

async function storage(handle: DatabaseHandle) {
  await handle.exec('vacuum analyze interval_months');
  const [row] = (
    (await handle.db.execute(sql`select
      pg_total_relation_size('interval_months')::float8 as total,
      pg_relation_size('interval_months')::float8 as heap,
      pg_indexes_size('interval_months')::float8 as indexes,
      (select count(*) from interval_months)::float8 as months,
      (select count(d) from interval_months, unnest(import_day_wh) d)::float8 as days`)) as unknown as {
      rows: Array<{ total: number; heap: number; indexes: number; months: number; days: number }>;
    }
  ).rows;
  if (!row) throw new Error('no sizes');
  return row;
}

async function main() {
  const postgres = startPostgres(args['pg-port'] ?? '55440');
  const handle = await openDatabase({ databaseUrl: postgres.url });
  try {
    await applyMigrations(handle);
    console.log(`Seeding ${accounts} accounts (several minutes for 10,000)…`);
    const summary = await seedDemoUtility(handle.db, { accounts, seed: DEFAULT_SEED });
    console.log(`Seeded in ${summary.seconds.toFixed(0)} s, ${summary.startDate} to ${summary.endDate}`);
    const size = await storage(handle);

    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: postgres.url,
      JWT_SECRET: 'bench-only-secret-0123456789-0123456789',
      SMTP_URL: 'smtp://127.0.0.1:8099',
      PORTAL_DIST: join(tmpdir(), 'gridfront-no-portal-build'),
      SEED_ON_EMPTY: 'false',
      RATE_LIMIT_MAX: '0',
      BILL_RUN_INTERVAL_SECONDS: '0',
      AUTOPAY_INTERVAL_SECONDS: '0',
      NOTIFICATIONS_INTERVAL_SECONDS: '0',
    });
    const app = await buildApp({ config, database: handle }, { logger: false });
    const [tenant] = await handle.db.select().from(tenants).limit(1);
    if (!tenant) throw new Error('no tenant');
    const authorization = basicAuthorization(tenant.appClientId, tenant.appClientSecret);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization },
      payload: { username: DEMO_LOGIN.username, password: DEMO_LOGIN.password },
    });
    const accessToken = (login.json() as { accessToken?: string }).accessToken ?? '';
    const headers = { authorization, [ACCESS_TOKEN_HEADER]: accessToken };
    const details = await app.inject({ method: 'GET', url: '/api/oracle/getUserDetails', headers });
    const accountId = (details.json() as { accounts?: Array<{ accountId: string }> }).accounts?.[0]
      ?.accountId;
    if (!accountId) throw new Error('the demo login did not sign in');
    const [meter] = await handle.db
      .select({ id: meters.id })
      .from(meters)
      .innerJoin(services, eq(services.id, meters.serviceId))
      .innerJoin(customerAccounts, eq(customerAccounts.id, services.accountId))
      .where(and(eq(customerAccounts.id, accountId), eq(meters.utilityType, 'electricity')));
    if (!meter) throw new Error('the demo account has no electric meter');
    // Other accounts' meters too, so that the direct reads do not only hit one cached row.
    const sample = (
      await handle.db
        .select({ id: meters.id })
        .from(meters)
        .where(eq(meters.utilityType, 'electricity'))
        .limit(1000)
    ).map((m) => m.id);
    const meterFor = (i: number) => sample[i % sample.length] ?? meter.id;

    const end = summary.endDate;
    const yearFrom = addDays(end, -364);
    const monthFrom = addDays(end, -30);
    const api = async (url: string, body: Record<string, unknown>, label: string): Promise<Timing> => {
      const call = () =>
        app.inject({
          method: 'POST',
          url,
          headers,
          payload: { type: 'usage', accountId, utilityType: 'electricity', ...body },
        });
      const probe = await call();
      if (probe.statusCode !== 200)
        return {
          name: label,
          p50: null,
          p99: null,
          bytes: null,
          note: `not available (HTTP ${probe.statusCode})`,
        };
      return time(label, async () => (await call()).body);
    };
    const rows: Timing[] = [
      await api(
        '/api/oracle/transactionDetails',
        { view: 'interval', resolution: 60, from: yearFrom, toDate: end },
        'API: a year of hourly data',
      ),
      await api(
        '/api/oracle/transactionDetails',
        { view: 'interval', resolution: 15, from: monthFrom, toDate: end },
        'API: a month of 15-minute data',
      ),
      await api('/api/oracle/transactionYearDetails', {}, 'API: yearly summary'),
      await time('readIntervalDays: a year (decoded 15-min)', async (i) =>
        JSON.stringify(await readIntervalDays(handle.db, meterFor(i), yearFrom, end)),
      ),
      await time('readIntervalDays: a month', async (i) =>
        JSON.stringify(await readIntervalDays(handle.db, meterFor(i), monthFrom, end)),
      ),
      await time('readDayTotals: two years of days', async (i) =>
        JSON.stringify(await readDayTotals(handle.db, meterFor(i), summary.startDate, end)),
      ),
    ];
    await app.close();

    const perDay = size.total / size.days;
    console.log('\ninterval_months on PostgreSQL');
    console.log(
      `  meter-days ${size.days.toLocaleString('en')} in ${size.months.toLocaleString('en')} month rows`,
    );
    console.log(
      `  heap ${(size.heap / 2 ** 20).toFixed(1)} MiB, TOAST ${((size.total - size.heap - size.indexes) / 2 ** 20).toFixed(1)} MiB, index ${(size.indexes / 2 ** 20).toFixed(1)} MiB`,
    );
    console.log(`  bytes per meter-day (incl. index and TOAST): ${perDay.toFixed(1)} (target ≤ 250)\n`);
    const pad = (s: string, n: number) => s.padEnd(n);
    console.log(`${pad('request', 44)}${pad('p50 ms', 10)}${pad('p99 ms', 10)}JSON bytes`);
    for (const row of rows) {
      if (row.p50 === null) console.log(`${pad(row.name, 44)}${row.note}`);
      else
        console.log(
          `${pad(row.name, 44)}${pad((row.p50 ?? 0).toFixed(1), 10)}${pad((row.p99 ?? 0).toFixed(1), 10)}${(row.bytes ?? 0).toLocaleString('en')}`,
        );
    }
    console.log(`(${requests} requests each, after 10 warm-up; ${accounts} accounts)`);
  } finally {
    await handle.close();
    postgres.stop();
  }
}

await main();
