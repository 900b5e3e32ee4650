// `npm run bench:insights` (issue 12): the insights engine on a year of 15-minute data per home
// (35,040 intervals): the breakdown (disaggregation) plus the event summaries of the year (12
// months priced by the tariff engine, peaks, and the breakdown summed per month), on generated
// demo homes; then the /net2grid dashboard's first view through the API on a seeded demo utility
// (in-memory PGlite, slower than PostgreSQL): every call the page makes on opening, one after another.
// Targets: under 50 ms per home; the dashboard's first view under 300 ms of API time.
//
//   npm run bench:insights [-- --homes 40 --runs 5]
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { basicAuthorization } from '@gridfront/contracts';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';
import { tenants, users } from '../apps/server/src/db/schema/index.ts';
import { disaggregate, sumBreakdowns } from '../apps/server/src/domain/insights/disaggregate.ts';
import { costOfDays, peakOf, periodsMeeting } from '../apps/server/src/domain/insights/periods.ts';
import { clearAnalyses } from '../apps/server/src/features/insights/analysis.ts';
import { generatedYear, generateHome } from '../apps/server/src/features/insights/generated-homes.ts';
import { DEMO_TARIFFS } from '../apps/server/src/seed/demo-tariffs.ts';
import { DEMO_TIME_ZONE } from '../apps/server/src/seed/demo-tenant.ts';
import { DEFAULT_SEED, DEMO_LOGIN, seedDemoUtility } from '../apps/server/src/seed/index.ts';
import { caller, signedInToken } from '../apps/server/src/test/account-test-kit.ts';
import type { TenantFixture } from '../apps/server/src/test/fixtures.ts';
import { createTestApp } from '../apps/server/src/test/test-app.ts';

const { values } = parseArgs({
  options: { homes: { type: 'string', default: '40' }, runs: { type: 'string', default: '5' } },
});
const homeCount = Math.max(5, Number(values.homes));
const runs = Math.max(3, Number(values.runs));
const quantile = (list: number[], q: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

// 1. The engine, per home.
const tariff = DEMO_TARIFFS.find((t) => t.code === 'E-TOU')?.structure;
if (!tariff) throw new Error('the demo E-TOU tariff is missing');
const conditions = generatedYear(42);
const homes = Array.from({ length: homeCount }, (_, i) => generateHome(42, i, conditions));
const intervals = homes[0]?.days.reduce((s, d) => s + d.wh.length, 0) ?? 0;
const months = periodsMeeting('month', conditions[0]?.date ?? '', conditions.at(-1)?.date ?? '');
function analyseHome(home: (typeof homes)[number]) {
  const result = disaggregate(home.days, home.profile);
  const meterDays = home.days.map((day) => ({
    date: day.date,
    importWh: day.wh,
    exportWh: null,
    generationWh: null,
  }));
  for (const month of months) {
    const inMonth = meterDays.filter((d) => d.date >= month.start && d.date <= month.end);
    costOfDays(tariff as NonNullable<typeof tariff>, inMonth, DEMO_TIME_ZONE);
    peakOf(inMonth.map((d) => ({ date: d.date, wh: d.importWh })));
    sumBreakdowns(result.days.filter((d) => d.date >= month.start && d.date <= month.end));
  }
  return result;
}
for (const home of homes.slice(0, 3)) analyseHome(home);
const perHome: number[] = [];
const cpuPerHome: number[] = [];
for (const home of homes) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  analyseHome(home);
  const used = process.cpuUsage(cpu);
  cpuPerHome.push((used.user + used.system) / 1000);
  perHome.push(performance.now() - started);
}
const engineMedian = quantile(perHome, 0.5);
const engineP95 = quantile(perHome, 0.95);

// 2. The dashboard's first view through the API.
const handle = await openDatabase({ log: () => undefined });
await applyMigrations(handle);
await seedDemoUtility(handle.db, {
  accounts: 3,
  seed: DEFAULT_SEED,
  months: 14,
  now: new Date(),
  log: () => undefined,
});
const t = await createTestApp({ database: { handle, databaseUrl: undefined, close: () => handle.close() } });
const [tenant] = await handle.db.select().from(tenants).limit(1);
const [demo] = await handle.db
  .select({ id: users.id })
  .from(users)
  .where(eq(users.username, DEMO_LOGIN.username));
