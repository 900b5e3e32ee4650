// /net2grid end to end, in Chromium against the built portal and server, as demo (the solar home;
// signed in once for the file): the dashboard
// with every panel filled from the analytics calls, a recommendation with its saving, the table view
// of a chart, the questionnaire changing the breakdown, solar by year, week and day, an analytics
// token refused on the way (401) renewed without signing out, at phone width in two themes with axe
// finding nothing, and no chat widget in this layout.
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { connectBrowser, hasChromium, openPage } from './support/browser.ts';
import { DEMO } from './support/logins.ts';
import { FileSession } from './support/session.ts';

const PANELS = [
  'Overview',
  'Where your energy goes',
  'Ways to save',
  'Calendar',
  'Day profiles',
  'The last 12 months',
  'Solar production',
  'Energy measurement',
  'About your home',
];

interface BreakdownAnswer {
  totalKwh: number;
  profileUsed: boolean;
  categories: { category: string; kwh: number }[];
}

const isCall = (call: string) => (response: Response) =>
  response.url().endsWith(`/net2grid/${call}`) && response.request().method() === 'POST';

/** Scripts the page loaded from the assistant's host: the chat widget's would be one. */
const widgetScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\/ml\/|widget/i.test(name)),
  );

/** Every panel is drawn: none is loading, none failed, the loader flag is clear. */
async function dashboardReady(page: Page) {
  for (const name of PANELS) await page.getByRole('region', { name }).waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 30_000 }).toBe(0);
  expect(await page.locator('[data-loader-flag]').count()).toBe(0);
  expect(await page.getByText(/^Could not load/).count()).toBe(0);
}

