// My Account end to end, in Chromium against the built portal and server: maria.garcia signs in
// (once for the file) and lands
// on the dashboard, which shows the amount due the API answers (the same Account Information shows),
// Quick Stats per utility, AutoPay, recent usage and the open service requests; a panel whose call
// fails (intercepted here) shows a retry while the others show, and comes back on retry; axe finds
// nothing in any theme, and nothing is wider than a phone. Read-only: her data stays as it was.
import { THEME_IDS } from '@gridfront/contracts';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { connectBrowser, hasChromium, openPage } from './support/browser.ts';
import { MARIA } from './support/logins.ts';
import { FileSession } from './support/session.ts';

const money = (cents: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(cents / 100);

function answerOf(page: Page, path: string, body = ''): Promise<Response> {
  return page.waitForResponse(
    (response) => response.url().endsWith(path) && (response.request().postData() ?? '').includes(body),
  );
}

const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

/** Every panel has drawn its data (or its empty state): nothing is loading any more. */
async function panelsSettled(page: Page) {
  await region(page, 'Amount due').getByTestId('dashboard-amount-due').waitFor();
  await region(page, 'Quick Stats').getByRole('listitem').first().waitFor();
  await region(page, 'Recent usage').getByRole('img').waitFor();
  await expect.poll(() => page.locator('main [role="status"]').count()).toBe(0);
}

describe.skipIf(!hasChromium)('My Account', () => {
  let browser: Browser;
  const customer = new FileSession(MARIA);
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lands the customer on the dashboard with the amount due of the API and every panel', async () => {
    const { context, page, problems } = await openPage(browser, { width: 1280 });
    const userDetails = answerOf(page, '/oracle/getUserDetails');
    const billDetails = answerOf(page, '/oracle/getBillDetails');
    const requests = answerOf(page, '/oracle/toDoList');
    await customer.signIn(page);
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    // Focus moves to the dashboard's heading and stays there while the panels load (issue 7).
    await panelsSettled(page);
    await expect
      .poll(() =>
        page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`),
      )
      .toBe('H1 My Account');
    const account = (await (await userDetails).json()).accounts[0];
    const details = await (await billDetails).json();

    const amount = region(page, 'Amount due');
    await expect
      .poll(() => amount.getByTestId('dashboard-amount-due').textContent())
      .toBe(money(Math.abs(account.balanceCents)));
    await amount.getByText(`Account ${account.accountNumber}`, { exact: true }).waitFor();
    expect(await amount.getByRole('button', { name: 'Pay my Bill' }).isVisible()).toBe(true);

    // A tile per utility of the latest bill, in the API's order.
    const tiles = region(page, 'Quick Stats').getByRole('listitem');
    await tiles.first().waitFor();
    expect(
      await tiles.evaluateAll((items) => items.map((item) => item.getAttribute('data-utility'))),
    ).toEqual(details.quickStats.map((stat: { utilityType: string }) => stat.utilityType));

    // AutoPay as it stands, or its benefits.
    await region(page, account.autopay ? 'AutoPay' : 'Autopay benefits').waitFor();

    // Recent usage: a bar per bill period of the last year, and the latest billed period in words.
    const usage = region(page, 'Recent usage');
    const bars = usage.getByRole('img', { name: /^Electricity use of the last \d+ bill periods, in kWh$/ });
    await bars.waitFor();
    expect(await bars.locator('rect').count()).toBeGreaterThanOrEqual(12);
    await usage.getByText(/^\w+ \d{4}: [\d,.]+ kWh$/).waitFor();

    // The open requests the API lists (none in a fresh demo: no flow files one for this customer).
    const list = (await (await requests).json()).requests as { referenceNumber: string; status: string }[];
    const open = list.filter((item) => item.status === 'submitted' || item.status === 'in_progress');
    const requestsPanel = region(page, 'Open service requests');
    if (open.length === 0) await requestsPanel.getByText('You have no open service requests.').waitFor();
    else await requestsPanel.getByText(open[0]?.referenceNumber ?? '').waitFor();

    const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' });
    for (const name of ['View my Account', 'Start / Stop Service', 'Usage', 'Settings'])
      expect(await shortcuts.getByRole('link', { name }).isVisible(), name).toBe(true);

    await panelsSettled(page);
    expect(await axeViolations(page)).toEqual([]);

    // Account Information shows the same amount.
    const dashboardAmount = await amount.getByTestId('dashboard-amount-due').textContent();
    await shortcuts.getByRole('link', { name: 'View my Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account Information' }).waitFor();
    await expect.poll(() => page.getByTestId('amount-due').textContent()).toBe(dashboardAmount);

    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedResponses).toEqual([]);
    await context.close();
  });

  it('at phone width, shows a retry on the panel whose call fails while the others show', async () => {
    const { context, page, problems } = await customer.openPage(browser, { width: 390, height: 844 });
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    await panelsSettled(page);

    // Usage answers 500 from now on; the bill and the rest answer as before.
    await page.route('**/api/oracle/transactionDetails', async (route) => {
      if ((route.request().postData() ?? '').includes('"type":"usage"')) {
        await route.fulfill({
          status: 500,
          json: { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' },
        });
      } else await route.continue();
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    const usage = region(page, 'Recent usage');
    await usage.getByRole('alert').waitFor();
    expect(await usage.getByRole('alert').textContent()).toContain('could not be loaded');
    await region(page, 'Amount due').getByTestId('dashboard-amount-due').waitFor();
    await region(page, 'Quick Stats').getByRole('listitem').first().waitFor();
    expect(await page.getByRole('alert').count()).toBe(1);

    // Nothing wider than the phone; nothing for axe, failure included.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);

    // The retry asks again, and this time the server answers.
    await page.unroute('**/api/oracle/transactionDetails');
    const again = answerOf(page, '/oracle/transactionDetails', '"type":"usage"');
    await usage.getByRole('button', { name: 'Try again' }).click();
    expect((await again).status()).toBe(200);
    await usage.getByRole('img').waitFor();
    expect(await usage.getByRole('alert').count()).toBe(0);

    // Tamil's long words still fit the phone.
    await page.evaluate(() => localStorage.setItem('language', 'ta'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'என் கணக்கு' }).waitFor();
    await region(page, 'சமீபத்திய பயன்பாடு').getByRole('img').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);

    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it('stays accessible in every theme', async () => {
    const { context, page } = await customer.openPage(browser, { width: 1280 });
    await panelsSettled(page);
    const picker = page.getByLabel(/theme/i).first();
    for (const themeId of THEME_IDS) {
      await picker.selectOption(themeId);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(themeId);
      await expect.poll(() => axeViolations(page), { message: `axe in theme ${themeId}` }).toEqual([]);
    }
    await context.close();
  });
});
