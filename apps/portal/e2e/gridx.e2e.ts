// /gridx end to end, in Chromium against the built portal and server, as priya.martinez (a home;
// signed in once for the file): compare the plans on her own year, correct a what-if the form
// refuses, add an EV and rooftop solar, reopen the saved result through /gridx?compareResult=true,
// switch plan and find the request among her requests, at phone width in two themes with axe
// finding nothing, and no chat widget in this layout.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { connectBrowser, hasChromium, openPage } from './support/browser.ts';
import { PRIYA } from './support/logins.ts';
import { FileSession } from './support/session.ts';

interface SavedPlan {
  tariffId: string;
  code: string;
  name: string;
  current: boolean;
  rank: number;
  annualCents: number;
}

async function compareAndWait(page: Page, button: ReturnType<Page['getByRole']>) {
  const answer = page.waitForResponse((response) => response.url().endsWith('/gridx/compareCalculate'));
  await button.click();
  const response = await answer;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { id: string; plans: SavedPlan[] };
  await page.waitForURL(`**/gridx?compareResult=true&id=${body.id}`);
  await page.getByRole('heading', { name: 'Plans, cheapest first' }).waitFor();
  return body;
}

/** Scripts the page loaded from the assistant's host: the chat widget's would be one. */
const widgetScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\/ml\/|widget/i.test(name)),
  );

describe.skipIf(!hasChromium)('Rate comparison', () => {
  let browser: Browser;
  const customer = new FileSession(PRIYA);
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks a visitor to sign in', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/gridx');
    await expect
      .poll(() => page.getByText('Sign in to compare rate plans on your own usage.').isVisible())
      .toBe(true);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('compares, adds an EV and solar, reopens the saved result and switches plan', async () => {
    const { context, page, problems } = await customer.openPage(browser, { width: 1280 });
    await page.goto('/gridx');
    const form = page.getByRole('form', { name: 'Compare plans' });
    const plain = await compareAndWait(page, form.getByRole('button', { name: 'Compare plans' }));

    // The current plan first among five residential plans, ranked by the year's cost.
    const plans = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4 }) });
    await expect.poll(() => plans.count()).toBe(5);
    expect(plain.plans.map((plan) => plan.code).sort()).toEqual([
      'E-EV',
      'E-FLAT',
      'E-RS',
      'E-SOLAR',
      'E-TOU',
    ]);
    const current = plain.plans.find((plan) => plan.current) as SavedPlan;
    await expect.poll(() => page.getByText(`Your plan now: ${current.name}`).isVisible()).toBe(true);
    const monthly = page.getByRole('table', { name: /Each plan’s bill for each month/ });
    await expect.poll(() => monthly.locator('tbody tr').count()).toBe(12);
    await expect.poll(() => page.getByText('No what-ifs: your usage as it was.').isVisible()).toBe(true);

    // Change the what-ifs: a figure out of bounds is refused beside its field, then EV and solar.
    await page.getByText('Change the what-ifs and compare again').click();
    const again = page.getByRole('form', { name: 'Compare plans' });
    await again.getByLabel('I get an electric vehicle').check();
    await again.getByLabel('Miles driven a year').fill('100');
    await again.getByRole('button', { name: 'Compare plans' }).click();
    await expect.poll(() => again.getByText('Enter 500 to 60,000 miles a year.').isVisible()).toBe(true);
    await expect
      .poll(() => again.getByLabel('Miles driven a year').getAttribute('aria-invalid'))
      .toBe('true');
    await again.getByLabel('Miles driven a year').fill('12000');
    await again.getByLabel('I add rooftop solar').check();
    await again.getByLabel('System size (kW)').fill('6');
    const withWhatIfs = await compareAndWait(page, again.getByRole('button', { name: 'Compare plans' }));
    expect(withWhatIfs.id).not.toBe(plain.id);
    const assumptions = page.getByRole('region', { name: 'Assumptions' });
    await expect
      .poll(() => assumptions.getByText(/^Electric vehicle: 12,000 miles a year/).isVisible())
      .toBe(true);
    await expect.poll(() => assumptions.getByText(/^Rooftop solar: 6 kW/).isVisible()).toBe(true);

    // The saved result reopens from its link, as it was priced.
    const reopened = await context.newPage();
    await reopened.goto(`/gridx?compareResult=true&id=${withWhatIfs.id}`);
    await reopened.getByRole('heading', { name: 'Compare results' }).waitFor();
    await expect
      .poll(() =>
        reopened
          .getByRole('region', { name: 'Assumptions' })
          .getByText(/^Rooftop solar: 6 kW/)
          .isVisible(),
      )
      .toBe(true);
    await reopened.close();

    // Switch to the cheapest other plan: a request for the staff, listed among the customer's requests.
    const target = [...withWhatIfs.plans].filter((plan) => !plan.current).sort((a, b) => a.rank - b.rank)[0];
    if (!target) throw new Error('no plan to switch to');
    const switchAnswer = page.waitForResponse((response) => response.url().endsWith('/gridx/switchPlan'));
    await page.getByRole('button', { name: `Switch to ${target.code}` }).click();
    const { referenceNumber } = (await (await switchAnswer).json()) as { referenceNumber: string };
    expect(referenceNumber).toMatch(/^SR-/);
    const status = page.getByRole('status').filter({ hasText: `Request ${referenceNumber} is sent` });
    await expect.poll(() => status.isVisible()).toBe(true);
    // No chat widget on /gridx, all the way through (it may load once the customer moves on to /todo).
    expect(await widgetScripts(page)).toEqual([]);
    await status.getByRole('link', { name: 'See your requests' }).click();
    await page.waitForURL('**/todo');
    await expect.poll(() => page.getByText(referenceNumber).first().isVisible()).toBe(true);

    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  it('fits a phone in two themes, axe finds nothing, and no chat widget is loaded', async () => {
    const { context, page, problems } = await customer.openPage(browser, { width: 1280 });
    await page.goto('/gridx');
    const form = page.getByRole('form', { name: 'Compare plans' });
    await form.getByLabel('I add a home battery').check();
    const saved = await compareAndWait(page, form.getByRole('button', { name: 'Compare plans' }));
    for (const theme of ['goldenState', 'darkBlue']) {
      await page.goto('/home');
      // The theme picker sits in the desktop header; the phone's menu is another flow's subject.
      await page.getByLabel(/theme/i).first().selectOption(theme);
      await page.setViewportSize({ width: 390, height: 844 });
      for (const path of ['/gridx', `/gridx?compareResult=true&id=${saved.id}`]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 2 }).first().waitFor();
        if (path.includes('compareResult'))
          await page.getByRole('heading', { name: 'Plans, cheapest first' }).waitFor();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
            message: `width of ${path} in ${theme}`,
          })
          .toBeLessThanOrEqual(390);
        await expect.poll(() => axeViolations(page), { message: `axe on ${path} in ${theme}` }).toEqual([]);
        expect(await widgetScripts(page)).toEqual([]);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
