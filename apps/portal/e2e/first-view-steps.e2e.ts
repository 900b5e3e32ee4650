// The first view of the steps of a flow and of the hosted checkout (issue 7, entry-server.tsx): a URL
// opened afresh comes drawn from the server as the page draws it without the state the page before
// hands over (/emailVerify's form without a username named, /twoFactorAuth's "start again" without
// its pending login, /createProfile's form, the checkout before its payment is read); the app
// hydrates it (the server's nodes stay), nothing moves, axe finds nothing. A step reloaded with
// the router's state shows the plain frame and the app draws the step with its state.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { connectBrowser, hasChromium, openPage } from './support/browser.ts';
import { keepServerNodes, serverNodesKept, shoot } from './support/first-view.ts';

/**
 * Records as the document is parsed whether the first frame shows the server's view or the plain
 * frame, and the sum of the layout shifts (CLS as the browser counts it).
 */
async function watchFirstView(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number; firstFrame: unknown; preview: string | null };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) w.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      // What the shell's inline script decided in <head>: "off" shows the plain frame.
      w.preview = document.documentElement.getAttribute('data-gf-preview');
      requestAnimationFrame(() => {
        const shown = (selector: string) => {
          const element = document.querySelector(selector);
          return element !== null && getComputedStyle(element).display !== 'none';
        };
        w.firstFrame = { view: shown('.gf-first-view'), frame: shown('.gf-frame-alt') };
      });
    });
  });
}

const watched = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { shifts: number; firstFrame: unknown; preview: string | null };
    return { preview: w.preview, firstFrame: w.firstFrame, shifts: w.shifts };
  });

const untilAppRuns = (page: Page) => page.locator('.gf-first-view').first().waitFor({ state: 'detached' });

describe.runIf(hasChromium)('the first view of the steps of a flow and of the checkout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const steps = [
    { path: '/emailVerify', title: 'Email Verification', shows: (page: Page) => page.getByLabel('Username') },
    {
      path: '/twoFactorAuth',
      title: 'Two-Factor Authentication',
      shows: (page: Page) => page.getByRole('link', { name: 'Back to login' }),
    },
    { path: '/createProfile', title: 'Create Profile', shows: (page: Page) => page.getByLabel('ZIP code') },
    {
      path: '/pay/checkout',
      title: 'Make a Payment',
      shows: (page: Page) => page.getByRole('heading', { name: 'This payment link cannot be used' }),
    },
  ];

  it.each(steps)(
    'hydrates $path opened afresh, at 390 px: no shift, axe clean',
    async ({ path, title, shows }) => {
      const { context, page, problems } = await openPage(browser, {
        width: 390,
        height: 844,
        firstView: 'keep',
      });
      await watchFirstView(page);
      await keepServerNodes(page, 'h1, main');
      await page.goto(path);
      await untilAppRuns(page);
      await shows(page).waitFor();
      // Settled: what the page draws after the start (the checkout's answer to no token) is drawn.
      await page.waitForTimeout(500);
      const seen = await watched(page);
      expect(seen.preview).toBe(null);
      expect(seen.firstFrame).toEqual({ view: true, frame: false });
      const kept = await serverNodesKept(page);
      expect(kept.count).toBeGreaterThanOrEqual(2);
      expect(kept.connected).toBe(kept.count);
      // Nothing drawn first moves (a font arriving late may move a line by a hair).
      expect(seen.shifts).toBeLessThan(0.005);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(await page.locator('#root [inert], #root .gf-frame').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `${path.replace(/\W+/g, '-').slice(1)}-390`);
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
      await context.close();
    },
  );

  it('works once hydrated: typing, and the route change moves focus to the new page’s heading', async () => {
    const { context, page, problems } = await openPage(browser, { width: 1280 });
    await page.goto('/emailVerify');
    const code = page.getByLabel('Verification code');
    await code.fill('123456');
    expect(await code.inputValue()).toBe('123456');
    await page.goto('/twoFactorAuth');
    await page.getByRole('link', { name: 'Back to login' }).click();
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Login');
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the plain frame for a step reloaded with its state, then the step with that state', async () => {
    const { context, page, problems } = await openPage(browser, {
      width: 390,
      height: 844,
      firstView: 'keep',
    });
    await page.goto('/twoFactorAuth');
    await untilAppRuns(page);
    // As the login page hands over a pending login (react-router's history state), then a reload.
    await page.evaluate(() =>
      history.replaceState({ usr: { pendingToken: 'pending-login' }, key: 'step', idx: 0 }, ''),
    );
    await watchFirstView(page);
    await keepServerNodes(page, 'h1, main');
    await page.reload();
    await page.getByLabel('Two-factor code').waitFor();
    const seen = await watched(page);
    // The view was turned off in <head>, before the first frame (the app may already have drawn the
    // step by that frame: without a view to wait for, the entry is inserted at once).
    expect(seen.preview).toBe('off');
    expect((await serverNodesKept(page)).connected).toBe(0);
    expect(await page.getByRole('link', { name: 'Back to login' }).count()).toBe(0);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
