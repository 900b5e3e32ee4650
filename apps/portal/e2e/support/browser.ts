// Drives Debian's Chromium through playwright-core. Test tools may not download browsers here,
// so the executable comes from CHROMIUM_PATH or /usr/bin/chromium.
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);
if (!hasChromium) {
  console.warn(
    `\n!!! END-TO-END TESTS SKIPPED: no Chromium at ${chromiumPath}. Install Debian's chromium package or set CHROMIUM_PATH. !!!\n`,
  );
}

export const baseUrl = (): string => inject('baseUrl');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  /** Responses of 400 and above, as "status url", so a failed load names what failed. */
  failedResponses: string[];
}

/** A fresh context (no storage) at a viewport, recording console errors, CSP reports and crashes. */
export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: options.locale ?? 'en-US',
    // axe measures colours as they are painted: no transition may be caught half-way.
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
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

/** Signs in through the real Login page. */
export async function signIn(page: Page, username = 'demo', password = 'Demo@12345'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await page.waitForURL('**/home');
}
