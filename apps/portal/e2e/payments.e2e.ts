// Paying, end to end in Chromium against the built portal and server: a customer (omar.martin, whom
// no other flow reads; signed in once for the file) pays by card and by bank
// account from Account Information with the right fee, sees the payment in the history and the new
// balance; a declined test card shows the processor's reason and charges nothing; a guest pays with
// Quick Pay in at most five screens and gets the receipt by e-mail. axe checks each step.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { baseUrl, connectBrowser, hasChromium, openPage } from './support/browser.ts';
import { solveHumanCheck } from './support/human-check.ts';
import { scrollToEnd } from './support/layout.ts';
import { OMAR } from './support/logins.ts';
import { mailCount, waitForMail } from './support/mailbox.ts';
import { FileSession } from './support/session.ts';

const money = (cents: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** The signed-in user's first account as the API has it now (balance in cents). */
async function firstAccount(page: Page): Promise<{ accountId: string; balanceCents: number }> {
  // My Account, where signing in lands, asks for the same details: only the answer to the page
  // opened here is read (an answer of the page left behind has no body once it is gone).
  const answer = page.waitForResponse(
    (response) =>
      response.url().endsWith('/oracle/getUserDetails') &&
      new URL(response.frame().url()).pathname === '/accountInfo',
  );
  await page.goto('/accountInfo');
  const account = (await (await answer).json()).accounts[0];
  await page.getByTestId('amount-due').waitFor();
  return account;
}

async function openCheckoutFromAccount(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Pay my Bill' }).click();
  await page.waitForURL('**/pay/checkout#token=*');
  await page.getByTestId('checkout-amount-due').waitFor();
  await page.getByText('Test mode').first().waitFor();
}

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
}

