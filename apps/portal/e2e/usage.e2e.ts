// /usage end to end, in Chromium against the built portal and server, as demo (the solar home with
// four services; signed in once for the file): every service, the
// drill-down from a year of bill periods to quarter-hours by keyboard and pointer, a year of
// quarter-hours, the table view and CSV, the solar view, Green Button XML (schema-valid) and CSV
// downloads, an upload shown on the charts and deleted again, two themes at phone width, axe clean.
// The upload is deleted at the end, so the flow leaves demo as it found it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { connectBrowser, downloadedFile, hasChromium } from './support/browser.ts';
import { scrollToEnd } from './support/layout.ts';
import { DEMO } from './support/logins.ts';
import { FileSession } from './support/session.ts';

const GREEN_BUTTON = resolve(import.meta.dirname, '../../server/src/features/green-button');
const SAMPLE = `${GREEN_BUTTON}/test-files/sample_electric_15min_14days.xml`;

/** The next usage answer of a view whose request holds every one of `parts` (the page asks several at once). */
function usageAnswer(page: Page, view: string, ...parts: string[]): Promise<Response> {
  return page.waitForResponse((response) => {
    const body = response.request().postData() ?? '';
    return (
      response.url().endsWith('/oracle/transactionDetails') &&
      body.includes('"type":"usage"') &&
      body.includes(`"view":"${view}"`) &&
      parts.every((part) => body.includes(part))
    );
  });
}

