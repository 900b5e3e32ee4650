// The visitor routes' first view comes rendered from the server (issue 7, app-shell.ts and
// src/entry-server.tsx): with JavaScript blocked the page's content is there, inert (a form the
// browser submitted itself would put the password in the URL); the shell's inline script, allowed by
// its CSP hash, hides it for a browser with a session; with JavaScript the app replaces it and works.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hasChromium, launchBrowser, openPage } from './support/browser.ts';

const shots = resolve(import.meta.dirname, '../../../screenshots/ssr');

/** Stops the portal's own scripts (the entry and its chunks): the shell's inline script still runs. */
async function blockPortalScripts(page: Page): Promise<void> {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: resolve(shots, `${name}.png`), fullPage: false });
}

describe.runIf(hasChromium)('the first view rendered on the server', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
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
      await shoot(page, `home-no-js-${width}`);

      await page.goto('/login');
      expect(await page.locator('.gf-first-view[inert] h1').textContent()).toBe('Login');
      const username = page.locator('.gf-first-view input[name="username"]');
      const password = page.locator('.gf-first-view input[name="password"]');
      expect(await username.isVisible()).toBe(true);
      expect(await password.isVisible()).toBe(true);
      await shoot(page, `login-no-js-${width}`);
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
      await shoot(page, `login-js-${width}`);
      await page.goto('/home');
      await page.locator('.gf-first-view').waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await shoot(page, `home-js-${width}`);
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
      await context.close();
    }
  });
});
