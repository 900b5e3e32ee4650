// `npm run bench:web`: what a customer's phone gets from the portal. Builds, starts the compiled
// server on a fresh embedded database (temporary DATA_DIR, its own port, global rate limit off),
// and runs Lighthouse with its mobile defaults (Moto G power emulation, simulated slow 4G) on every
// route of the route table: visitor routes as a visitor, login-required ones signed in as demo.
// Each route runs several times (3 by default) with a cold HTTP cache; each column is the median.
// Prints one table and writes it as JSON to bench/web-latest.json. A benchmark, not a test.
//
//   npm run bench:web [-- --runs 3] [--port 8190] [--no-build] [--routes /home,/usage]
//     [--dist /tmp/portal-dist]   a portal build elsewhere (no build; the server's build as it is),
//                                 to compare variants without touching apps/portal/dist
//     [--server apps/server/dist-x/server.js]  a compiled server elsewhere (e.g. a copy of main's),
//                                 so that a variant's server changes are compared too
//     [--lhr DIR]                 writes each route's last Lighthouse report as JSON into DIR
//                                 (critical-request-chains, network-requests, LCP element…)
//     [--trace DIR]               writes each route's last trace (the observed load Lighthouse
//                                 simulates from) into DIR, to open in DevTools' Performance panel
//     [--chrome-flags "--a --b"]  more Chromium flags after the default ones
//     [--floor-routes /privacy,/login]  of the measured visitor routes, those also measured without
//                                 JavaScript (bench-web-no-script.ts): the floor this machine puts
//                                 under every figure; an empty list measures none
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type PortalRoute, portalRoutes } from '@gridfront/contracts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { startNoScriptProxy } from './bench-web-no-script.ts';
import { busiestMainThread, rendererMainThreads, type ThreadTimes } from './bench-web-run-queue.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const DEMO = { username: 'demo', password: 'Demo@12345' } as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface RunMetrics {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes transferred (compressed, as on the wire). */
  bytes: number;
  /** The page's main-thread tasks from first contentful paint to the trace's end, in the observed
   * (unthrottled) load: their wall time and the thread's CPU time in them. Lighthouse's simulated
   * TBT multiplies each task's wall time by 4; where the machine is short of cores, a task's wall
   * time includes waiting for one, and wallToCpu says how much (1.0: none). */
  mainThreadWall: number;
  mainThreadCpu: number;
  wallToCpu: number;
  /** Blocking time as if each task took 4 times its CPU time (not its wall time): the sum of what
   * exceeds 50 ms. Not Lighthouse's TBT (no simulated network, no window to interactive), but free
   * of the waiting above. */
  cpuBlocking: number;
  /** The page's main thread over the whole Lighthouse run (the load, and what Lighthouse runs in the
   * page after it, such as axe), as the kernel accounts it (bench-web-run-queue.ts): milliseconds on
   * a CPU, and runnable but waiting for one. */
  runQueueCpu: number;
  runQueueWait: number;
}

interface RouteResult extends RunMetrics {
  route: string;
  signedIn: boolean;
  runs: number;
}

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.BENCH_WEB_PORT ?? '8190' },
    'no-build': { type: 'boolean', default: false },
    dist: { type: 'string' },
    routes: { type: 'string' },
    out: { type: 'string', default: 'bench/web-latest.json' },
    server: { type: 'string', default: 'apps/server/dist/server.js' },
    lhr: { type: 'string' },
    trace: { type: 'string' },
    'chrome-flags': { type: 'string' },
    'floor-routes': { type: 'string', default: '/privacy,/login' },
  },
});
const runs = Number(args.runs);
const port = Number(args.port);
const baseUrl = `http://127.0.0.1:${port}`;
/** The same server behind the proxy that takes the scripts out of every page (the floor). */
const noScriptUrl = `http://127.0.0.1:${port + 1}`;

