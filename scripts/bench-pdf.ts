// `npm run bench:pdf`: how long the server takes to answer GET /api/oracle/billPdf/:id, database
// reads and rendering included, on an in-memory embedded database seeded with a few demo accounts
// (no network: app.inject). Prints the median and 95th percentile per language. A benchmark, not a
// test (target: under 200 ms).
//
//   npm run bench:pdf [-- --runs 40]
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ACCESS_TOKEN_HEADER, basicAuthorization, LANGUAGES } from '@gridfront/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';
import { tenants } from '../apps/server/src/db/schema/index.ts';
import { DEFAULT_SEED, DEMO_LOGIN, seedDemoUtility } from '../apps/server/src/seed/index.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '40' } } });
const runs = Math.max(5, Number(values.runs));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

const database = await openDatabase({});
await applyMigrations(database);
await seedDemoUtility(database.db, { accounts: 3, seed: DEFAULT_SEED, months: 14 });
const config = loadConfig({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-only-secret-0123456789-0123456789',
  PORTAL_DIST: join(tmpdir(), 'gridfront-no-portal-build'),
  SEED_ON_EMPTY: 'false',
  RATE_LIMIT_MAX: '0',
  // Nothing but the measured requests: no bill run or AutoPay pass during the run.
  BILL_RUN_INTERVAL_SECONDS: '0',
  AUTOPAY_INTERVAL_SECONDS: '0',
  NOTIFICATIONS_INTERVAL_SECONDS: '0',
});
const app = await buildApp({ config, database }, { logger: false });
try {
  const [tenant] = await database.db.select().from(tenants).limit(1);
  if (!tenant) throw new Error('no tenant was seeded');
  const authorization = basicAuthorization(tenant.appClientId, tenant.appClientSecret);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { authorization },
    payload: { username: DEMO_LOGIN.username, password: DEMO_LOGIN.password },
  });
  const headers = { authorization, [ACCESS_TOKEN_HEADER]: String(login.json().accessToken) };
  const user = await app.inject({ method: 'GET', url: '/api/oracle/getUserDetails', headers });
  const accountId = String(user.json().accounts[0].accountId);
  const list = await app.inject({
    method: 'POST',
    url: '/api/oracle/transactionDetails',
    headers,
    payload: { accountId, filterType: 'C1BL', pageLimit: 1 },
  });
  const transactionId = String(list.json().transactions[0].transactionId);
  console.log(`bill PDF of demo's latest bill: ${runs} requests per language after 3 warm-up requests`);
  console.log('language  median ms  p95 ms  bytes');
  for (const language of LANGUAGES) {
    const url = `/api/oracle/billPdf/${transactionId}?lang=${language}`;
    for (let warm = 0; warm < 3; warm += 1) await app.inject({ method: 'GET', url, headers });
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - started);
      if (response.statusCode !== 200)
        throw new Error(`${language}: HTTP ${response.statusCode} ${response.body}`);
      bytes = response.rawPayload.length;
    }
    times.sort((a, b) => a - b);
    const median = percentile(times, 0.5).toFixed(1).padStart(9);
    console.log(
      `${language.padEnd(8)}  ${median}  ${percentile(times, 0.95).toFixed(1).padStart(6)}  ${bytes}`,
    );
  }
} finally {
  await app.close();
  await database.close();
}
