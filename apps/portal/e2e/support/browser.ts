// Drives Debian's Chromium through playwright-core. Test tools may not download browsers here,
// so the executable comes from CHROMIUM_PATH or /usr/bin/chromium (chromium.ts). One Chromium serves
// the whole run (global-setup.ts launches it); each file connects to it and gets its own contexts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumPath, hasChromium } from './chromium.ts';
import { signInRecorder } from './sign-in-log.ts';

export { chromiumPath, hasChromium };

if (!hasChromium) {
  console.warn(
    `\n!!! END-TO-END TESTS SKIPPED: no Chromium at ${chromiumPath}. Install Debian's chromium package or set CHROMIUM_PATH. !!!\n`,
  );
}

export const baseUrl = (): string => inject('baseUrl');

/**
 * The run's Chromium, for this file: its contexts are this file's own, and `close()` closes them and
 * lets go of the browser (which stays up for the next file; the global setup's teardown ends it).
 */
export async function connectBrowser(): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  if (!endpoint) throw new Error('the global setup started no Chromium');
  return chromium.connect(endpoint);
}

/** This process's folder of downloads, removed when it exits. */
let downloads: string | undefined;

/**
 * A local copy of a download: the browser runs in another process, so its own path is not ours to
 * read (Download.path() refuses on a connected browser).
 */
export async function downloadedFile(download: Download): Promise<string> {
  if (!downloads) {
    const folder = mkdtempSync(join(tmpdir(), 'gridfront-e2e-downloads-'));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    downloads = folder;
  }
  const path = join(mkdtempSync(join(downloads, 'download-')), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  /** Responses of 400 and above, as "status url", so a failed load names what failed. */
  failedResponses: string[];
}

/** What a browser context keeps of a session: its cookies and localStorage. */
export type StoredSession = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
}

/**
 * Waits until the portal's app has replaced the server's first view of a route (issue 7:
 * apps/server/src/plugins/app-shell.ts). That view is inert: a test that typed or tabbed into it
 * would act on a page a customer sees but cannot use yet. Immediate when the page has none.
 */
export async function untilAppRuns(page: Page): Promise<void> {
  // A standalone route's shell holds two views (a visitor's and a customer's): both go together.
  await page.locator('.gf-first-view').first().waitFor({ state: 'detached', timeout: 15_000 });
}

/**
 * A fresh context at a viewport (no storage, or the stored session given), recording console
 * errors, CSP reports and crashes, and each sign-in attempt for the run's table (sign-in-log.ts).
 * Its page.goto returns once the app runs (untilAppRuns); `firstView: 'keep'` is for a test that
 * looks at the server's first view itself.
 */
export async function openPage(
  browser: Browser,
  options: {
    width?: number;
    height?: number;
    locale?: string;
    storageState?: StoredSession;
    firstView?: 'wait' | 'keep';
  } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: options.locale ?? 'en-US',
    // axe measures colours as they are painted: no transition may be caught half-way.
    reducedMotion: 'reduce',
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  const recordSignIn = signInRecorder();
  context.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/auth/login') return;
    const body = request.postDataJSON() as { username?: unknown } | null;
    recordSignIn(typeof body?.username === 'string' ? body.username : '(none)');
  });
  const page = await context.newPage();
  if (options.firstView !== 'keep') {
    const goto = page.goto.bind(page);
    page.goto = async (url, gotoOptions) => {
      const response = await goto(url, gotoOptions);
      await untilAppRuns(page);
      return response;
    };
  }
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], failedResponses: [] };
  page.on('response', (response) => {
    if (response.status() >= 400) problems.failedResponses.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  return { context, page, problems };
}

/**
 * Signs in through the real Login page. A user's sign-ins are limited: pick the file's customer in
 * logins.ts, and sign in once per file with session.ts.
 */
export async function signIn(page: Page, username = 'demo', password = 'Demo@12345'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await page.waitForURL('**/home');
}
