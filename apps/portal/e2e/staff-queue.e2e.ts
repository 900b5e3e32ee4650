// The staff queue end to end (issue 10), in Chromium against the real server and SMTP server: a
// customer's service request (through POST /api/oracle/toDoSubmit) is found, assigned and closed by
// the demo agent, and the customer gets the status e-mail; a guest's Contact Us message reaches the
// queue; the agent looks the customer up read-only; a customer and a guest get the 403 page.
// The customer is lee.bakery, signed in once for the file.
// Checked with axe at desktop and phone width, and worked by keyboard.
import { randomUUID } from 'node:crypto';
import { THEME_IDS } from '@gridfront/contracts/constants';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { baseUrl, connectBrowser, hasChromium, openPage } from './support/browser.ts';
import { solveHumanCheck } from './support/human-check.ts';
import { LEE } from './support/logins.ts';
import { mailCount, waitForMail } from './support/mailbox.ts';
import { FileSession } from './support/session.ts';

const run = Date.now().toString(36);
const ZONE = 'America/Chicago';

async function api<T>(path: string, init: { method?: string; body?: unknown; accessToken?: string } = {}) {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'POST',
    headers: {
      Authorization: inject('clientAuthorization'),
      Accept: 'application/json',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.accessToken ? { 'X-Access-Token': init.accessToken } : {}),
      'Idempotency-Key': randomUUID(),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'POST'} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A day some weeks ahead in the utility's zone, varied per run so runs never collide. */
