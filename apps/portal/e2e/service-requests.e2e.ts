// Start / Stop Service end to end, in Chromium against the real server and a real SMTP server: a
// signed-in customer and a guest each file a start request through the three steps (every
// validation message of the flow seen once), read the reference on the page and in the
// confirmation e-mail, and the page passes axe at desktop and phone width. The signed-in customer is
// priya.martinez; what the page prefills is compared with what the API has for her.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { THEME_IDS } from '@gridfront/contracts/constants';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { connectBrowser, hasChromium, openPage } from './support/browser.ts';
import { solveHumanCheck } from './support/human-check.ts';
import { PRIYA } from './support/logins.ts';
import { mailCount, waitForMail } from './support/mailbox.ts';
import { FileSession } from './support/session.ts';

const run = Date.now().toString(36);
const ZONE = 'America/Chicago';
const UTILITY_INBOX = 'care@riverbend-utilities.example';
const screenshots = resolve(import.meta.dirname, '../../../screenshots');
/** Another day each run, so a rerun on the same data does not meet its own open request. */
const offset = 10 + (Date.now() % 60);

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
}

function daysAhead(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Waits for the step's heading to hold the focus, as a screen reader user hears it. */
async function onStep(page: Page, name: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 3, name });
  await heading.waitFor();
  await expect.poll(() => heading.evaluate((node) => node === document.activeElement)).toBe(true);
}