describe.skipIf(!hasChromium)('Energy insights', () => {
  let browser: Browser;
  const demo = new FileSession(DEMO);
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks a visitor to sign in', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/net2grid');
    await expect
      .poll(() => page.getByText('Sign in to see energy insights from your own smart meter.').isVisible())
      .toBe(true);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('shows every panel, a saving, a chart as a table, and the questionnaire changes the breakdown', async () => {
    const { context, page, problems } = await openPage(browser, { width: 1280 });
    await demo.signIn(page);
    const firstBreakdown = page.waitForResponse(isCall('disaggregation/month'));
    await page.goto('/net2grid');
    const before = (await (await firstBreakdown).json()) as BreakdownAnswer;
    await dashboardReady(page);

    // The breakdown's categories sum to the metered total, as the page shows it.
    const sum = before.categories.reduce((total, entry) => total + entry.kwh, 0);
    expect(Math.abs(sum - before.totalKwh)).toBeLessThan(0.01);

    // A recommendation with its saving a year and the assumptions it rests on.
    const ways = page.getByRole('region', { name: 'Ways to save' });
    const first = ways.getByRole('listitem').first();
    await expect.poll(() => first.getByText(/^Saves about \$[\d,.]+ a year\./).isVisible()).toBe(true);
    await expect.poll(() => first.getByText('What this rests on').isVisible()).toBe(true);
    expect(await first.locator('dt').count()).toBeGreaterThan(0);

    // The breakdown chart as a table: one row per category.
    const breakdown = page.getByRole('region', { name: 'Where your energy goes' });
    await breakdown.getByRole('button', { name: 'Table' }).click();
    const table = breakdown.getByRole('table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(10);
    await expect.poll(() => table.getByRole('rowheader', { name: 'Always on' }).isVisible()).toBe(true);

    // The calendar opens a day's profiles.
    const calendar = page.getByRole('region', { name: 'Calendar' });
    const day = calendar.locator('button:not([disabled])').first();
    const dayText = (await day.textContent()) ?? '';
    // By keyboard: Enter on a day, then Tab to the next and Space.
    const allDay = page.waitForResponse(isCall('eventSummaryAllDay'));
    await day.focus();
    await page.keyboard.press('Enter');
    expect((await allDay).status()).toBe(200);
    await expect.poll(() => day.getAttribute('aria-pressed')).toBe('true');
    const nextDay = page.waitForResponse(isCall('eventSummaryAllDay'));
    await page.keyboard.press('Tab');
    await page.keyboard.press(' ');
    const nextDates = JSON.parse((await nextDay).request().postData() ?? '{}') as { dates: string[] };
    expect(nextDates.dates).toHaveLength(1);
    await expect.poll(() => day.getAttribute('aria-pressed')).toBe('false');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-pressed')))
      .toBe('true');
    await expect.poll(() => calendar.getByText(/^Week of /).count()).toBeGreaterThan(3);
    expect(dayText).toMatch(/^\w+ \d+, \d{4}: [\d,.]+ kWh/);

    // The questionnaire: a household of five, another heating fuel, an EV or none, saved; the
    // breakdown is asked for again and comes back split another way.
    const form = page.getByRole('form', { name: 'About your home' });
    const heating = form.getByLabel('Heating', { exact: true });
    const fuel = await heating.inputValue();
    await heating.selectOption(fuel === 'gas' ? 'electric_resistance' : 'gas');
    const ev = form.getByLabel('Electric vehicle');
    await ev.selectOption((await ev.inputValue()) === 'true' ? 'false' : 'true');
    await form.getByLabel('People in the household').fill('5');
    const saved = page.waitForResponse(isCall('saveProfileAttributes'));
    const again = page.waitForResponse(isCall('disaggregation/month'));
    await form.getByRole('button', { name: 'Save answers' }).click();
    expect((await saved).status()).toBe(200);
    const after = (await (await again).json()) as BreakdownAnswer;
    expect(after.profileUsed).toBe(true);
    expect(after.totalKwh).toBeCloseTo(before.totalKwh, 2);
    expect(after.categories.map((entry) => entry.kwh)).not.toEqual(
      before.categories.map((entry) => entry.kwh),
    );
    await expect.poll(() => form.getByText('Saved. Your breakdown is updated.').isVisible()).toBe(true);
    await expect
      .poll(() =>
        breakdown.getByText(/^Your answers to the questions below refined this split\./).isVisible(),
      )
      .toBe(true);

    expect(await widgetScripts(page)).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows solar by year, week and day, each as a table, by keyboard', async () => {
    const { context, page, problems } = await demo.openPage(browser, { width: 1280 });
    await page.goto('/net2grid');
    await dashboardReady(page);
    const solar = page.getByRole('region', { name: 'Solar production' });
    for (const [button, periodType] of [
      ['Year', 'year'],
      ['Week', 'week'],
      ['Day', 'day'],
    ] as const) {
      const answer = page.waitForResponse(
        (response) =>
          isCall('solarProduction')(response) &&
          (JSON.parse(response.request().postData() ?? '{}') as { periodType?: string }).periodType ===
            periodType,
      );
      await solar.getByRole('button', { name: button, exact: true }).focus();
      await page.keyboard.press('Enter');
      const response = await answer;
      expect(response.status()).toBe(200);
      const body = (await response.json()) as { points: unknown[]; periodType: string };
      expect(body.periodType).toBe(periodType);
      expect(body.points.length).toBeGreaterThan(0);
      await expect.poll(() => solar.getByText(/^Produced [\d,.]+ kWh/).isVisible()).toBe(true);
      await solar.getByRole('button', { name: 'Table' }).click();
      await expect.poll(() => solar.getByRole('table').locator('tbody tr').count()).toBe(body.points.length);
      await solar.getByRole('button', { name: 'Chart' }).click();
    }
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it('renews an analytics token the server refuses and retries the call, without signing out', async () => {
    const { context, page, problems } = await demo.openPage(browser, { width: 1280 });
    // The first recommendation call goes out with its token spoilt, as an ended one would be refused.
    let spoilt = 0;
    await page.route('**/api/net2grid/recommendation', async (route) => {
      const body = route.request().postDataJSON() as { token: string };
      if (spoilt > 0) return route.continue();
      spoilt += 1;
      return route.continue({
        postData: JSON.stringify({ ...body, token: `${body.token.slice(0, -4)}AAAA` }),
      });
    });
    const statuses: string[] = [];
    page.on('response', (response) => {
      const call = /\/net2grid\/(getToken|recommendation)$/.exec(response.url())?.[1];
      if (call) statuses.push(`${call} ${response.status()}`);
    });
    await page.goto('/net2grid');
    await dashboardReady(page);
    const ways = page.getByRole('region', { name: 'Ways to save' });
    await expect
      .poll(() =>
        ways
          .getByText(/^Saves about \$[\d,.]+ a year\./)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(statuses).toEqual(['getToken 200', 'recommendation 401', 'getToken 200', 'recommendation 200']);
    // Still signed in, still here, no session message.
    await page.waitForTimeout(2500);
    expect(new URL(page.url()).pathname).toBe('/net2grid');
    expect(await page.getByText(/unable to continue your session/).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Overview' }).count()).toBe(1);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it('fits a phone in two themes, axe finds nothing, and no chat widget is loaded', async () => {
    const { context, page, problems } = await demo.openPage(browser, { width: 1280 });
    for (const theme of ['goldenState', 'darkBlue']) {
      await page.goto('/home');
      await page.getByLabel(/theme/i).first().selectOption(theme);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/net2grid');
      await dashboardReady(page);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
          message: `width of /net2grid in ${theme}`,
        })
        .toBeLessThanOrEqual(390);
      await expect.poll(() => axeViolations(page), { message: `axe on /net2grid in ${theme}` }).toEqual([]);
      expect(await widgetScripts(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
