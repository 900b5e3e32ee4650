// `npm run bench:api`: throughput and latency of the billing API under many concurrent connections
// (autocannon) on PostgreSQL seeded with 10,000 accounts, beside a bare Fastify route doing one
// primary-key query on the same database. Prints one table and writes it to bench/api-latest.json.
// A benchmark prints figures; it never fails on a time (targets: p99 < 50 ms, ≥ 60 % of the bare
// route's requests per second).
//
// The servers run in a child process (this file with --serve) so that the load generator does not
// share their event loop. Without DATABASE_URL a throwaway PostgreSQL is started with
// scripts/postgres-start.sh and stopped (and its folder removed, unless --keep) at the end.
//
//   npm run bench:api [-- --accounts 10000] [--duration 10] [--connections 50] [--warmup 2]
//                        [--reuse] [--keep] [--pg-port 55490] [--port 8490] [--bare-port 8491]
//                        [--cpu-prof DIR]   (the servers' CPU profile, written to DIR when they stop)
//                        [--rounds N]   (measure every route N times, the bare route in each round;
//                                        each figure is the median of the rounds, each ratio against
//                                        the same round's bare route: steadier on a shared machine)
//                        [--only getBillDetails,transactionDetails]   (only these calls, and the bare route)
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ACCESS_TOKEN_HEADER, basicAuthorization } from '@gridfront/contracts';
import { count } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';
import { customerAccounts, tenants } from '../apps/server/src/db/schema/index.ts';
import { storeBillAnswerParts } from '../apps/server/src/features/billing/bill-answer-parts.ts';
import { storeLedgerAnswers } from '../apps/server/src/features/billing/ledger-answers.ts';
import { storeLineItemsJson } from '../apps/server/src/features/billing/line-items-json.ts';
import { describeGlobalRateLimit } from '../apps/server/src/plugins/rate-limit.ts';
import {
  DEFAULT_SEED,
  DEMO_LOGIN,
  EXTRA_DEMO_USERS,
  resetDemoData,
  seedDemoUtility,
} from '../apps/server/src/seed/index.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const HOST = '127.0.0.1';
const TARGET_P99_MS = 50;
const TARGET_RATIO = 0.6;
/** How many account ids the bare route cycles through, so it does not read one cached row only. */
const BARE_ID_SAMPLE = 1_000;

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '2' },
    reuse: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'pg-port': { type: 'string', default: '55490' },
    'pg-dir': { type: 'string', default: join(tmpdir(), 'gridfront-bench-api-pg') },
    port: { type: 'string', default: '8490' },
    'bare-port': { type: 'string', default: '8491' },
    out: { type: 'string', default: 'bench/api-latest.json' },
    serve: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    rounds: { type: 'string', default: '1' },
    only: { type: 'string' },
  },
});
const appPort = Number(args.port);
const barePort = Number(args['bare-port']);

// --- The servers (child process) -------------------------------------------------------------

/** The real app with the global request limit off, and a bare route on its own pg pool. */
async function serve(databaseUrl: string): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'bench-only-secret-0123456789-0123456789',
    // Required in production; nothing in the benchmarked calls sends mail.
    SMTP_URL: `smtp://${HOST}:8499`,
    PORTAL_DIST: join(tmpdir(), 'gridfront-no-portal-build'),
    SEED_ON_EMPTY: 'false',
    RATE_LIMIT_MAX: '0',
    // Nothing but the measured requests: no bill run or AutoPay pass during the run.
    BILL_RUN_INTERVAL_SECONDS: '0',
    AUTOPAY_INTERVAL_SECONDS: '0',
    NOTIFICATIONS_INTERVAL_SECONDS: '0',
  });
  // openDatabase's defaults, as server.ts gets them, for both instances.
  const appDatabase = await openDatabase({ databaseUrl });
  const bareDatabase = await openDatabase({ databaseUrl });
  const app = await buildApp({ config, database: appDatabase }, { logger: false });
  const bare = Fastify({ logger: false });
  const barePool = bareDatabase.pool;
  if (!barePool) throw new Error('the bare route needs PostgreSQL');
  bare.get<{ Params: { id: string } }>('/bare/:id', async (request, reply) => {
    const result = await barePool.query(
      'select id, account_number, holder_name, email, city, state, zip from customer_accounts where id = $1',
      [request.params.id],
    );
    const row = result.rows[0];
    if (!row) return reply.code(404).send({ message: 'Account not found' });
    return row;
  });
  await app.listen({ port: appPort, host: HOST });
  await bare.listen({ port: barePort, host: HOST });
  const stop = async () => {
    await Promise.allSettled([app.close(), bare.close()]);
    await Promise.allSettled([appDatabase.close(), bareDatabase.close()]);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
  // The servers' own CPU time on request: per request it says what a change saved even when other
  // processes' load moves req/s around.
  process.on('message', (message: { cpu?: boolean }) => {
    if (message.cpu) process.send?.({ cpuMicros: cpuMicros() });
  });
  process.send?.({ ready: true, rateLimit: describeGlobalRateLimit(config.rateLimit) });
}