function build(): void {
  console.log('Building the portal and the server…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed with ${result.status}`);
}

async function startServer(dataDir: string, portalDist: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--enable-source-maps', args.server], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PORTAL_DIST: portalDist,
      DATABASE_URL: '',
      SEED_ON_EMPTY: 'true',
      SEED_ACCOUNTS: '12',
      LOG_LEVEL: 'warn',
      // Dozens of page loads from one address in a few minutes: a benchmark, not a flood.
      RATE_LIMIT_MAX: '0',
      // Nothing but the measured requests: no bill run or AutoPay pass during the run.
      BILL_RUN_INTERVAL_SECONDS: '0',
      AUTOPAY_INTERVAL_SECONDS: '0',
      NOTIFICATIONS_INTERVAL_SECONDS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  server.kill('SIGTERM');
  throw new Error(`the server did not become ready at ${baseUrl}`);
}

/** Signs in through the login form, as a customer does; the session stays in the browser profile. */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[name="username"]').fill(DEMO.username);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await Promise.all([
    // A string: it runs in the page, whose globals this Node script's types do not know.
    page.waitForFunction("location.pathname === '/home'", { timeout: 30_000 }),
    // The login form's own button: the header's AI Assist search is a form with a submit button too.
    page.locator('form:has(input[name="password"]) button[type="submit"]').click(),
  ]);
}

/** Top-level tasks of the page's renderer main thread after first contentful paint: wall and CPU ms. */
function mainThreadAfterFcp(result: RunnerResult): { wall: number; cpu: number; blocking: number } {
  const events = result.artifacts.Trace.traceEvents;
  const items = result.lhr.audits.metrics?.details;
  const fcpTs =
    items?.type === 'debugdata'
      ? Number((items.items?.[0] as Record<string, unknown> | undefined)?.observedFirstContentfulPaintTs)
      : Number.NaN;
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, { wall: number; cpu: number; blocking: number }>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (event.name !== 'RunTask' || event.ph !== 'X' || !mainThreads.has(key)) continue;
    if (!(event.ts >= fcpTs) || event.dur == null) continue;
    const sums = byThread.get(key) ?? { wall: 0, cpu: 0, blocking: 0 };
    const cpu = (event.tdur ?? event.dur) / 1000;
    sums.wall += event.dur / 1000;
    sums.cpu += cpu;
    sums.blocking += Math.max(0, 4 * cpu - 50);
    byThread.set(key, sums);
  }
  // The page's renderer is the busiest one (about:blank's, if another, did next to nothing).
  const none = { wall: Number.NaN, cpu: Number.NaN, blocking: Number.NaN };
  return [...byThread.values()].sort((a, b) => b.cpu - a.cpu)[0] ?? none;
}

function metricsOf(result: RunnerResult, core: ThreadTimes): RunMetrics {
  const lhr = result.lhr;
  const mainThread = mainThreadAfterFcp(result);
  const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
    mainThreadWall: mainThread.wall,
    mainThreadCpu: mainThread.cpu,
    wallToCpu: mainThread.wall / mainThread.cpu,
    cpuBlocking: mainThread.blocking,
    runQueueCpu: core.cpuMs,
    runQueueWait: core.waitMs,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  const lower = sorted[middle - 1] ?? upper;
  return sorted.length % 2 === 1 ? upper : (lower + upper) / 2;
}