/** The flow's error summary shows the message, and it is announced. */
async function alertSays(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe.skipIf(!hasChromium)('Start / Stop Service', () => {
  let browser: Browser;
  const customer = new FileSession(PRIYA);
  /** A ZIP code the utility serves: the customer's home's, read from the signed-in flow. */
  let servedZip = '';

  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a signed-in customer files a start request with what the portal knows, and sees it listed', async () => {
    const { context, page, problems } = await customer.openPage(browser, { width: 1280 });
    const { email, username } = await customer.userDetails(browser);
    // Account Information leads to the requests.
    await page.goto('/accountInfo');
    await page.getByRole('link', { name: 'Start / Stop Service' }).click();
    await page.waitForURL('**/todo');
    await page.getByRole('heading', { level: 1, name: 'To-Do' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Your service requests' }).waitFor();
    await expect.poll(() => field(page, 'Account holder name').inputValue()).not.toBe('');
    expect(await field(page, 'Email').inputValue()).toBe(email);
    expect(await page.getByRole('radio', { name: 'Start service' }).isChecked()).toBe(true);
    await field(page, 'Effective date').fill(daysAhead(offset));
    await page.getByRole('button', { name: 'Next' }).click();
    await onStep(page, 'Service Details');
    servedZip = await field(page, 'ZIP code').inputValue();
    expect(servedZip).toMatch(/^\d{5}$/);
    expect(await field(page, 'Service address').inputValue()).not.toBe('');
    await page.getByRole('checkbox', { name: 'Gas' }).check();
    await field(page, 'Service description (optional)').fill('Keep the same meter, please.');
    await page.getByRole('button', { name: 'Next' }).click();
    await onStep(page, 'Electronic Payment Agreement');
    await page
      .getByRole('region', { name: 'Agreement text' })
      .getByText(/authorise Riverbend Utilities/)
      .waitFor();
    // A signed-in customer has no human check to solve.
    expect(await page.locator('altcha-widget').count()).toBe(0);
    // Step 3 with a message showing, accessible in every theme.
    await page.getByRole('button', { name: 'Submit request' }).click();
    await alertSays(page, 'Please accept the Electronic Payment Agreement to continue');
    const picker = page.getByLabel(/theme/i).first();
    for (const themeId of THEME_IDS) {
      await picker.selectOption(themeId);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(themeId);
      await expect.poll(() => axeViolations(page), { message: `axe in theme ${themeId}` }).toEqual([]);
    }
    await picker.selectOption('green');
    await page.getByLabel('I agree to the Electronic Payment Agreement').check();

    const before = mailCount(email);
    await page.getByRole('button', { name: 'Submit request' }).click();
    const done = page.getByRole('heading', { name: 'Request received' });
    await done.waitFor();
    await expect.poll(() => done.evaluate((node) => node === document.activeElement)).toBe(true);
    const reference = (await page.getByTestId('todo-reference').innerText()).trim();
    expect(reference).toMatch(/^SR-[2-9A-HJ-NP-Z]{8}$/);
    await page.getByTestId('todo-row').filter({ hasText: reference }).getByText('Submitted').waitFor();
    await shot(page, 'todo-signed-in-1280');
    expect(await axeViolations(page)).toEqual([]);

    const mail = await waitForMail(email, { after: before, subject: new RegExp(reference) });
    expect(mail.subject).toBe(`Riverbend Utilities: we received your service request (${reference})`);
    expect(mail.text).toContain('Request: Start service');
    expect(mail.text).toContain('Electricity, Gas');
    const notice = await waitForMail(UTILITY_INBOX, { after: 0, subject: new RegExp(reference) });
    expect(notice.text).toContain(`Portal user: ${username}`);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it('a guest at phone width goes through every check of the flow and files a start request', async () => {
    expect(servedZip).not.toBe('');
    const { context, page, problems } = await openPage(browser, { width: 390, height: 844 });
    const email = `morgan.${run}@example.com`;
    await page.goto('/todo');
    await onStepOrFirst(page);
    expect(await page.getByRole('heading', { name: 'Your service requests' }).count()).toBe(0);

    // Step 1: nothing filled in, then a date in the past; Next pressed from the keyboard.
    await page.getByRole('button', { name: 'Next' }).click();
    await alertSays(page, 'Account Holder Name, Effective Date, and Email are required');
    expect(await axeViolations(page)).toEqual([]);
    await field(page, 'Account holder name').fill('Morgan Guest');
    await field(page, 'Email').fill(email);
    await field(page, 'Effective date').fill(daysAhead(-1));
    await field(page, 'Email').press('Enter');
    await alertSays(page, 'The effective date cannot be in the past');
    await field(page, 'Effective date').fill(daysAhead(offset + 1));
    await field(page, 'Email').press('Enter');
    await onStep(page, 'Service Details');

    // Step 2: nothing filled in, then an address the utility does not serve (the server says so).
    await page.getByRole('button', { name: 'Next' }).click();
    await alertSays(page, 'Service Address and Property Type are required');
    await field(page, 'Service address').fill(`${Date.now() % 900} Riverside Drive`);
    await field(page, 'ZIP code').fill('99501');
    await field(page, 'Property type').selectOption('Multi-Family');
    await page.getByRole('button', { name: 'Next' }).click();
    await alertSays(page, 'We do not provide service at this address.');
    await field(page, 'ZIP code').fill(servedZip);
    await page.getByRole('checkbox', { name: 'Water' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await onStep(page, 'Electronic Payment Agreement');

    // Back keeps what was typed.
    await page.getByRole('button', { name: 'Back' }).click();
    await onStep(page, 'Service Details');
    expect(await field(page, 'ZIP code').inputValue()).toBe(servedZip);
    await page.getByRole('button', { name: 'Next' }).click();
    await onStep(page, 'Electronic Payment Agreement');

    // Step 3: the checkbox and the human check are required.
    await page.getByRole('button', { name: 'Submit request' }).click();
    await alertSays(page, 'Please accept the Electronic Payment Agreement to continue');
    await alertSays(page, 'Please complete the reCAPTCHA verification');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('I agree to the Electronic Payment Agreement').check();
    await solveHumanCheck(page);
    await shot(page, 'todo-guest-390');

    const before = mailCount(email);
    await page.getByRole('button', { name: 'Submit request' }).click();
    await page.getByRole('heading', { name: 'Request received' }).waitFor();
    const reference = (await page.getByTestId('todo-reference').innerText()).trim();
    expect(reference).toMatch(/^SR-[2-9A-HJ-NP-Z]{8}$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    const mail = await waitForMail(email, { after: before, subject: new RegExp(reference) });
    expect(mail.text).toContain('Hello Morgan Guest,');
    expect(mail.text).toContain('Property type: Multi-Family');
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});

/** The first step's heading is on the page (focus stays where the page put it on arrival). */
async function onStepOrFirst(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 3, name: 'Personal Information' }).waitFor();
}
