// The routes' first view comes rendered from the server (issue 7, app-shell.ts and
// src/entry-server.tsx): with JavaScript blocked the page's content is there, inert (a form the
// browser submitted itself would put the password in the URL); the shell's inline script, allowed by
// its CSP hash, hides a visitor's view for a browser with a session, and shows the signed-in
// customer's view of a login-required or standalone route only to a browser with one; with
// JavaScript the app replaces it and works.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { baseUrl, connectBrowser, hasChromium, openPage } from './support/browser.ts';
import { keepServerNodes, serverNodesKept, shoot } from './support/first-view.ts';
import { MARIA } from './support/logins.ts';
import { FileSession } from './support/session.ts';

/** Stops the portal's own scripts (the entry and its chunks): the shell's inline script still runs. */
async function blockPortalScripts(page: Page): Promise<void> {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
}

/**
 * Records, in the page's first frame (the stylesheet applied, the app not run yet: the inline script
 * inserts the entry only after that frame), which of the server's views and the frame are shown.
 */
async function recordFirstFrame(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      requestAnimationFrame(() => {
        const shown = (selector: string) => {
          const element = document.querySelector(selector);
          return element !== null && getComputedStyle(element).display !== 'none';
        };
        (window as unknown as { firstFrame: unknown }).firstFrame = {
          visitor: shown('.gf-first-view:not([data-gf-for])'),
          session: shown('.gf-first-view[data-gf-for="session"]'),
          frame: shown('.gf-frame-alt'),
          heading: document.querySelector('.gf-first-view[data-gf-for="session"] h1')?.textContent ?? null,
          app: document.querySelector('#root > :not(.gf-frame):not(.gf-first-view)') !== null,
        };
      });
    });
  });
}

const firstFrame = (page: Page) =>
  page
    .waitForFunction(() => (window as unknown as { firstFrame?: unknown }).firstFrame)
    .then((handle) => handle.jsonValue());