function medianOf(all: RunMetrics[]): RunMetrics {
  const pick = (key: keyof RunMetrics) => median(all.map((metrics) => metrics[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    bytes: pick('bytes'),
    mainThreadWall: pick('mainThreadWall'),
    mainThreadCpu: pick('mainThreadCpu'),
    wallToCpu: pick('wallToCpu'),
    cpuBlocking: pick('cpuBlocking'),
    runQueueCpu: pick('runQueueCpu'),
    runQueueWait: pick('runQueueWait'),
  };
}

/** Lighthouse's own trace can fail on a loaded machine (NO_NAVSTART, NO_FCP): such a run is repeated. */
const ATTEMPTS_PER_RUN = 3;
/** Lighthouse's own measure of the machine's speed in each run, and its version: scores from
 * machines with a very different index (or another Chromium) are not comparable. */
const benchmarkIndexes: number[] = [];
let lighthouseVersion = '';

async function lighthouseRun(
  page: Page,
  route: PortalRoute,
  origin: string,
): Promise<{ result: RunnerResult; core: ThreadTimes }> {
  let lastError = 'no attempt';
  for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt += 1) {
    const before = rendererMainThreads();
    const result = await lighthouse(
      `${origin}${route.path}`,
      { output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      undefined,
      page,
    );
    if (result && !result.lhr.runtimeError) {
      benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
      lighthouseVersion = result.lhr.lighthouseVersion;
      return { result, core: busiestMainThread(before, rendererMainThreads()) };
    }
    lastError = result?.lhr.runtimeError?.message ?? 'Lighthouse returned nothing';
    console.log(`  ${route.path}: ${lastError} (attempt ${attempt} of ${ATTEMPTS_PER_RUN})`);
  }
  throw new Error(`${route.path}: ${lastError}`);
}

async function measure(
  page: Page,
  route: PortalRoute,
  signedIn: boolean,
  origin = baseUrl,
): Promise<RouteResult> {
  const noScript = origin === noScriptUrl;
  const all: RunMetrics[] = [];
  for (let run = 1; run <= runs; run += 1) {
    // Lighthouse clears the HTTP cache and caches of the origin before loading (a cold visit);
    // cookies and localStorage stay, so a signed-in customer stays signed in.
    const { result, core } = await lighthouseRun(page, route, origin);
    const lhr = result.lhr;
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== route.path) throw new Error(`${route.path} ended at ${finalPath}`);
    const metrics = metricsOf(result, core);
    all.push(metrics);
    const name = `${(route.path.replace(/[^A-Za-z0-9]+/g, '_') || 'root') + (noScript ? '-no-js' : '')}-${run}`;
    if (args.lhr) {
      mkdirSync(resolve(args.lhr), { recursive: true });
      writeFileSync(join(resolve(args.lhr), `${name}.json`), JSON.stringify(lhr));
    }
    if (args.trace) {
      mkdirSync(resolve(args.trace), { recursive: true });
      writeFileSync(join(resolve(args.trace), `${name}.json`), JSON.stringify(result.artifacts.Trace));
    }
    console.log(
      `  ${route.path}${noScript ? ' without JavaScript' : ''} run ${run}/${runs}: performance ${metrics.performance}, LCP ${Math.round(metrics.lcp)} ms`,
    );
  }
  return { route: route.path, signedIn, runs, ...medianOf(all) };
}

function table(results: RouteResult[]): string {
  const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const rows = results.map((r) =>
    [
      `\`${r.route}\`${r.signedIn ? ' (signed in)' : ''}`,
      r.performance,
      r.accessibility,
      r.bestPractices,
      r.seo,
      seconds(r.fcp),
      seconds(r.lcp),
      `${Math.round(r.tbt)} ms`,
      r.cls.toFixed(3),
      kib(r.bytes),
    ].join(' | '),
  );
  return [
    '| route | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | bytes |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** Milliseconds for a table cell; n/a where a figure could not be read (no /proc off Linux). */
const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${Math.round(value)} ms`);

/** The floor: each such route without its scripts, beside the same route as it ships. */
function floorTable(floor: RouteResult[], results: RouteResult[]): string {
  return [
    '| route | without JavaScript: performance | TBT | FCP | LCP | as it ships: performance | TBT |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...floor.map((r) => {
      const shipped = results.find((result) => result.route === r.route && !result.signedIn);
      return `| \`${r.route}\` | ${r.performance} | ${ms(r.tbt)} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${shipped?.performance ?? 'n/a'} | ${shipped ? ms(shipped.tbt) : 'n/a'} |`;
    }),
  ].join('\n');
}

