// Account Information end to end, in Chromium against the built portal and server: the amount due
// the page shows is the one the API answers, the history pages and sorts, the CSV holds every
// filtered row, a bill PDF downloads with the bill's amount in it, and axe finds nothing at desktop
// and phone width. Read-only, as maria.garcia (signed in once for the file): it changes nothing
// another flow relies on.
import { readFileSync } from 'node:fs';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { connectBrowser, downloadedFile, hasChromium, openPage } from './support/browser.ts';
import { scrollToEnd } from './support/layout.ts';
import { MARIA } from './support/logins.ts';
import { FileSession } from './support/session.ts';

const money = (cents: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** The answer of a call; `body` picks one call among several to the same path by its request. */
function answerOf(page: Page, path: string, body = ''): Promise<Response> {
  return page.waitForResponse(
    (response) => response.url().endsWith(path) && (response.request().postData() ?? '').includes(body),
  );
}

describe.skipIf(!hasChromium)('Account Information', () => {
  let browser: Browser;
  const customer = new FileSession(MARIA);
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the amount due of the API, pages and sorts the history, downloads the CSV and a bill PDF', async () => {
    const { context, page, problems } = await openPage(browser, { width: 1280 });
    await customer.signIn(page);
    // Home's own calls are over, so that the answers below are the page's.
    await page.waitForLoadState('networkidle');
    const userDetails = answerOf(page, '/oracle/getUserDetails');
    // The history's first page (the recent-bills card asks for 5 bills at the same time).
    const history = answerOf(page, '/oracle/transactionDetails', '"pageLimit":10');
    await page.goto('/accountInfo');
    await page.getByRole('heading', { level: 1, name: 'Account Information' }).waitFor();
    const account = (await (await userDetails).json()).accounts[0];
    await expect
      .poll(() => page.getByTestId('amount-due').textContent())
      .toBe(money(Math.abs(account.balanceCents)));
    await page.getByRole('heading', { name: 'Quick Stats' }).waitFor();

    // The recent bills and the history are drawn as the reader comes near them.
    await scrollToEnd(page);
    const section = page.getByRole('region', { name: 'Bills and payments' });
    const table = section.getByRole('table');
    await table.locator('tbody tr').first().waitFor();
    const total = (await (await history).json()).totalCount as number;
    expect(total).toBeGreaterThan(10);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(10);
    await expect.poll(() => section.getByText(`1–10 of ${total}`).count()).toBe(1);
    await section.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => section.getByText(`11–20 of ${total}`).count()).toBe(1);

    // Sorting by amount, largest first, starts again at the first page.
    await section.getByRole('button', { name: /^Amount/ }).click();
    const amountHeader = section.getByRole('columnheader', { name: /Amount/ });
    await expect.poll(() => amountHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => section.getByText(`1–10 of ${total}`).count()).toBe(1);
    const amounts = async () =>
      (await table.locator('tbody tr td:nth-child(3)').allTextContents()).map((text) =>
        Number(text.replace(/[^\d.-]/g, '')),
      );
    await expect
      .poll(async () => {
        const shown = await amounts();
        return (
          shown.length === 10 &&
          shown.every((value, index) => index === 0 || (shown[index - 1] ?? 0) >= value)
        );
      })
      .toBe(true);

    // Only bills: the CSV holds every one of them (all pages), plus the header row.
    await section.getByLabel('Show').selectOption('C1BL');
    const billsAnswer = answerOf(
      page,
      '/oracle/transactionDetails',
      '"filterType":"C1BL","filterDescription":"Bills","sortBy"',
    );
    await section.getByRole('button', { name: 'Apply' }).click();
    const billCount = (await (await billsAnswer).json()).totalCount as number;
    await expect.poll(() => section.getByText(`of ${billCount}`, { exact: false }).count()).toBe(1);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const lines = readFileSync(await downloadedFile(csv), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Type,Description,Amount (USD),Bill number,Due date,Confirmation number');
    expect(lines).toHaveLength(billCount + 1);
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'Bill')).toBe(true);

    // The largest bill's PDF carries its amount.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      table
        .getByRole('button', { name: /^PDF of bill/ })
        .first()
        .click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^bill-\d{10}-\d{6}\.pdf$/);
    const bytes = readFileSync(await downloadedFile(pdf));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    expect(await axeViolations(page)).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedResponses).toEqual([]);
    await context.close();
  });

  it('takes the keyboard from the first view down into the history at phone width', async () => {
    const { context, page, problems } = await customer.openPage(browser, { width: 390, height: 844 });
    await page.goto('/accountInfo');
    await page.getByRole('heading', { name: 'Quick Stats' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { name: 'Bills and payments' }).count()).toBe(0);
    // Tab on from the top of the page, at a brisk typist's pace: the history is drawn as the focus
    // comes near it, so the focus reaches its controls before the footer's.
    await page.locator('main').evaluate((main) => {
      main.setAttribute('tabindex', '-1');
      main.focus();
    });
    let where = '';
    for (let press = 0; press < 120 && where === ''; press += 1) {
      await page.keyboard.press('Tab');
      await page.waitForTimeout(60);
      where = await page.evaluate(() => {
        const element = document.activeElement;
        if (element?.closest('footer')) return 'footer';
        const region = element?.closest('section[aria-labelledby]');
        const heading = region && document.getElementById(region.getAttribute('aria-labelledby') ?? '');
        return heading?.textContent === 'Bills and payments' ? 'history' : '';
      });
    }
    expect(where).toBe('history');
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it('works at phone width in a dark theme and in German, with nothing for axe to find', async () => {
    const { context, page, problems } = await customer.openPage(browser, { width: 390, height: 844 });
    const transactionCalls: string[] = [];
    // The history's calls only: My Account's usage panel, on /home where the page was opened, asks
    // the same path for usage (`type: 'usage'`), and may do so as this test begins.
    page.on('request', (request) => {
      if (!request.url().endsWith('/oracle/transactionDetails')) return;
      if ((request.postData() ?? '').includes('"usage"')) return;
      transactionCalls.push(request.url());
    });
    await page.evaluate(() => {
      localStorage.setItem('theme', 'darkBlue');
      localStorage.setItem('language', 'de');
    });
    // The bill's answer comes late (after the page's first idle moment): its cards, which move the
    // history down the page, are not drawn yet, and the history must wait for them.
    await page.route('**/oracle/getBillDetails', async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    await page.goto('/accountInfo');
    await page.getByRole('heading', { level: 1, name: 'Kontoinformationen' }).waitFor();
    await page.getByRole('heading', { name: 'Kurzübersicht' }).waitFor();
    // Below the first view on a phone, the recent bills and the history are neither fetched nor
    // drawn until the customer scrolls towards them (issue 7: what a phone does for a visit).
    await page.waitForLoadState('networkidle');
    expect(transactionCalls).toEqual([]);
    expect(await page.getByRole('heading', { name: 'Rechnungen und Zahlungen' }).count()).toBe(0);
    await scrollToEnd(page);
    await page.getByRole('heading', { name: 'Rechnungen und Zahlungen' }).waitFor();
    expect(transactionCalls.length).toBeGreaterThan(0);
    await page
      .getByRole('region', { name: 'Rechnungen und Zahlungen' })
      .locator('tbody tr')
      .first()
      .waitFor();
    await expect
      .poll(() => page.getByTestId('amount-due').textContent())
      .toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\s\$$/);
    // Nothing wider than the phone except inside the scrolling tables.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