if (!tenant || !demo) throw new Error('the demo was not seeded');
const fixture = {
  authorization: basicAuthorization(tenant.appClientId, tenant.appClientSecret),
} as TenantFixture;
const api = caller(t, fixture, '10.1.1.1', await signedInToken(t, tenant.id, demo.id));
const anonymous = caller(t, fixture, '10.1.1.2');
async function firstView(): Promise<{ ms: number; cpuMs: number; calls: Record<string, number> }> {
  clearAnalyses();
  const cpu = process.cpuUsage();
  const calls: Record<string, number> = {};
  const timed = async (name: string, run: () => Promise<{ statusCode: number; json(): unknown }>) => {
    const started = performance.now();
    const response = await run();
    calls[name] = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}`);
    return response.json() as Record<string, unknown>;
  };
  let auth = { token: '', userId: '' };
  await timed('getToken', async () => {
    const response = await api.post('/net2grid/getToken', {});
    auth = { token: response.json().token, userId: response.json().userId };
    return response;
  });
  const post =
    (path: string, body: Record<string, unknown> = {}) =>
    () =>
      anonymous.post(`/net2grid/${path}`, { ...auth, ...body });
  const init = await timed('getInitialisation', post('getInitialisation'));
  const month = String(init.defaultMonth);
  const [year, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const lastDate = String(init.lastDate);
  await timed('getProfileAttributes', post('getProfileAttributes'));
  await timed('disaggregation/month', post('disaggregation/month', { year, month: m }));
  await timed(
    'eventSummarymonthly',
    post('eventSummarymonthly', { startDate: `${month}-01`, endDate: lastDate }),
  );
  await timed('recommendation', post('recommendation'));
  await timed('insights12Months', post('insights12Months', { months: 12 }));
  const used = process.cpuUsage(cpu);
  return {
    ms: Object.values(calls).reduce((a, b) => a + b, 0),
    cpuMs: (used.user + used.system) / 1000,
    calls,
  };
}
const first = await firstView();
const views: Awaited<ReturnType<typeof firstView>>[] = [];
for (let r = 0; r < runs; r++) views.push(await firstView());
await t.close();
const viewMedian = quantile(
  views.map((v) => v.ms),
  0.5,
);

console.log(
  `Insights engine: one year of 15-minute data per home (${intervals} intervals), ${homeCount} generated homes`,
);
console.log(
  `  breakdown + 12 monthly summaries (tariff engine cost, peak, categories): median ${engineMedian.toFixed(1)} ms, 95th percentile ${engineP95.toFixed(1)} ms per home — target under 50 ms (median): ${engineMedian < 50 ? 'met' : 'MISSED'}, 95th percentile ${engineP95 < 50 ? 'under it too' : 'over it'}`,
);
console.log(
  `  CPU time (what the process itself spent, less sensitive to other load on the machine): median ${quantile(cpuPerHome, 0.5).toFixed(1)} ms, 95th percentile ${quantile(cpuPerHome, 0.95).toFixed(1)} ms per home`,
);
console.log(
  `Dashboard first view through the API (PGlite, demo customer, ${runs} runs with the analysis cache emptied):`,
);
console.log(
  `  median ${viewMedian.toFixed(0)} ms of API time — target under 300 ms: ${viewMedian < 300 ? 'met' : 'MISSED'}; the process's very first view (similar homes read too): ${first.ms.toFixed(0)} ms`,
);
console.log(
  `  CPU time of the same views (server and in-process PGlite together): median ${quantile(
    views.map((v) => v.cpuMs),
    0.5,
  ).toFixed(0)} ms`,
);
const mid = views[Math.floor(views.length / 2)] ?? first;
console.log(
  `  per call: ${Object.entries(mid.calls)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
    .join(', ')}`,
);
console.log(`  load average ${loadavg()[0]?.toFixed(2)} (2 cores shared)`);