async function reviewAndPay(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Review payment' }).click();
  await page.getByRole('heading', { name: 'Review your payment' }).waitFor();
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

describe.skipIf(!hasChromium)('payments', () => {
  let browser: Browser;
  const customer = new FileSession(OMAR);
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a customer pays by card (2.5 %) and by bank ($0.75), sees both in the history and the new balance; a declined card charges nothing', async () => {
    const { context, page, problems } = await openPage(browser, { width: 1280 });
    await customer.signIn(page);
    const before = await firstAccount(page);

    // A declined test card: the processor's reason, nothing charged, the page stays usable.
    await openCheckoutFromAccount(page);
    await page.getByRole('radio', { name: 'Another amount' }).check();
    await page.getByLabel('Amount in dollars').fill('40.00');
    await fillCard(page, '4000 0000 0000 0002');
    await reviewAndPay(page);
    await expect
      .poll(() => page.getByTestId('payment-failure').textContent())
      .toContain('Your card was declined.');
    expect(await page.getByTestId('payment-failure').textContent()).toContain('Nothing was charged.');

    // Then a good card for $40.00: the fee is 2.5 % ($1.00), shown before paying and on the receipt.
    await page.getByRole('button', { name: 'Try another payment method' }).click();
    await fillCard(page, '4242 4242 4242 4242');
    await expect.poll(() => page.getByTestId('total-fee').textContent()).toBe('$1.00');
    expect(await page.getByTestId('total-charged').textContent()).toBe('$41.00');
    expect(await axeViolations(page)).toEqual([]);
    await reviewAndPay(page);
    const cardConfirmation = (await page.getByTestId('confirmation-number').textContent()) ?? '';
    expect(cardConfirmation).toMatch(/^GF[0-9A-F]{12}$/);
    expect(await page.getByTestId('total-fee').textContent()).toBe('$1.00');
    expect(await axeViolations(page)).toEqual([]);

    // A bank payment of $12.34 at phone width: the fee is a flat $0.75.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: 'Return to the portal' }).click();
    await page.getByTestId('amount-due').waitFor();
    await openCheckoutFromAccount(page);
    await page.getByRole('radio', { name: 'Another amount' }).check();
    await page.getByLabel('Amount in dollars').fill('12.34');
    await page.getByRole('radio', { name: /Bank account/ }).check();
    await page.getByLabel('Routing number').fill('110000000');
    await page.getByLabel('Account number').fill('000123456789');
    await expect.poll(() => page.getByTestId('total-charged').textContent()).toBe('$13.09');
    await reviewAndPay(page);
    await page.getByTestId('confirmation-number').waitFor();
    expect(await page.getByTestId('total-fee').textContent()).toBe('$0.75');
    expect(await axeViolations(page)).toEqual([]);

    // Back on Account Information: the balance is $52.34 lower (fees are not the utility's), and
    // both payments are in the history; the declined one is not.
    await page.setViewportSize({ width: 1280, height: 900 });
    const after = await firstAccount(page);
    expect(after.balanceCents).toBe(before.balanceCents - 4_000 - 1_234);
    await expect
      .poll(() => page.getByTestId('amount-due').textContent())
      .toBe(money(Math.abs(after.balanceCents)));
    // The history is drawn as the customer scrolls towards it.
    await scrollToEnd(page);
    const history = page.getByRole('region', { name: 'Bills and payments' });
    await history.locator('tbody tr').first().waitFor();
    await expect.poll(() => history.getByText(cardConfirmation, { exact: false }).count()).toBeGreaterThan(0);
    await expect.poll(() => history.getByText('-$12.34').count()).toBeGreaterThan(0);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedResponses).toEqual([]);
    await context.close();
  });

  it('a guest pays with Quick Pay in at most five screens and gets the receipt by e-mail', async () => {
    const account = inject('unlinkedAccount');
    const { context, page, problems } = await openPage(browser, { width: 390 });
    const email = `quickpay.${Date.now().toString(36)}@example.com`;
    const mailsBefore = mailCount(email);
    const started = Date.now();
    const screens: string[] = [];

    await page.goto(`/paybill?account=${account.accountNumber}`);
    await page.getByRole('heading', { level: 1, name: 'Pay Bill' }).waitFor();
    screens.push(new URL(page.url()).pathname);
    expect(await page.getByLabel('Account number').inputValue()).toBe(account.accountNumber);
    await page.getByLabel('PIN', { exact: true }).fill(account.pin);
    await solveHumanCheck(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await page.waitForURL('**/pay/checkout#token=*');
    await page.getByTestId('checkout-amount-due').waitFor();
    screens.push('checkout');
    if (await page.getByLabel('Amount in dollars').count())
      await page.getByLabel('Amount in dollars').fill('25.00');
    await fillCard(page, '4242424242424242');
    await page.getByLabel(/E-mail for the receipt/).fill(email);
    await page.getByRole('button', { name: 'Review payment' }).click();
    await page.getByRole('heading', { name: 'Review your payment' }).waitFor();
    screens.push('review');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByTestId('confirmation-number').waitFor();
    screens.push('receipt');
    const seconds = (Date.now() - started) / 1000;
    const confirmation = (await page.getByTestId('confirmation-number').textContent()) ?? '';
    console.info(`Quick Pay as a first-time guest: ${screens.length} screens in ${seconds.toFixed(1)} s`);
    expect(screens.length).toBeLessThanOrEqual(5);

    const receipt = await waitForMail(email, { after: mailsBefore, subject: /payment receipt/ });
    expect(receipt.subject).toContain(confirmation);
    expect(receipt.text).toContain(`ending ${account.accountNumber.slice(-4)}`);
    expect(receipt.text).not.toContain('4242424242424242');
    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedResponses).toEqual([]);
    await context.close();
  });

  it('a customer sets up AutoPay with a card and a maximum, then cancels it', async () => {
    const { context, page, problems } = await customer.openPage(browser, { width: 1280 });
    await firstAccount(page);
    const autopay = page.getByRole('region', { name: /AutoPay|Autopay benefits/ });
    await autopay.getByRole('button', { name: 'Set up AutoPay' }).click();
    // The test processor keeps the card: the form says so.
    await autopay.getByRole('complementary', { name: 'Test mode' }).waitFor();
    // Nothing entered: the card number is refused beside its field, nothing is saved.
    await autopay.getByRole('button', { name: 'Save AutoPay' }).click();
    await expect.poll(() => autopay.getByText('Card number is not valid').count()).toBe(1);
    await autopay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await autopay.getByLabel('Expiry date').fill('10/30');
    await autopay.getByLabel('Security code (CVC)').fill('123');
    await autopay.getByLabel('Maximum withdrawal (optional)').fill('400');
    expect(await axeViolations(page)).toEqual([]);
    await autopay.getByRole('button', { name: 'Save AutoPay' }).click();
    await autopay.getByText('AutoPay is on').waitFor();
    expect(await autopay.textContent()).toContain('Visa ending 4242');
    expect(await autopay.textContent()).toContain('$400.00');

    await autopay.getByRole('button', { name: 'Cancel AutoPay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel AutoPay?' });
    await dialog.getByRole('button', { name: 'Cancel AutoPay' }).click();
    await autopay.getByRole('button', { name: 'Set up AutoPay' }).waitFor();
    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedResponses).toEqual([]);
    await context.close();
  });

  it('draws a checkout link opened afresh from the server’s first view: hydrated, filled in place, no shift', async () => {
    const signedIn = await openPage(browser, { width: 390, height: 844 });
    await customer.signIn(signedIn.page);
    await firstAccount(signedIn.page);
    await openCheckoutFromAccount(signedIn.page);
    const link = signedIn.page.url();
    await signedIn.context.close();
    // The link opened in another browser (as on a payments host of its own: no session there). The
    // server never sees the fragment: it draws the page before its payment is read; the app keeps
    // those nodes (heading, test-mode notice), reads the token and fills the summary's place.
    const { context, page, problems } = await openPage(browser, {
      width: 390,
      height: 844,
      firstView: 'keep',
    });
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number; serverNodes: Element[] };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          w.shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('DOMContentLoaded', () => {
        w.serverNodes = [...document.querySelectorAll('.gf-first-view h1, .gf-first-view aside')];
      });
    });
    await page.goto(link);
    await page.getByTestId('checkout-amount-due').waitFor();
    await page.getByLabel('Card number').waitFor();
    const seen = await page.evaluate(() => {
      const w = window as unknown as { shifts: number; serverNodes: Element[] };
      return {
        nodes: w.serverNodes.length,
        kept: w.serverNodes.filter((n) => n.isConnected).length,
        shifts: w.shifts,
      };
    });
    expect(seen.nodes).toBe(2);
    expect(seen.kept).toBe(2);
    // Nothing drawn first moves (a font arriving late may move a line by a hair).
    expect(seen.shifts).toBeLessThan(0.005);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  it('opens no page from a made-up or reused link', async () => {
    const { context, page } = await openPage(browser, { width: 1280 });
    await page.goto(`${baseUrl()}/pay/checkout#token=${'x'.repeat(43)}`);
    await page.getByRole('heading', { name: 'This payment link cannot be used' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('not valid or has expired');
    await context.close();
  });
});