function xmllint(file: string): string {
  try {
    execFileSync(
      'xmllint',
      ['--nonet', '--noout', '--schema', `${GREEN_BUTTON}/espi-schema/espi.xsd`, file],
      {
        env: { PATH: process.env.PATH, XML_CATALOG_FILES: `${GREEN_BUTTON}/espi-schema/catalog.xml` },
        stdio: 'pipe',
      },
    );
    return 'valid';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

describe.skipIf(!hasChromium)('Usage', () => {
  let browser: Browser;
  const demo = new FileSession(DEMO);
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('drills from a year of bill periods to quarter-hours, with the table view and the CSV', async () => {
    const { context, page, problems } = await demo.openPage(browser, { width: 1280 });
    const yearAnswer = usageAnswer(page, 'monthly');
    await page.goto('/usage');
    const explorer = page.getByRole('region', { name: /^Electricity in \d{4}, by bill period$/ });
    await explorer.waitFor();
    const periods = (await (await yearAnswer).json()).periods as { quantity: number }[];
    expect(periods.length).toBeGreaterThan(0);

    // Table view: one row per bill period, and the CSV holds them all.
    await explorer.getByRole('button', { name: 'Table' }).first().click();
    await expect.poll(() => explorer.getByRole('table').locator('tbody tr').count()).toBe(periods.length);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      explorer.getByRole('button', { name: 'Download CSV' }).first().click(),
    ]);
    const lines = readFileSync(await downloadedFile(csv), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(periods.length + 1);
    await explorer.getByRole('button', { name: 'Chart' }).first().click();

    // Keyboard: the last bill period, Enter → its month, by day.
    // Each step presses keys on the chart of that step (named by its title), not on one still loading.
    // The year shown is this year's, so is the month drilled into; the page also asks for the same
    // month a year before, and that answer may come first.
    // The explorer's month, by hour's resolution: the solar panel, drawn as the chart is focused,
    // asks for this month's days too.
    const monthAnswer = usageAnswer(page, 'daily', `"from":"${new Date().getFullYear()}-`, '"resolution":60');
    await page.getByRole('application', { name: /, by bill period$/ }).focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    const days = (await (await monthAnswer).json()).days as { date: string; importWh: number }[];
    expect(days.length).toBeGreaterThan(0);
    // Each level's title names its own place: the month, then the day, as the language writes them.
    const firstDay = new Date(`${days[0]?.date}T00:00:00Z`);
    const inUtc = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' }).format(firstDay);
    await page
      .getByRole('heading', {
        name: `Electricity in ${inUtc({ month: 'long', year: 'numeric' })}, by day`,
        exact: true,
      })
      .waitFor();

    // The first day's bar → that day, by hour, with the tariff's periods shaded.
    const dayAnswer = usageAnswer(page, 'interval', '"resolution":60');
    await page.getByRole('application', { name: /, by day$/ }).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const hourly = await (await dayAnswer).json();
    expect(hourly.from).toBe(days[0]?.date);
    const hours = hourly.intervals[0].importWh as number[];
    expect(hours.length).toBeGreaterThanOrEqual(23);
    expect(hours.reduce((a, b) => a + b, 0)).toBe(days[0]?.importWh);
    await page
      .getByRole('heading', {
        name: `Electricity on ${inUtc({ dateStyle: 'medium' })}, by hour`,
        exact: true,
      })
      .waitFor();
    await expect.poll(() => page.getByText(/Off-peak|Peak/).count()).toBeGreaterThan(0);

    // Hourly → every 15 minutes of the same day.
    const quarterAnswer = usageAnswer(page, 'interval', '"resolution":15');
    await page.getByRole('button', { name: 'Every 15 minutes' }).click();
    const quarters = (await (await quarterAnswer).json()).intervals[0].importWh as number[];
    expect(quarters.length).toBe(hours.length * 4);
    await page.getByRole('heading', { name: /, every 15 minutes$/ }).waitFor();

    // The trail goes back up to the year; a whole year of quarter-hours draws at once.
    await page.getByRole('navigation', { name: 'You are here' }).getByRole('button').first().click();
    await page.getByRole('heading', { name: /, by bill period$/ }).waitFor();
    const detailAnswer = usageAnswer(page, 'interval', '"resolution":15');
    await page.getByRole('button', { name: 'Every 15 minutes' }).click();
    const detail = (await (await detailAnswer).json()).intervals as { importWh: number[] }[];
    expect(detail.length).toBeGreaterThan(1);
    await page.getByRole('heading', { name: /^Electricity in \d{4}, every 15 minutes$/ }).waitFor();
    await expect
      .poll(() => page.getByRole('application').first().getAttribute('aria-label'))
      .toMatch(/every 15 minutes/);

    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows each service in its unit, and the solar view by year, month, week and day', async () => {
    const { context, page, problems } = await demo.openPage(browser, { width: 1280 });
    await page.goto('/usage');
    const services = page.getByRole('group', { name: 'Services' });
    for (const [name, unit] of [
      ['Gas', 'therms'],
      ['Water', 'gallons'],
      ['Sewer', 'gallons'],
    ] as const) {
      const answer = usageAnswer(page, 'monthly', `"utilityType":"${name.toLowerCase()}"`);
      await services.getByRole('button', { name }).click();
      expect((await answer).status()).toBe(200);
      await page.getByRole('heading', { name: new RegExp(`^${name} in \\d{4}, by bill period$`) }).waitFor();
      await expect.poll(() => page.getByText(`Usage (${unit})`).first().count()).toBe(1);
    }
    await services.getByRole('button', { name: 'Electricity' }).click();
    // Below the explorer, drawn as the reader comes near: the yearly slice, a bar for each year with bills.
    await page.getByRole('application').first().waitFor();
    await scrollToEnd(page);
    const years = page.getByRole('region', { name: 'Year by year' });
    await years.getByRole('button', { name: 'Table' }).click();
    await expect.poll(() => years.getByRole('table').locator('tbody tr').count()).toBeGreaterThan(1);
    const solar = page.getByRole('region', { name: 'Solar' });
    await solar.waitFor();
    for (const period of ['Year', 'Week', 'Day', 'Month']) {
      await solar.getByRole('button', { name: period, exact: true }).click();
      await expect
        .poll(() => solar.getByRole('button', { name: period, exact: true }).getAttribute('aria-pressed'))
        .toBe('true');
      await solar.getByRole('application').waitFor();
      await expect.poll(() => solar.getByText('Produced').count()).toBeGreaterThan(0);
    }
    const produced = await solar.locator('dl dd').first().textContent();
    expect(produced).toMatch(/[1-9]/);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it('downloads Green Button XML (schema-valid) and CSV, uploads a file and shows it on the charts', async () => {
    const { context, page, problems } = await demo.openPage(browser, { width: 1280 });
    await page.goto('/usage');
    await page.getByRole('application').first().waitFor();
    await scrollToEnd(page);
    const panel = page.getByRole('region', { name: 'Green Button' });
    await panel.waitFor();
    const download = async (format: RegExp) => {
      await panel.getByRole('radio', { name: format }).check();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('button', { name: 'Download' }).click(),
      ]);
      return downloadedFile(file);
    };
    const xml = await download(/Green Button XML/);
    expect(readFileSync(xml, 'utf8')).toContain('IntervalBlock');
    expect(xmllint(xml)).toBe('valid');
    const csv = readFileSync(await download(/CSV/), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv.length).toBeGreaterThan(24 * 4 * 300);

    await panel.getByLabel('Green Button file (.xml)').setInputFiles(SAMPLE);
    await panel.getByRole('button', { name: /^Upload$/ }).click();
    await panel
      .getByText(/1340 readings/)
      .first()
      .waitFor();
    const shownAnswer = usageAnswer(page, 'monthly', '"uploadId"');
    await panel
      .getByRole('button', { name: /Show on charts/ })
      .first()
      .click();
    const shown = await (await shownAnswer).json();
    expect(shown.periods.reduce((sum: number, p: { quantity: number }) => sum + p.quantity, 0)).toBeCloseTo(
      1391.666,
      2,
    );
    await page.getByText(/sample_electric_15min_14days\.xml, a file you uploaded/).waitFor();
    await page.getByRole('heading', { name: 'Electricity in 2012, by bill period' }).waitFor();

    // Delete it again: demo keeps no upload from this flow.
    await panel
      .getByRole('button', { name: /^Delete/ })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete upload' }).click();
    await expect
      .poll(() => panel.getByRole('button', { name: /Show on charts|Hide from charts/ }).count())
      .toBe(0);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it('fits a phone in two themes and axe finds nothing', async () => {
    const { context, page, problems } = await demo.openPage(browser, { width: 1280 });
    await page.goto('/usage');
    await page.getByRole('application').first().waitFor();
    // The panels below the explorer too: they are drawn as the reader comes near them.
    await scrollToEnd(page);
    await page.getByRole('region', { name: 'Green Button' }).waitFor();
    for (const theme of ['lubbock', 'darkBlue']) {
      // The theme picker sits in the desktop header; the phone's menu is another flow's subject.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByLabel(/theme/i).first().selectOption(theme);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
          message: `width in ${theme}`,
        })
        .toBeLessThanOrEqual(390);
      await expect.poll(() => axeViolations(page), { message: `axe in ${theme}` }).toEqual([]);
    }
    await page.getByRole('button', { name: 'Table' }).first().click();
    await expect.poll(() => axeViolations(page), { message: 'axe on the table view' }).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
