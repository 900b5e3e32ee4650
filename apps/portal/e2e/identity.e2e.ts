// Accounts and sign-in end to end, in Chromium against the real server and a real SMTP server:
// sign up on a seeded account nobody has linked, verify the e-mail with the mailed code, create
// the profile, log out and in, turn two-factor on and sign in with the mailed code, recover the
// username and the password, change both, and keep the session through the session-expired dialog.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { hasChromium, launchBrowser, openPage, type PageProblems } from './support/browser.ts';
import { solveHumanCheck, widgetState } from './support/human-check.ts';
import { controlsOutsideTheirCards } from './support/layout.ts';
import { codeIn, mailCount, waitForMail } from './support/mailbox.ts';

const run = Date.now().toString(36);
const customer = {
  ...inject('unlinkedAccount'),
  username: `e2e.${run}`,
  fullName: 'Erin Endtoend',
  email: `erin.${run}@example.com`,
  password: 'Start@12345',
};
const screenshots = resolve(import.meta.dirname, '../../../screenshots');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
}

async function toastTexts(page: Page): Promise<string[]> {
  return page.getByRole('alert').allInnerTexts();
}

async function logOut(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /log ?out/i })
    .first()
    .click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
}

/** Username and password on /login; returns where the portal went. */
async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Log in while two-factor is on: the code comes by e-mail and /twoFactorAuth takes it. */
async function logInWithCode(page: Page, username: string, password: string): Promise<void> {
  const before = mailCount(customer.email);
  await submitLogin(page, username, password);
  await page.waitForURL('**/twoFactorAuth');
  const mail = await waitForMail(customer.email, { after: before, subject: /sign-in code/i });
  await page.getByLabel('Two-factor code', { exact: true }).fill(codeIn(mail));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/home');
}