/** A second table, so that the first keeps its columns: how long the page's main thread waited. */
function mainThreadTable(results: RouteResult[]): string {
  return [
    '| route | main thread after FCP, wall | of it on the CPU | wall ÷ CPU | blocking at 4 × CPU | whole run: on a CPU | waiting for one |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| \`${r.route}\` | ${ms(r.mainThreadWall)} | ${ms(r.mainThreadCpu)} | ${r.wallToCpu.toFixed(2)} | ${ms(r.cpuBlocking)} | ${ms(r.runQueueCpu)} | ${ms(r.runQueueWait)} |`,
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const wanted = args.routes?.split(',').map((path) => path.trim());
  const routes = portalRoutes.filter((route) => !wanted || wanted.includes(route.path));
  const visitorRoutes = routes.filter((route) => route.access !== 'loginRequired');
  const memberRoutes = routes.filter((route) => route.access === 'loginRequired');
  const floorPaths = (args['floor-routes'] ?? '').split(',').map((path) => path.trim());
  const floorRoutes = visitorRoutes.filter((route) => floorPaths.includes(route.path));

  if (!args['no-build'] && !args.dist) build();
  const dataDir = mkdtempSync(join(tmpdir(), 'gridfront-bench-web-'));
  // A copy of the build, so that another build in the work tree during the run changes nothing.
  const portalDist = join(dataDir, 'portal');
  cpSync(args.dist ? resolve(args.dist) : join(repoRoot, 'apps/portal/dist'), portalDist, {
    recursive: true,
  });
  const server = await startServer(join(dataDir, 'db'), portalDist);
  const proxy = floorRoutes.length > 0 ? await startNoScriptProxy(baseUrl, port + 1) : null;
  const chromeFlags = [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    ...(args['chrome-flags']?.split(/\s+/).filter(Boolean) ?? []),
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags,
  });
  const started = new Date();
  const results: RouteResult[] = [];
  const floor: RouteResult[] = [];
  let chromium = '';
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    chromium = await browser.version();
    const page = await browser.newPage();
    // Visitors first: signing in changes what the visitor-only pages do (they send you home).
    for (const route of visitorRoutes) results.push(await measure(page, route, false));
    // Before signing in: the proxy's origin differs only in its port, and cookies ignore ports.
    for (const route of floorRoutes) floor.push(await measure(page, route, false, noScriptUrl));
    if (memberRoutes.length > 0) {
      await signIn(page);
      for (const route of memberRoutes) results.push(await measure(page, route, true));
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    proxy?.close();
    server.kill('SIGTERM');
    await new Promise((done) => (server.exitCode === null ? server.once('exit', done) : done(undefined)));
    rmSync(dataDir, { recursive: true, force: true });
  }

  const output = resolve(repoRoot, args.out);
  mkdirSync(resolve(output, '..'), { recursive: true });
  const report = {
    date: started.toISOString(),
    lighthouse: `${lighthouseVersion}, mobile defaults (simulated throttling)`,
    benchmarkIndex: Math.round(median(benchmarkIndexes)),
    chromium,
    chromeFlags,
    runsPerRoute: runs,
    statistic: 'median of each column over the runs',
    results,
    // The same routes' first view with every script taken out (bench-web-no-script.ts).
    withoutJavaScript: floor,
  };
  writeFileSync(output, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nLighthouse ${lighthouseVersion}, mobile, median of ${runs} runs, ${started.toISOString().slice(0, 10)}`,
  );
  console.log(`${chromium} ${chromeFlags.join(' ')}, benchmarkIndex ${report.benchmarkIndex}\n`);
  console.log(table(results));
  console.log(
    "\nThe page's main thread in the observed load (before simulation), median of the runs. Lighthouse" +
      " multiplies each task's wall time by 4; a wall ÷ CPU well above 1 is time spent waiting for a" +
      " core of this machine, which it multiplies too. The last two columns are the kernel's account" +
      ' of that thread over the whole Lighthouse run, axe and its other checks included (/proc' +
      ' schedstat): time on a CPU, and time ready to run but waiting for one.\n',
  );
  console.log(mainThreadTable(results));
  if (floor.length > 0) {
    console.log(
      '\nThe floor: the same first view without JavaScript (a proxy in front of the server takes every' +
        ' script out of the page; stylesheets, fonts and images as they ship), median of the runs. Its' +
        " TBT is what this machine gives a page with nothing to run; a route's TBT above it is what" +
        " the portal's code adds.\n",
    );
    console.log(floorTable(floor, results));
  }
  console.log(`\nWritten to ${args.out}`);
}

main().catch((error: unknown) => {
  console.error('bench:web failed:', error);
  process.exit(1);
});