describe.runIf(hasChromium)('the first view rendered on the server', () => {
  const session = new FileSession(MARIA);
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows /home and /login with JavaScript blocked, and the login form cannot be submitted', async () => {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width, height: 900 },
        locale: 'en-US',
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      await page.goto('/home');
      const hero = page.locator('.gf-first-view h1');
      expect(await hero.isVisible()).toBe(true);
      expect(await hero.textContent()).toBe('The AI Accelerator for the Energy & Utility Industry');
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      await shoot(page, `home-no-js-${width}`, { fullPage: false });

      await page.goto('/login');
      expect(await page.locator('.gf-first-view[inert] h1').textContent()).toBe('Login');
      const username = page.locator('.gf-first-view input[name="username"]');
      const password = page.locator('.gf-first-view input[name="password"]');
      expect(await username.isVisible()).toBe(true);
      expect(await password.isVisible()).toBe(true);
      await shoot(page, `login-no-js-${width}`, { fullPage: false });
      // Inert: a click does not focus the fields, typing goes nowhere, Enter and the button submit nothing.
      await username.click({ force: true });
      await page.keyboard.type('demo');
      await password.click({ force: true });
      await page.keyboard.type('Demo@12345');
      await page.keyboard.press('Enter');
      await page.locator('.gf-first-view main button[type="submit"]').click({ force: true });
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
      expect(page.url()).toBe(`${baseUrl()}/login`);
      expect(await username.inputValue()).toBe('');
      expect(await password.inputValue()).toBe('');
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await context.close();
    }
  });

  it('speaks the language the shell chose for the browser, with <html lang> to match', async () => {
    const { context, page, problems } = await openPage(browser, { locale: 'es-ES', firstView: 'keep' });
    await blockPortalScripts(page);
    await page.goto('/home');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.locator('.gf-first-view h1').textContent()).toBe(
      'El acelerador de IA para la industria de la energía y los servicios públicos',
    );
    // The inline script ran under the CSP (no refusal) and left the view on for a visitor.
    expect(await page.locator('html').getAttribute('data-gf-preview')).toBeNull();
    expect(problems.consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    await context.close();
  });

  it('shows a browser with a session the plain frame, never the visitor Home, before the app runs', async () => {
    const { context, page, problems } = await openPage(browser, { firstView: 'keep' });
    await blockPortalScripts(page);
    await page.goto('/privacy');
    await page.evaluate(() => localStorage.setItem('isLogin', 'true'));
    await page.goto('/home');
    expect(await page.locator('html').getAttribute('data-gf-preview')).toBe('off');
    expect(await page.locator('.gf-first-view').isVisible()).toBe(false);
    expect(await page.locator('.gf-frame-alt').isVisible()).toBe(true);
    // A saved language other than the page's turns it off too (a visitor, no session).
    await page.evaluate(() => {
      localStorage.removeItem('isLogin');
      localStorage.setItem('language', 'de');
    });
    await page.goto('/home');
    expect(await page.locator('.gf-first-view').isVisible()).toBe(false);
    await page.evaluate(() => localStorage.removeItem('language'));
    await page.goto('/home');
    expect(await page.locator('.gf-first-view').isVisible()).toBe(true);
    expect(problems.consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    await context.close();
  });

  it('replaces the server markup with the working app when JavaScript runs', async () => {
    for (const width of [1280, 390]) {
      const { context, page, problems } = await openPage(browser, { width, firstView: 'keep' });
      await page.goto('/login');
      await page.locator('.gf-first-view').waitFor({ state: 'detached' });
      const username = page.getByLabel('Username');
      await username.fill('demo');
      expect(await username.inputValue()).toBe('demo');
      expect(await page.locator('.gf-frame, .gf-first-view').count()).toBe(0);
      await shoot(page, `login-js-${width}`, { fullPage: false });
      await page.goto('/home');
      await page.locator('.gf-first-view').waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await shoot(page, `home-js-${width}`, { fullPage: false });
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('keeps the place a visitor scrolled to in the server view when the app starts, and scrolls up on a path change', async () => {
    const { context, page, problems } = await openPage(browser, {
      width: 390,
      height: 700,
      firstView: 'keep',
    });
    // The app's entry waits until the visitor has scrolled the server's view of a long page.
    let releaseEntry = () => {};
    const entryHeld = new Promise<void>((resolve) => {
      releaseEntry = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await entryHeld;
      await route.continue();
    });
    await page.goto('/privacy', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
    releaseEntry();
    // The app has started once it has adopted the server's view (and dropped the other).
    await page.waitForFunction(() => document.querySelector('.gf-first-view') === null);
    await page.getByRole('link', { name: 'Terms of Use' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
    // Spec: the page scrolls to the top on every path change.
    await page.getByRole('link', { name: 'Terms of Use' }).click();
    await page.waitForURL('**/terms');
    await page.waitForFunction(() => window.scrollY === 0);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it("shows a signed-in customer's view to a browser with a session, then the app replaces it", async () => {
    for (const width of [1280, 390]) {
      const { context, page, problems } = await session.openPage(browser, { width, firstView: 'keep' });
      await recordFirstFrame(page);
      for (const [path, title] of [
        ['/accountInfo', 'Account Information'],
        ['/usage', 'Usage'],
        ['/settings', 'Settings'],
        ['/net2grid', 'Net2grid'],
      ] as const) {
        await page.goto(path);
        expect(await firstFrame(page)).toEqual({
          visitor: false,
          session: true,
          frame: false,
          heading: title,
          app: false,
        });
        await page.locator('.gf-first-view').first().waitFor({ state: 'detached' });
        expect(page.url()).toBe(`${baseUrl()}${path}`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        expect(await page.locator('.gf-frame, .gf-first-view').count()).toBe(0);
        if (width === 390) await shoot(page, `${path.slice(1)}-signed-in-${width}`, { fullPage: false });
      }
      expect(await axeViolations(page)).toEqual([]);
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('hydrates the view for a browser like the one it was rendered for, and renders afresh otherwise', async () => {
    const { context, page, problems } = await openPage(browser, { width: 390, firstView: 'keep' });
    await keepServerNodes(page, 'h1, header, main');
    await page.goto('/contactus');
    await page.locator('.gf-first-view').waitFor({ state: 'detached' });
    // Hydrated: the server's nodes are the app's, no longer inert, and they work.
    const kept = await serverNodesKept(page);
    expect(kept.count).toBeGreaterThanOrEqual(3);
    expect(kept.connected).toBe(kept.count);
    expect(await page.locator('#root [inert], #root .gf-frame').count()).toBe(0);
    const field = page.getByRole('textbox').first();
    await field.fill('hydrated');
    expect(await field.inputValue()).toBe('hydrated');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Services' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
    await shoot(page, 'contactus-hydrated-390', { fullPage: false });
    // A saved language other than the shell's: the app renders afresh, in the saved language.
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.goto('/contactus');
    await page.locator('.gf-first-view').waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Contáctenos' }).waitFor();
    expect(await serverNodesKept(page)).toMatchObject({ connected: 0 });
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();

    const customer = await session.openPage(browser, { width: 390, firstView: 'keep' });
    await keepServerNodes(customer.page, 'h1, header, main');
    for (const path of ['/usage', '/settings']) {
      await customer.page.goto(path);
      await customer.page.locator('.gf-first-view').first().waitFor({ state: 'detached' });
      const nodes = await serverNodesKept(customer.page);
      expect(nodes.count).toBeGreaterThanOrEqual(3);
      expect(nodes.connected).toBe(nodes.count);
    }
    await shoot(customer.page, 'settings-hydrated-390', { fullPage: false });
    expect(customer.problems.pageErrors).toEqual([]);
    expect(customer.problems.consoleErrors).toEqual([]);
    await customer.context.close();
  });

  it("never shows a customer's view to a visitor, who is sent to /login or asked to sign in", async () => {
    const { context, page, problems } = await openPage(browser, { firstView: 'keep' });
    await recordFirstFrame(page);
    await page.goto('/usage');
    expect(await firstFrame(page)).toMatchObject({ visitor: false, session: false, frame: true });
    await page.waitForURL('**/login');
    await page.locator('.gf-first-view').waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    // A standalone route holds both views: the visitor's shows.
    await page.goto('/gridx');
    expect(await firstFrame(page)).toMatchObject({ visitor: true, session: false, frame: false });
    await page.locator('.gf-first-view').first().waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    await context.close();
  });

  it("with JavaScript blocked, shows the customer's view only with a session", async () => {
    const { context, page } = await openPage(browser, { firstView: 'keep', width: 390 });
    await blockPortalScripts(page);
    await page.goto('/accountInfo');
    expect(await page.locator('html').getAttribute('data-gf-preview')).toBe('off');
    expect(await page.locator('.gf-first-view[data-gf-for="session"]').isVisible()).toBe(false);
    expect(await page.locator('.gf-frame-alt').isVisible()).toBe(true);
    await page.evaluate(() => localStorage.setItem('isLogin', 'true'));
    await page.goto('/accountInfo');
    const view = page.locator('.gf-first-view[data-gf-for="session"][inert]');
    expect(await view.isVisible()).toBe(true);
    expect(await view.locator('h1').textContent()).toBe('Account Information');
    expect(await page.locator('.gf-frame-alt').isVisible()).toBe(false);
    await shoot(page, 'accountInfo-no-js-390', { fullPage: false });
    await context.close();
  });
});