describe.runIf(hasChromium)('accounts and sign-in', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page, problems } = await openPage(browser));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('signs up on an unlinked account, verifies the mailed code and creates the profile', async () => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Verify account' }).click();
    await expect.poll(() => page.getByText('Account no is required').count()).toBe(1);
    expect(await page.getByLabel('Account number', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );

    await page.getByLabel('Account number', { exact: true }).fill(customer.accountNumber);
    await page.getByLabel('PIN', { exact: true }).fill(customer.pin);
    await shot(page, 'signup-step1-1280');
    await page.getByRole('button', { name: 'Verify account' }).click();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();

    await page.getByLabel('Username', { exact: true }).fill(customer.username);
    await page.getByLabel('Full name', { exact: true }).fill(customer.fullName);
    await page.getByLabel('Email address', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(customer.password);
    // Without the human check the form says what the spec says.
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Please complete the reCAPTCHA verification').waitFor();
    await solveHumanCheck(page);
    await shot(page, 'signup-step2-1280');
    expect(await axeViolations(page)).toEqual([]);

    const before = mailCount(customer.email);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/emailVerify');
    const mail = await waitForMail(customer.email, { after: before, subject: /verify your e-mail/i });
    await shot(page, 'email-verify-1280');
    await page.getByLabel('Verification code', { exact: true }).fill(codeIn(mail));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/createProfile');
    // The tokens are kept, but the login flag waits for the profile.
    expect(await page.evaluate(() => localStorage.getItem('isLogin'))).not.toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    await page.getByLabel('Mailing address', { exact: true }).fill('12 Elm Street');
    await page.getByLabel('Service address', { exact: true }).fill('12 Elm Street');
    await page.getByLabel('City', { exact: true }).fill('Riverbend');
    await page.getByLabel('State', { exact: true }).fill('MO');
    await page.getByLabel('ZIP code', { exact: true }).fill('6310');
    await page.getByLabel('Phone number', { exact: true }).fill('5550104400');
    await page.getByRole('button', { name: 'Create profile' }).click();
    await page.getByText('Zip Code must be a 5-digit number').waitFor();
    expect(await page.getByLabel('Phone number', { exact: true }).inputValue()).toBe('(555) 010-4400');
    await page.getByLabel('ZIP code', { exact: true }).fill('63101');
    await page.getByRole('button', { name: 'Create profile' }).click();
    await page.waitForURL('**/home');
    expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');
  });

  it('an account that is already linked cannot be linked again', async () => {
    const other = await openPage(browser);
    await other.page.goto('/signup');
    await other.page.getByLabel('Account number', { exact: true }).fill(customer.accountNumber);
    await other.page.getByLabel('PIN', { exact: true }).fill(customer.pin);
    await other.page.getByRole('button', { name: 'Verify account' }).click();
    await expect
      .poll(() => toastTexts(other.page))
      .toContain(
        'This account is already registered. Please log in, or use Forgot Username to recover your username.',
      );
    expect(await other.page.getByRole('heading', { name: 'Your details' }).count()).toBe(0);
    await other.context.close();
  });

  it('logs out and in, then turns two-factor on in Settings', async () => {
    await logOut(page);
    await submitLogin(page, customer.username, customer.password);
    await page.waitForURL('**/home');

    await page.goto('/settings');
    await expect.poll(() => page.getByText(`Your username is ${customer.username}.`).count()).toBe(1);
    const toggle = page.getByRole('switch', { name: 'Two-factor authentication' });
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(false);
    // A controlled switch: it shows the server's flag, so it turns on once the refetch answers.
    await toggle.click();
    await expect.poll(() => toastTexts(page)).toContain('Two-factor authentication enabled');
    // The flag is refetched from the server and shown as the switch's state.
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('isTfaEnabled'))).toBe('true');
    await shot(page, 'settings-1280');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('logs in with the two-factor code from the e-mail', async () => {
    await logOut(page);
    await logInWithCode(page, customer.username, customer.password);
    expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');
  });

  it('recovers the username and the password by e-mail', async () => {
    await logOut(page);
    await page.goto('/forgotUsername');
    await page.locator('altcha-widget input[type="checkbox"]').waitFor();
    await page.getByLabel('Email address', { exact: true }).fill(customer.email);
    // Focusing the form starts the proof of work by itself: no click on the check is needed.
    await expect.poll(() => widgetState(page), { timeout: 30_000 }).toBe('verified');
    let before = mailCount(customer.email);
    await page.getByRole('button', { name: 'Send my username' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'If an account matches this email address, we have sent the username to it' })
      .waitFor();
    const usernameMail = await waitForMail(customer.email, { after: before, subject: /your username/i });
    expect(usernameMail.text).toContain(customer.username);

    await page.goto('/forgotAccountNo');
    await page.getByLabel('Email address', { exact: true }).fill(customer.email);
    await solveHumanCheck(page);
    before = mailCount(customer.email);
    await page.getByRole('button', { name: 'Send my account number' }).click();
    const accountMail = await waitForMail(customer.email, { after: before, subject: /account number/i });
    expect(accountMail.text).toContain(customer.accountNumber);

    await page.goto('/forgotPassword');
    await page.getByLabel('Username', { exact: true }).fill(customer.username);
    await solveHumanCheck(page);
    before = mailCount(customer.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    const resetMail = await waitForMail(customer.email, { after: before, subject: /reset your password/i });
    await page.getByLabel('Verification code', { exact: true }).fill(codeIn(resetMail));
    customer.password = 'Reset@12345';
    await page.getByLabel('New password', { exact: true }).fill(customer.password);
    await page.getByLabel('Confirm password', { exact: true }).fill('Other@12345');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password and Confirm password does not match').waitFor();
    await page.getByLabel('Confirm password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/login');
    await logInWithCode(page, customer.username, customer.password);
  });

  it('changes the username and the password in Settings', async () => {
    await page.goto('/settings');
    const newUsername = `${customer.username}.renamed`;
    await page.getByLabel('New username', { exact: true }).fill(newUsername);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Change Username' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Username changed successfully');
    await expect.poll(() => page.getByText(`Your username is ${newUsername}.`).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('userName'))).toBe(newUsername);
    customer.username = newUsername;

    const newPassword = 'Changed@12345';
    await page.getByLabel('Current password', { exact: true }).fill(customer.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await expect.poll(() => toastTexts(page)).toContain('Password changed successfully');
    customer.password = newPassword;

    await logOut(page);
    await logInWithCode(page, customer.username, customer.password);
  });

  it('asks to continue when the access token has expired, refreshes and retries', async () => {
    await page.goto('/settings');
    await expect.poll(() => page.getByText(`Your username is ${customer.username}.`).count()).toBe(1);
    // The access token goes bad in the browser (as when it expires); the refresh token stays.
    await page.evaluate(() => {
      const expired = 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.expired';
      localStorage.setItem('token', expired);
      // biome-ignore lint/suspicious/noDocumentCookie: the test imitates an expired cookie
      document.cookie = `accessToken=${expired}; path=/; secure; samesite=strict`;
    });
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Session Expired' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Your session has expired. Do you want to continue?');
    await shot(page, 'session-expired-1280');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The failed call was made again with the new token.
    await expect.poll(() => page.getByText(`Your username is ${customer.username}.`).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toContain('expired');
    expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');
  });

  it('shows the same pages at phone width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/settings');
    await expect.poll(() => page.getByText(`Your username is ${customer.username}.`).count()).toBe(1);
    await page.getByLabel('Mailing address', { exact: true }).waitFor();
    expect(await controlsOutsideTheirCards(page)).toEqual([]);
    await shot(page, 'settings-390');
    await page.evaluate(() => {
      localStorage.setItem('token', 'bad.token.value');
      // biome-ignore lint/suspicious/noDocumentCookie: the test imitates an expired cookie
      document.cookie = 'accessToken=bad.token.value; path=/; secure; samesite=strict';
    });
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Session Expired' });
    await dialog.waitFor();
    await shot(page, 'session-expired-390');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const phone = await openPage(browser, { width: 390, height: 844 });
    await phone.page.goto('/signup');
    await phone.page.getByLabel('Account number', { exact: true }).waitFor();
    expect(await controlsOutsideTheirCards(phone.page)).toEqual([]);
    await shot(phone.page, 'signup-step1-390');
    await phone.context.close();
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors.filter((line) => !/status of 40[019]/.test(line))).toEqual([]);
  });
});
