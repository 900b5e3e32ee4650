// Keyboard alone (issue 7): from Home, sign in, open Account Information and Settings through My
// Account, and sign out, pressing only Tab, Shift+Tab, Enter and typing; after each step focus must
// be somewhere sensible (the skip link first, then the new page's heading), never lost to the body.
// Signs in as maria.garcia (support/logins.ts) and changes nothing.
import { HOME_TITLE } from '@gridfront/contracts/constants';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, hasChromium, openPage } from './support/browser.ts';
import { MARIA } from './support/logins.ts';

/** What has focus: tag, accessible-ish name and, for a heading, its level. */
function focused(page: Page): Promise<{ tag: string; text: string; name: string | null }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName ?? '',
      text: (element?.innerText ?? '').trim().slice(0, 80),
      name: element?.getAttribute('name') ?? null,
    };
  });
}

/** Presses Tab until the focused element matches; fails after `limit` presses. */
async function tabTo(page: Page, matches: (f: Awaited<ReturnType<typeof focused>>) => boolean, limit = 60) {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (matches(now)) return now;
  }
  throw new Error(`Tab never reached the element; focus is on ${JSON.stringify(await focused(page))}`);
}

async function headingFocused(page: Page, text: string) {
  await expect.poll(() => focused(page), { timeout: 10_000 }).toEqual({ tag: 'H1', text, name: null });
}

describe.skipIf(!hasChromium)('keyboard only', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in, moves through My Account and signs out, with focus on each new page’s heading', async () => {
    const { context, page, problems } = await openPage(browser, { width: 1280 });
    await page.goto('/home');
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The first Tab reaches the skip link.
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Skip to main content');

    // Login from the header: focus lands on the Login page's heading.
    await tabTo(page, (f) => f.tag === 'A' && f.text === 'Login');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    await headingFocused(page, 'Login');

    // The form by keyboard: username, password, Enter.
    await tabTo(page, (f) => f.name === 'username');
    await page.keyboard.type(MARIA.username);
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('password');
    await page.keyboard.type(MARIA.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/home');
    // A signed-in customer's /home is My Account (issue 10).
    await headingFocused(page, 'My Account');

    // My Account → Account Info.
    await tabTo(page, (f) => f.tag === 'BUTTON' && f.text.startsWith('My Account'));
    await page.keyboard.press('Enter');
    await tabTo(page, (f) => f.tag === 'A' && f.text === 'Account Info');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/accountInfo');
    await headingFocused(page, 'Account Information');

    // My Account → Settings (the link disappears with the menu; focus must not fall to the body).
    await page.keyboard.press('Shift+Tab');
    await tabTo(page, (f) => f.tag === 'BUTTON' && f.text.startsWith('My Account'));
    await page.keyboard.press('Enter');
    await tabTo(page, (f) => f.tag === 'A' && f.text === 'Settings');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/settings');
    await headingFocused(page, 'Settings');

    // Logout: back on Home, focus on its heading.
    await tabTo(page, (f) => f.text === 'Logout');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
    await headingFocused(page, HOME_TITLE);

    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
