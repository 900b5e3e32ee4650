// `npm run bench:chart [-- --port 8093 --loads 5 --zooms 10 --no-build]`: builds the usage chart's
// bench page (apps/portal/bench/chart, apart from the portal build), serves it, opens it in
// Debian's Chromium and prints, from the page's Performance API, the time to the first draw of a
// year of 15-minute points (median of the loads) and of a drag zoom and its reset (median of the
// zooms). Target: first draw under 300 ms.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../apps/portal/e2e/support/chromium.ts';

const { values: options } = parseArgs({
  options: {
    port: { type: 'string', default: '8093' },
    loads: { type: 'string', default: '5' },
    zooms: { type: 'string', default: '10' },
    'no-build': { type: 'boolean', default: false },
  },
});
const port = Number(options.port);
const loads = Number(options.loads);
const zooms = Number(options.zooms);
const harnessRoot = resolve(import.meta.dirname, '../apps/portal/bench/chart');
const outDir = join(tmpdir(), 'gridfront-bench-chart');
const DRAW_TARGET_MS = 300;

interface LoadResult {
  points: number;
  drawMs: number;
  loadToDrawMs: number;
  paintedSamples: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
// The median is the figure; the fastest run shows the cost on a quiet moment of a shared machine.
const row = (values: number[]) => ({
  median: ms(median(values)),
  fastest: ms(Math.min(...values)),
  runs: values.map(ms).join(', '),
});

if (!options['no-build'] || !existsSync(join(outDir, 'index.html'))) {
  await build({
    configFile: false,
    root: harnessRoot,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};
const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
  const file = join(outDir, path === '/' ? 'index.html' : path);
  if (!file.startsWith(outDir) || !existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  response.end(readFileSync(file));
});
await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));

// Debian's Chromium as the end-to-end tests start it (CHROMIUM_PATH or /usr/bin/chromium).
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const url = `http://127.0.0.1:${port}/`;
  const results: LoadResult[] = [];
  let page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  for (let load = 0; load < loads; load++) {
    if (load > 0) {
      await page.close();
      page = await context.newPage();
    }
    await page.goto(url);
    await page.waitForFunction(() => window.chartBench !== undefined, null, { timeout: 60_000 });
    results.push((await page.evaluate(() => window.chartBench)) as LoadResult);
  }

  const over = page.locator('.u-over');
  const box = await over.boundingBox();
  if (!box) throw new Error('the chart has no plot area');
  const zoomTimes: number[] = [];
  const resetTimes: number[] = [];
  for (let zoom = 0; zoom < zooms; zoom++) {
    await page.evaluate(() => window.chartArmZoom?.());
    const y = box.y + box.height / 2;
    // A different fortnight or so each time, about a twentieth of the year.
    const from = box.x + box.width * (0.1 + 0.07 * zoom);
    await page.mouse.move(from, y);
    await page.mouse.down();
    await page.mouse.move(from + box.width * 0.025, y, { steps: 4 });
    await page.mouse.move(from + box.width * 0.05, y, { steps: 4 });
    await page.mouse.up();
    zoomTimes.push(await page.evaluate(() => window.chartZoomMs ?? Promise.reject(new Error('not armed'))));
    await page.getByRole('button', { name: 'Reset zoom' }).waitFor();
    resetTimes.push(
      await page.evaluate(() => window.chartReset?.() ?? Promise.reject(new Error('no reset'))),
    );
  }
  await page.close();

  const first = results[0];
  const drawMedian = median(results.map((one) => one.drawMs));
  const [load1] = loadavg();
  console.log(
    `\nUsage chart, ${first?.points.toLocaleString('en')} points × 3 series, 365 peak bands, 1280 × 800, ` +
      `Chromium; load average ${load1?.toFixed(1)} on ${cpus().length} cores`,
  );
  console.table({
    'first draw (render → drawn)': row(results.map((one) => one.drawMs)),
    'navigation → drawn': row(results.map((one) => one.loadToDrawMs)),
    'zoom (mouse-up → redrawn)': row(zoomTimes),
    'reset zoom (click → redrawn)': row(resetTimes),
  });
  const painted = Math.min(...results.map((one) => one.paintedSamples));
  console.log(
    `canvas painted in every load: ${painted > 0 ? 'yes' : 'NO'} (at least ${painted} sampled pixels)`,
  );
  console.log(`first draw target < ${DRAW_TARGET_MS} ms: ${drawMedian < DRAW_TARGET_MS ? 'met' : 'MISSED'}`);
  if (painted === 0) process.exitCode = 1;
} finally {
  await browser.close();
  server.close();
}