function daysAhead(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Signs a staff member in through the real Login page. */
async function signInAsStaff(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * The customer files a request to stop service at their own premise, through the public API; answers
 * the reference and the account holder's name the request carries.
 */
async function fileServiceRequest(
  customer: FileSession,
  browser: Browser,
  email: string,
): Promise<{ reference: string; holderName: string }> {
  const details = await customer.userDetails(browser);
  const account = details.accounts[0];
  const premise = account?.premises[0];
  if (!account || !premise) throw new Error(`${customer.username} has no premise`);
  const submitted = await api<{ referenceNumber: string }>('/oracle/toDoSubmit', {
    accessToken: await customer.accessToken(browser),
    body: {
      requestType: 'stop',
      accountHolderName: account.holderName,
      effectiveDate: daysAhead(20 + (Date.now() % 60)),
      email,
      phoneNo: '',
      serviceAddress: premise.serviceAddress,
      serviceZip: premise.zip,
      propertyType: premise.propertyType,
      services: ['electricity'],
      serviceDescription: `Moving out (${run})`,
      agreementAccepted: true,
      language: 'en',
    },
  });
  return { reference: submitted.referenceNumber, holderName: account.holderName };
}

describe.skipIf(!hasChromium)('Staff queue', () => {
  let browser: Browser;
  const customer = new FileSession(LEE);
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an agent finds a service request by keyboard, assigns and closes it; the customer is e-mailed once', async () => {
    const email = `mover.${run}@example.com`;
    const { reference, holderName } = await fileServiceRequest(customer, browser, email);
    expect(reference).toMatch(/^SR-/);

    const { context, page, problems } = await openPage(browser, { width: 1280 });
    await signInAsStaff(page, 'agent', 'Agent@12345');
    await page.goto('/staff');
    await page.getByRole('heading', { level: 1, name: 'Staff queue' }).waitFor();
    await page.getByRole('table').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // By keyboard: type the reference into the search and press Enter.
    await page.getByLabel('Reference, name or e-mail').focus();
    await page.keyboard.type(reference);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === reference);
    const link = page.getByRole('table').getByRole('link', { name: reference });
    await link.waitFor();
    // The unfiltered queue may still show (holding this request among others) until the answer comes.
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(2);
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Request ${reference}` }).waitFor();
    await page.getByText(`Moving out (${run})`).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Assign to me' }).click();
    await page.getByText('Alex Agent assigned it to Alex Agent (was nobody)').waitFor();
    await page.getByLabel('New comment (staff only)').fill('Final read booked.');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByText('Final read booked.').waitFor();

    const before = mailCount(email);
    await page.getByRole('button', { name: 'Close request' }).click();
    await expect.poll(() => page.getByTestId('item-status').innerText()).toBe('Completed');
    await page.getByText('Alex Agent changed the status from Submitted to Completed').waitFor();
    const mail = await waitForMail(email, { after: before, subject: new RegExp(reference) });
    expect(mail.subject).toBe(`Riverbend Utilities: update on your request ${reference}`);
    expect(mail.text).toContain('Completed');
    expect(mail.text).toContain(`Hello ${holderName},`);
    // Exactly one status e-mail for one change.
    await new Promise((done) => setTimeout(done, 1500));
    expect(mailCount(email) - before).toBe(1);
    // Accessible in every theme, with the history, comments and forms on the page.
    const picker = page.getByLabel(/theme/i).first();
    for (const themeId of THEME_IDS) {
      await picker.selectOption(themeId);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(themeId);
      await expect.poll(() => axeViolations(page), { message: `axe in theme ${themeId}` }).toEqual([]);
    }

    // Closed, it has left the open queue.
    await page.goto(`/staff?q=${reference}`);
    await page.getByText('Nothing matches these filters.').waitFor();
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it('a guest’s Contact Us message reaches the queue; at phone width nothing overflows', async () => {
    const guest = await openPage(browser, { width: 1280 });
    const email = `writer.${run}@example.com`;
    await guest.page.goto('/contactus');
    await guest.page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await guest.page.getByLabel('Full name', { exact: true }).fill('Wren Writer');
    await guest.page.getByLabel('Email address', { exact: true }).fill(email);
    await guest.page.getByLabel('Subject', { exact: true }).fill(`Tree on the line ${run}`);
    await guest.page.getByLabel('Message', { exact: true }).fill('A branch rests on the service line.');
    await solveHumanCheck(guest.page);
    await guest.page.getByRole('button', { name: 'Send Message' }).click();
    const reference = (await guest.page.getByTestId('contact-reference').innerText()).trim();
    await guest.context.close();

    const { context, page, problems } = await openPage(browser, { width: 390, height: 844 });
    await signInAsStaff(page, 'agent', 'Agent@12345');
    await page.goto('/staff?kind=contact_message');
    const link = page.getByRole('table').getByRole('link', { name: reference });
    await link.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await link.click();
    await page.getByRole('heading', { level: 1, name: `Request ${reference}` }).waitFor();
    await page.getByText('A branch rests on the service line.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    // The customer look-up, read-only, at the same width.
    await page.goto('/staff');
    await page.getByLabel('Account number').fill(inject('linkedAccount').accountNumber);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page
      .getByRole('heading', { level: 1, name: `Customer ${inject('linkedAccount').accountNumber}` })
      .waitFor();
    await page.getByText(/Jamie Demo \(demo, /).waitFor();
    await page.getByTestId('customer-balance').waitFor();
    expect(await page.getByRole('button', { name: /pay/i }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it('shows a signed-in customer and a guest the 403 page, not the queue', async () => {
    const guest = await openPage(browser, { width: 1280 });
    await guest.page.goto('/staff');
    await guest.page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor();
    await guest.page.getByRole('link', { name: 'Sign in as staff' }).waitFor();
    expect(await axeViolations(guest.page)).toEqual([]);
    await guest.context.close();

    // The customer's session of this file (signed in by the first flow, or now).
    const { context, page } = await customer.openPage(browser, { width: 1280 });
    await page.goto('/staff');
    await page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const answer = await page.evaluate(async (authorization) => {
      const response = await fetch('/api/staff/queue', { headers: { Authorization: authorization } });
      return response.status;
    }, inject('clientAuthorization'));
    expect(answer).toBe(403);
    await context.close();
  });
});
