// Themes and languages switched at run time and restored; browser language mapping; phone width;
// axe-core on Home in every theme; screenshots of Home for a person to look at.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { THEME_IDS } from '@gridfront/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { connectBrowser, hasChromium, openPage } from './support/browser.ts';

const screenshots = resolve(import.meta.dirname, '../../../screenshots');

describe.runIf(hasChromium)('appearance', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
    mkdirSync(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('switches among all nine themes, restores the choice, and stays accessible in each', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/');
    const picker = page.getByLabel(/theme/i).first();
    for (const themeId of THEME_IDS) {
      await picker.selectOption(themeId);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(themeId);
      // Polled: the first check may land before the browser has painted the new tokens; a real
      // violation stays and fails after the poll's timeout.
      await expect.poll(() => axeViolations(page), { message: `axe in theme ${themeId}` }).toEqual([]);
    }
    await picker.selectOption('darkBlue');
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('darkBlue');
    await context.close();
  });

  it('maps the browser language and switches language at run time', async () => {
    for (const [locale, lang] of [
      ['de-DE', 'de'],
      ['es-MX', 'es'],
      ['ta-IN', 'ta'],
      ['fr-FR', 'en'],
    ] as const) {
      const { context, page } = await openPage(browser, { locale });
      await page.goto('/aboutus');
      await expect
        .poll(() => page.evaluate(() => document.documentElement.lang), { message: locale })
        .toBe(lang);
      await context.close();
    }
    const { context, page } = await openPage(browser);
    await page.goto('/');
    const englishNav = await page.getByRole('navigation').first().textContent();
    await page
      .getByLabel(/language/i)
      .first()
      .selectOption('es');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.getByRole('navigation').first().textContent()).not.toBe(englishNav);
    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await context.close();
  });

  it('works on a phone-sized screen with a keyboard-operable menu', async () => {
    const { context, page } = await openPage(browser, { width: 360, height: 780 });
    await page.goto('/');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(360);
    const menu = page.getByRole('button', { name: /menu/i });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    await page
      .getByRole('link', { name: /services/i })
      .first()
      .click();
    await page.waitForURL('**/services');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('takes screenshots of Home in two themes at 1280 px and 390 px', async () => {
    for (const themeId of ['green', 'clearWater'] as const) {
      for (const width of [1280, 390]) {
        const { context, page } = await openPage(browser, { width, height: 900 });
        await context.addInitScript((id) => localStorage.setItem('theme', id), themeId);
        await page.goto('/');
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(themeId);
        // The theme is set before the lazy Home chunk has rendered: wait for the page itself, its
        // images and its fonts, or the picture is of an empty frame.
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const file = resolve(screenshots, `home-${themeId}-${width}.png`);
        const png = await page.screenshot({ path: file, fullPage: true });
        expect(png.byteLength).toBeGreaterThan(10_000);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await context.close();
      }
    }
  });
});