function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

// --- PostgreSQL and the seed -----------------------------------------------------------------

interface ThrowawayPostgres {
  url: string;
  stop(): void;
}

function pgBin(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  const latest = versions.at(-1);
  if (!latest) throw new Error('PostgreSQL server binaries not found (apt-get install postgresql)');
  return join('/usr/lib/postgresql', latest, 'bin');
}

function startPostgres(port: string, dir: string, keep: boolean): ThrowawayPostgres {
  const url = execFileSync(join(repoRoot, 'scripts/postgres-start.sh'), [port, dir], {
    encoding: 'utf8',
  }).trim();
  return {
    url,
    stop() {
      // As in .ci/run: pg_ctl refuses to run as root, so it runs as postgres there.
      const pgCtl = `${join(pgBin(), 'pg_ctl')} -D '${dir}' stop -m fast`;
      const asRoot = process.getuid?.() === 0;
      try {
        if (asRoot) execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', pgCtl], { stdio: 'ignore' });
        else execFileSync('bash', ['-c', pgCtl], { stdio: 'ignore' });
      } catch {
        // Already stopped.
      }
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function countAccounts(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.db.select({ accounts: count() }).from(customerAccounts);
  return row?.accounts ?? 0;
}

async function prepareData(databaseUrl: string, accounts: number, reuse: boolean): Promise<void> {
  const handle = await openDatabase({ databaseUrl });
  try {
    await applyMigrations(handle);
    const existing = await countAccounts(handle);
    if (reuse && existing >= accounts) {
      console.log(`--reuse: the database already holds ${existing} accounts; not seeding.`);
      // A database seeded before bill segments stored their line items (migration 0023) and bills
      // their answer parts (0024), or ledger entries their texts (0026): store them as the seed now does, so that getBillDetails is
      // measured as it runs on a new database.
      const started = performance.now();
      await storeLineItemsJson(handle.db);
      await storeBillAnswerParts(handle.db);
      await storeLedgerAnswers(handle.db);
      await handle.exec('vacuum analyze bill_segments');
      await handle.exec('vacuum analyze bills');
      await handle.exec('vacuum analyze ledger_entries');
      console.log(
        `--reuse: line items, answer parts and ledger texts stored where missing (${((performance.now() - started) / 1000).toFixed(1)} s).`,
      );
      return;
    }
    if (reuse)
      console.log(`--reuse: the database holds ${existing} accounts, fewer than ${accounts}; seeding.`);
    // This wipes the demo tenants: never point DATABASE_URL at a database you care about.
    await resetDemoData(handle.db);
    console.log(`Seeding ${accounts} accounts (several minutes for 10,000)…`);
    const summary = await seedDemoUtility(handle.db, {
      accounts,
      seed: DEFAULT_SEED,
      log: (line) => console.log(`  ${line}`),
    });
    console.log(
      `Seeded ${summary.accounts} accounts and ${summary.bills} bills in ${summary.seconds.toFixed(0)} s`,
    );
  } finally {
    await handle.close();
  }
}

async function sampleAccountIds(databaseUrl: string): Promise<string[]> {
  const handle = await openDatabase({ databaseUrl });
  try {
    const rows = await handle.db
      .select({ id: customerAccounts.id })
      .from(customerAccounts)
      .orderBy(customerAccounts.accountNumber)
      .limit(BARE_ID_SAMPLE);
    return rows.map((row) => row.id);
  } finally {
    await handle.close();
  }
}

async function tenantAuthorization(databaseUrl: string): Promise<string> {
  const handle = await openDatabase({ databaseUrl });
  try {
    const [tenant] = await handle.db.select().from(tenants).limit(1);
    if (!tenant) throw new Error('no tenant was seeded');
    return basicAuthorization(tenant.appClientId, tenant.appClientSecret);
  } finally {
    await handle.close();
  }
}

// --- Sign-in -----------------------------------------------------------------------------------

interface SignedInUser {
  username: string;
  headers: Record<string, string>;
  accountId: string;
}

async function signIn(authorization: string, username: string): Promise<SignedInUser | undefined> {
  const base = `http://${HOST}:${appPort}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_LOGIN.password }),
  });
  if (!login.ok) return undefined;
  const { accessToken } = (await login.json()) as { accessToken?: string };
  if (!accessToken) return undefined;
  const headers = { authorization, [ACCESS_TOKEN_HEADER]: accessToken, 'content-type': 'application/json' };
  const details = await fetch(`${base}/api/oracle/getUserDetails`, { headers });
  const body = (await details.json()) as { accounts?: Array<{ accountId: string }> };
  const accountId = body.accounts?.[0]?.accountId;
  return accountId ? { username, headers, accountId } : undefined;
}

// --- Load --------------------------------------------------------------------------------------

/** The part of autocannon's API used here (the package ships no types). */
interface LoadRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  requests: Array<LoadRequest & { setupRequest?: (request: LoadRequest) => LoadRequest }>;
}
interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: LoadOptions) => Promise<LoadResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

interface RouteLoad {
  route: string;
  baseUrl: string;
  /** Called for each request: spreads the load over the signed-in users or the sampled accounts. */
  next(): LoadRequest;
}

interface RouteFigures {
  route: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  averageMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The server process's CPU time (user + system) per request, in µs. */
  serverCpuMicrosPerRequest: number;
  /**
   * PostgreSQL's CPU time (all its server processes) per request, in µs; null when its processes
   * are not on this machine.
   */
  databaseCpuMicrosPerRequest: number | null;
  ratioToBare: number | null;
  p99Met: boolean;
  ratioMet: boolean | null;
}

async function drive(load: RouteLoad, connections: number, seconds: number): Promise<LoadResult> {
  return autocannon({
    url: load.baseUrl,
    connections,
    duration: seconds,
    // autocannon passes its defaults (host, port, headers) in; the next request is laid over them, on
    // a fresh headers object because autocannon writes Content-Length into it.
    requests: [
      {
        setupRequest: (defaults) => {
          const next = load.next();
          return { ...defaults, ...next, headers: { ...defaults.headers, ...next.headers } };
        },
      },
    ],
  });
}

function roundRobin<T>(items: readonly T[]): () => T {
  let turn = 0;
  return () => {
    const item = items[turn % items.length];
    turn += 1;
    if (item === undefined) throw new Error('nothing to cycle through');
    return item;
  };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function routeLoads(users: SignedInUser[], accountIds: string[]): RouteLoad[] {
  const appUrl = `http://${HOST}:${appPort}`;
  const today = new Date();
  const yearAgo = new Date(today);
  yearAgo.setUTCFullYear(today.getUTCFullYear() - 1);
  const nextUser = roundRobin(users);
  const nextAccountId = roundRobin(accountIds);
  return [
    {
      route: 'GET /api/oracle/getUserDetails',
      baseUrl: appUrl,
      next: () => ({ method: 'GET', path: '/api/oracle/getUserDetails', headers: nextUser().headers }),
    },
    {
      route: 'POST /api/oracle/transactionDetails',
      baseUrl: appUrl,
      next: () => {
        const user = nextUser();
        return {
          method: 'POST',
          path: '/api/oracle/transactionDetails',
          headers: user.headers,
          body: JSON.stringify({
            accountId: user.accountId,
            filterType: 'C1BL',
            filterDescription: 'Bills',
            pageLimit: 5,
            pageOffset: 0,
            from: isoDay(yearAgo),
            toDate: isoDay(today),
          }),
        };
      },
    },
    {
      route: 'POST /api/oracle/getBillDetails',
      baseUrl: appUrl,
      next: () => {
        const user = nextUser();
        return {
          method: 'POST',
          path: '/api/oracle/getBillDetails',
          headers: user.headers,
          body: JSON.stringify({ accountId: user.accountId }),
        };
      },
    },
    {
      route: 'GET /bare/:id (bare Fastify, 1 PK query)',
      baseUrl: `http://${HOST}:${barePort}`,
      next: () => ({ method: 'GET', path: `/bare/${nextAccountId()}` }),
    },
  ];
}

function figures(
  route: string,
  result: LoadResult,
  cpuMicros: number,
  databaseCpuMicros: number | null,
): Omit<RouteFigures, 'ratioToBare' | 'ratioMet'> {
  return {
    route,
    serverCpuMicrosPerRequest: result.requests.total > 0 ? cpuMicros / result.requests.total : 0,
    databaseCpuMicrosPerRequest:
      databaseCpuMicros !== null && result.requests.total > 0
        ? databaseCpuMicros / result.requests.total
        : null,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    averageMs: result.latency.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    p99Met: result.latency.p99 < TARGET_P99_MS,
  };
}

function printTable(rows: RouteFigures[]): void {
  const header = [
    'route',
    'req/s',
    'p50 ms',
    'p99 ms',
    'CPU µs/req',
    'DB CPU µs/req',
    'ratio',
    'p99 < 50',
    'ratio ≥ 0.6',
    'non-2xx',
  ];
  const lines = rows.map((row) => [
    row.route,
    row.requestsPerSecond.toFixed(0),
    row.p50Ms.toFixed(0),
    row.p99Ms.toFixed(0),
    row.serverCpuMicrosPerRequest.toFixed(0),
    row.databaseCpuMicrosPerRequest === null ? '–' : row.databaseCpuMicrosPerRequest.toFixed(0),
    row.ratioToBare === null ? '1.00 (bare)' : row.ratioToBare.toFixed(2),
    row.p99Met ? 'yes' : 'NO',
    row.ratioMet === null ? '–' : row.ratioMet ? 'yes' : 'NO',
    String(row.non2xx + row.errors + row.timeouts),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

function startServers(databaseUrl: string): Promise<{ child: ChildProcess; rateLimit: string }> {
  const child = fork(
    import.meta.filename,
    ['--serve', '--port', String(appPort), '--bare-port', String(barePort)],
    {
      execArgv: [
        '--import',
        'tsx',
        ...(args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', resolve(args['cpu-prof'])] : []),
      ],
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolveReady, rejectReady) => {
    child.once('message', (message: { rateLimit: string }) =>
      resolveReady({ child, rateLimit: message.rateLimit }),
    );
    child.once('exit', (code) => rejectReady(new Error(`the server process ended early (exit ${code})`)));
  });
}

/**
 * PostgreSQL's CPU time so far per server process (backends, WAL writer, checkpointer…), in µs, read
 * from /proc when the server runs on this machine; null otherwise. Processes are told apart by pid
 * and start time, so a connection opened during a run counts from zero and one closed then is lost
 * (the app's pool keeps its connections while it is busy).
 */
async function databaseCpu(pool: pg.Pool | undefined): Promise<Map<string, number> | null> {
  if (!pool) return null;
  const { rows } = await pool.query<{ pid: number }>('select pid from pg_stat_activity');
  const byProcess = new Map<string, number>();
  for (const { pid } of rows) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      // Not on this machine (or gone already).
      continue;
    }
    // Fields after the command name: state is field 3, utime 14, stime 15, starttime 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    byProcess.set(`${pid}@${fields[19]}`, (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND);
  }
  return byProcess.size > 0 ? byProcess : null;
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS_PER_SECOND = 100;

function databaseCpuBetween(
  before: Map<string, number> | null,
  after: Map<string, number> | null,
): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [process, micros] of after) total += micros - (before.get(process) ?? 0);
  return total;
}

let databasePool: pg.Pool | undefined;

/** The server process's CPU time so far, in µs. */
function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolveCpu) => {
    const answer = (message: { cpuMicros?: number }) => {
      if (message.cpuMicros === undefined) return;
      child.off('message', answer);
      resolveCpu(message.cpuMicros);
    };
    child.on('message', answer);
    child.send({ cpu: true });
  });
}

function stopServers(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolveExit) => {
    child.once('exit', () => resolveExit());
    if (child.pid) process.kill(child.pid, 'SIGTERM');
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A route's figures over the rounds: medians, and the sums of requests and failures. */
function medianFigures(
  runs: ReadonlyArray<Omit<RouteFigures, 'ratioToBare' | 'ratioMet'>>,
): Omit<RouteFigures, 'ratioToBare' | 'ratioMet'> {
  const [first] = runs;
  if (!first) throw new Error('no rounds');
  const sum = (pick: (run: (typeof runs)[number]) => number) =>
    runs.reduce((total, run) => total + pick(run), 0);
  const p99Ms = median(runs.map((run) => run.p99Ms));
  return {
    route: first.route,
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p99Ms,
    averageMs: median(runs.map((run) => run.averageMs)),
    serverCpuMicrosPerRequest: median(runs.map((run) => run.serverCpuMicrosPerRequest)),
    databaseCpuMicrosPerRequest: runs.every((run) => run.databaseCpuMicrosPerRequest !== null)
      ? median(runs.map((run) => run.databaseCpuMicrosPerRequest ?? 0))
      : null,
    requests: sum((run) => run.requests),
    non2xx: sum((run) => run.non2xx),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
    p99Met: p99Ms < TARGET_P99_MS,
  };
}

function formatLoad(load: readonly number[]): string {
  return load.map((value) => value.toFixed(2)).join(' / ');
}

async function main(): Promise<void> {
  const accounts = Number(args.accounts);
  const duration = Number(args.duration);
  const connections = Number(args.connections);
  const warmup = Number(args.warmup);
  const givenUrl = process.env.DATABASE_URL || undefined;
  const postgres = givenUrl
    ? undefined
    : startPostgres(String(args['pg-port']), String(args['pg-dir']), args.keep);
  const databaseUrl = givenUrl ?? postgres?.url ?? '';
  let child: ChildProcess | undefined;
  try {
    console.log(
      givenUrl
        ? 'Database: DATABASE_URL (its demo tenants are wiped and reseeded unless --reuse finds enough accounts)'
        : `Database: throwaway PostgreSQL on port ${args['pg-port']} in ${args['pg-dir']}${args.keep ? ' (kept: --keep)' : ''}`,
    );
    await prepareData(databaseUrl, accounts, args.reuse);
    const accountIds = await sampleAccountIds(databaseUrl);
    const authorization = await tenantAuthorization(databaseUrl);
    const servers = await startServers(databaseUrl);
    child = servers.child;
    console.log(`App on http://${HOST}:${appPort}, bare route on http://${HOST}:${barePort}`);
    console.log(`Request limits: ${servers.rateLimit} for this run (sign-in keeps its own per-route limit).`);

    const usernames = [DEMO_LOGIN.username, ...EXTRA_DEMO_USERS.map((user) => user.username)];
    const users: SignedInUser[] = [];
    for (const username of usernames) {
      const user = await signIn(authorization, username);
      if (user) users.push(user);
    }
    if (users.length === 0) throw new Error('could not sign in as demo');
    console.log(
      `Signed in as ${users.map((user) => user.username).join(', ')}; requests take turns among them.`,
    );
    console.log(
      `${connections} connections, ${warmup} s warm-up then ${duration} s per route, one route at a time; ${cpus().length} cores\n`,
    );

    const rounds = Math.max(1, Math.floor(Number(args.rounds)));
    databasePool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const loadBefore = loadavg();
    const only = args.only
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    // The bare route (last) is always measured: every ratio is against it.
    const loads = routeLoads(users, accountIds).filter(
      (load, index, all) =>
        !only || index === all.length - 1 || only.some((name) => load.route.includes(name)),
    );
    // Per round: each route's figures; the last load is the bare route.
    const byRound: Array<Array<Omit<RouteFigures, 'ratioToBare' | 'ratioMet'>>> = [];
    for (let round = 1; round <= rounds; round += 1) {
      if (rounds > 1) console.log(`  round ${round} of ${rounds} (load average ${formatLoad(loadavg())})`);
      const measured: Array<Omit<RouteFigures, 'ratioToBare' | 'ratioMet'>> = [];
      for (const load of loads) {
        if (warmup > 0) await drive(load, connections, warmup);
        const cpuBefore = await serverCpu(servers.child);
        const databaseBefore = await databaseCpu(databasePool);
        const result = await drive(load, connections, duration);
        const cpuAfter = await serverCpu(servers.child);
        const databaseAfter = await databaseCpu(databasePool);
        measured.push(
          figures(
            load.route,
            result,
            cpuAfter - cpuBefore,
            databaseCpuBetween(databaseBefore, databaseAfter),
          ),
        );
        console.log(`  ${load.route}: ${result.requests.average.toFixed(0)} req/s`);
      }
      byRound.push(measured);
    }
    const loadAfter = loadavg();
    const rows: RouteFigures[] = loads.map((_load, index) => {
      const runs = byRound.map(
        (measured) => measured[index] as Omit<RouteFigures, 'ratioToBare' | 'ratioMet'>,
      );
      const row = medianFigures(runs);
      if (index === loads.length - 1) return { ...row, ratioToBare: null, ratioMet: null };
      const ratio = median(
        byRound.map((measured) => {
          const bareRate = measured.at(-1)?.requestsPerSecond ?? 0;
          return bareRate > 0 ? (measured[index]?.requestsPerSecond ?? 0) / bareRate : 0;
        }),
      );
      return { ...row, ratioToBare: ratio, ratioMet: ratio >= TARGET_RATIO };
    });
    console.log('');
    if (rounds > 1)
      console.log(`Medians of ${rounds} rounds, each ratio against the bare route of the same round.`);
    console.log(
      `Load average (1/5/15 min): ${formatLoad(loadBefore)} before, ${formatLoad(loadAfter)} after.`,
    );
    printTable(rows);
    const failed = rows.filter((row) => row.non2xx + row.errors + row.timeouts > 0);
    if (failed.length > 0)
      console.log(`\nWarning: some responses were not 2xx: ${failed.map((row) => row.route).join(', ')}`);
    const missed = rows.filter((row) => !row.p99Met || row.ratioMet === false);
    console.log(
      missed.length === 0
        ? '\nTargets met: p99 < 50 ms and ≥ 0.6 of the bare route on every route.'
        : `\nTargets missed on: ${missed.map((row) => row.route).join(', ')}`,
    );

    const out = resolve(repoRoot, String(args.out));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(
      out,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: { cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version },
          database: givenUrl ? 'DATABASE_URL' : 'throwaway PostgreSQL (scripts/postgres-start.sh)',
          accounts,
          connections,
          warmupSeconds: warmup,
          durationSeconds: duration,
          rounds,
          loadAverage: { before: loadBefore, after: loadAfter },
          rateLimit: servers.rateLimit,
          // A string, not an array: Biome would fold a short array onto one line and flag the file.
          users: users.map((user) => user.username).join(', '),
          targets: { p99Ms: TARGET_P99_MS, ratioToBare: TARGET_RATIO },
          results: rows,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`Written to ${String(args.out)}`);
  } finally {
    if (child) await stopServers(child);
    await databasePool?.end();
    postgres?.stop();
  }
}

if (args.serve) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('--serve needs DATABASE_URL');
  await serve(databaseUrl);
} else {
  await main();
}
