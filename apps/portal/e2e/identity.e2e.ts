// Accounts and sign-in end to end, in Chromium against the real server and a real SMTP server.
// Every flow stands alone: its own browser context and its own customer (signed up through the
// portal, or through the API on its own seeded account), so one failure does not hide the rest.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { connectBrowser, hasChromium, openPage, type PageProblems } from './support/browser.ts';
import { type Customer, createCustomer } from './support/customers.ts';
import { solveHumanCheck, widgetState } from './support/human-check.ts';
import { controlsOutsideTheirCards } from './support/layout.ts';
import { codeIn, mailCount, waitForMail } from './support/mailbox.ts';

const run = Date.now().toString(36);
const screenshots = resolve(import.meta.dirname, '../../../screenshots');
// Each flow that signs up takes its own seeded account.
const accounts = inject('unlinkedAccounts');
const accountFor = {
  portalSignUp: 0,
  twoFactor: 1,
  recovery: 2,
  settingsChange: 3,
  sessionRefresh: 4,
  phoneWidth: 5,
} as const;
function seededAccount(flow: keyof typeof accountFor): { accountNumber: string; pin: string } {
  const account = accounts[accountFor[flow]];
  if (!account) throw new Error(`global-setup provides no unlinked account for the ${flow} flow`);
  return account;
}

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

/** Username and password on /login. */
async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

async function logIn(page: Page, customer: Customer): Promise<void> {
  await submitLogin(page, customer.username, customer.password);
  await page.waitForURL('**/home');
}

/** Log in while two-factor is on: the code comes by e-mail and /twoFactorAuth takes it. */
async function logInWithCode(page: Page, customer: Customer): Promise<void> {
  const before = mailCount(customer.email);
  await submitLogin(page, customer.username, customer.password);
  await page.waitForURL('**/twoFactorAuth');
  const mail = await waitForMail(customer.email, { after: before, subject: /sign-in code/i });
  await page.getByLabel('Two-factor code', { exact: true }).fill(codeIn(mail));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/home');
}

async function openSettings(page: Page, customer: Customer): Promise<void> {
  await page.goto('/settings');
  await expect.poll(() => page.getByText(`Your username is ${customer.username}.`).count()).toBe(1);
}

/** The access token goes bad in the browser, as when it expires; the refresh cookie stays. */
async function spoilAccessToken(page: Page, token = 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.expired') {
  await page.evaluate((expired) => {
    localStorage.setItem('token', expired);
    // biome-ignore lint/suspicious/noDocumentCookie: the test imitates an expired cookie
    document.cookie = `accessToken=${expired}; path=/; secure; samesite=strict`;
  }, token);
}

/** The refresh cookie the server set: HttpOnly, so only the browser (not the page) can see it. */
async function httpOnlyRefreshCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'refreshToken' && cookie.httpOnly);
}

function expectNoPageProblems(problems: PageProblems): void {
  expect(problems.pageErrors).toEqual([]);
  // 400, 401 and 409 answers are part of these flows; Chromium logs each as a console error.
  expect(problems.consoleErrors.filter((line) => !/status of 40[019]/.test(line))).toEqual([]);
}

describe.runIf(hasChromium)('accounts and sign-in', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /** A fresh context (no cookies, no storage) for one flow; closed at the end of the file. */
  async function freshPage(options: { width?: number; height?: number } = {}) {
    const opened = await openPage(browser, options);
    contexts.push(opened.context);
    return opened;
  }

  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
  });

  it('signs up on an unlinked account, verifies the mailed code and creates the profile', async () => {
    const { page, problems } = await freshPage();
    const customer = {
      ...seededAccount('portalSignUp'),
      username: `e2e.signup.${run}`,
      fullName: 'Erin Endtoend',
      email: `erin.signup.${run}@example.com`,
      password: 'Start@12345',
    };
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

    // Sent at once, before the human check could solve itself, the form says what the spec says.
    // (With the test server's tiny proof of work, the check is solved moments after the form is
    // first focused, so this must come before any field is filled.)
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Please complete the reCAPTCHA verification').waitFor();
    await page.getByText('Username is required').waitFor();
    await page.getByLabel('Username', { exact: true }).fill(customer.username);
    await page.getByLabel('Full name', { exact: true }).fill(customer.fullName);
    await page.getByLabel('Email address', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(customer.password);
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
    expectNoPageProblems(problems);
  });

  it('an account that is already linked cannot be linked again', async () => {
    const { page } = await freshPage();
    const linked = inject('linkedAccount');
    await page.goto('/signup');
    await page.getByLabel('Account number', { exact: true }).fill(linked.accountNumber);
    await page.getByLabel('PIN', { exact: true }).fill(linked.pin);
    await page.getByRole('button', { name: 'Verify account' }).click();
    await expect
      .poll(() => toastTexts(page))
      .toContain(
        'This account is already registered. Please log in, or use Forgot Username to recover your username.',
      );
    expect(await page.getByRole('heading', { name: 'Your details' }).count()).toBe(0);
  });

  it('turns two-factor on, signs in with the mailed code, and turns it off only with the current password', async () => {
    const customer = await createCustomer(seededAccount('twoFactor'), 'tfa');
    const { page, problems } = await freshPage();
    await logIn(page, customer);
    await openSettings(page, customer);
    const tfaCard = page.getByRole('region', { name: 'Enable Two-factor authentication' });
    const toggle = tfaCard.getByRole('switch', { name: 'Two-factor authentication' });
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(false);
    // A controlled switch: it shows the server's flag, so it turns on once the refetch answers.
    await toggle.click();
    await expect.poll(() => toastTexts(page)).toContain('Two-factor authentication enabled');
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('isTfaEnabled'))).toBe('true');
    await shot(page, 'settings-1280');
    expect(await axeViolations(page)).toEqual([]);

    await logOut(page);
    await logInWithCode(page, customer);
    expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');

    // Off: the switch asks for the current password; the server refuses a wrong one.
    await openSettings(page, customer);
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await toggle.click();
    const disableForm = tfaCard.getByRole('form', { name: 'Turn off two-factor authentication' });
    await disableForm.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    const password = disableForm.getByLabel('Current password', { exact: true });
    await disableForm.getByRole('button', { name: 'Turn off' }).click();
    await disableForm.getByText('Current password is required').waitFor();
    await password.fill('Wrong@12345');
    await disableForm.getByRole('button', { name: 'Turn off' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Current password is incorrect');
    expect(await toggle.isChecked()).toBe(true);
    await shot(page, 'settings-tfa-off-1280');
    await tfaCard.screenshot({ path: join(screenshots, 'settings-tfa-card-1280.png') });
    expect(await axeViolations(page)).toEqual([]);

    await password.fill(customer.password);
    await disableForm.getByRole('button', { name: 'Turn off' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Two-factor authentication disabled');
    await disableForm.waitFor({ state: 'detached' });
    await expect.poll(() => toggle.isChecked()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('isTfaEnabled'))).toBe('false');

    // Signing in asks for no code any more.
    await logOut(page);
    await logIn(page, customer);
    expectNoPageProblems(problems);
  });

  it('recovers the username, the account number and the password by e-mail', async () => {
    const customer = await createCustomer(seededAccount('recovery'), 'recovery');
    const { page, problems } = await freshPage();
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
    const newPassword = 'Reset@12345';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill('Other@12345');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password and Confirm password does not match').waitFor();
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/login');
    await logIn(page, { ...customer, password: newPassword });
    expectNoPageProblems(problems);
  });

  it('changes the username and the password in Settings', async () => {
    const customer = await createCustomer(seededAccount('settingsChange'), 'change');
    const { page, problems } = await freshPage();
    await logIn(page, customer);
    await openSettings(page, customer);
    const newUsername = `${customer.username}.renamed`;
    await page.getByLabel('New username', { exact: true }).fill(newUsername);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Change Username' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Username changed successfully');
    await expect.poll(() => page.getByText(`Your username is ${newUsername}.`).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('userName'))).toBe(newUsername);

    const newPassword = 'Changed@12345';
    await page.getByLabel('Current password', { exact: true }).fill(customer.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await expect.poll(() => toastTexts(page)).toContain('Password changed successfully');

    await logOut(page);
    await logIn(page, { ...customer, username: newUsername, password: newPassword });
    expectNoPageProblems(problems);
  });

  it('keeps the refresh token out of scripts and refreshes with the HttpOnly cookie alone', async () => {
    const customer = await createCustomer(seededAccount('sessionRefresh'), 'session');
    const { context, page, problems } = await freshPage();
    await logIn(page, customer);

    // The server's cookie: HttpOnly, Secure, SameSite=Strict, on the path of the refresh call.
    // Chromium keeps Secure cookies on http://127.0.0.1, which it counts as a secure origin.
    const issued = await httpOnlyRefreshCookie(context);
    expect(issued).toMatchObject({ path: '/api/auth', secure: true, sameSite: 'Strict' });
    const secret = issued?.value ?? '';
    expect(secret.length).toBeGreaterThan(20);
    // What scripts see: the spec's refreshToken cookie as a marker, never the token.
    const scriptCookies = await page.evaluate(() => document.cookie);
    expect(scriptCookies).not.toContain(secret);
    expect(scriptCookies).toMatch(/(^|; )refreshToken=httpOnly(;|$)/);
    expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage })))).not.toContain(secret);

    await openSettings(page, customer);
    await spoilAccessToken(page);
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Session Expired' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Your session has expired. Do you want to continue?');
    // The dialog's one action has the focus (the modal placed it there when it opened).
    expect(
      await dialog
        .getByRole('button', { name: 'Continue' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await shot(page, 'session-expired-1280');
    expect(await axeViolations(page)).toEqual([]);
    const refreshCall = page.waitForRequest((request) => request.url().endsWith('/api/auth/refreshToken'));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const request = await refreshCall;
    // The page sent no token: the browser attached the HttpOnly cookie, and the server rotated it.
    expect(request.postData() ?? '').not.toContain(secret);
    expect(JSON.parse(request.postData() ?? 'null')).toEqual({});
    expect((await request.allHeaders()).cookie).toContain(`refreshToken=${secret}`);
    expect((await request.response())?.status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    // The failed call was made again with the new token.
    await expect.poll(() => page.getByText(`Your username is ${customer.username}.`).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toContain('expired');
    expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');
    const rotated = (await httpOnlyRefreshCookie(context))?.value ?? '';
    expect(rotated).not.toBe('');
    expect(rotated).not.toBe(secret);
    expect(await page.evaluate(() => document.cookie)).not.toContain(rotated);

    // Logout revokes the session of the HttpOnly cookie and clears both cookies.
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await logOut(page);
    expect((await loggedOut).status()).toBe(200);
    await expect.poll(() => httpOnlyRefreshCookie(context)).toBeUndefined();
    expect(await page.evaluate(() => document.cookie)).not.toContain('refreshToken');
    expectNoPageProblems(problems);
  });

  it('shows the same pages at phone width', async () => {
    const customer = await createCustomer(seededAccount('phoneWidth'), 'phone');
    const { page, problems } = await freshPage({ width: 390, height: 844 });
    await logIn(page, customer);
    await openSettings(page, customer);
    await page.getByLabel('Mailing address', { exact: true }).waitFor();
    expect(await controlsOutsideTheirCards(page)).toEqual([]);
    await shot(page, 'settings-390');

    // The two-factor card with its password form fits the phone too.
    const tfaCard = page.getByRole('region', { name: 'Enable Two-factor authentication' });
    const toggle = tfaCard.getByRole('switch', { name: 'Two-factor authentication' });
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await toggle.click();
    await tfaCard.getByRole('form', { name: 'Turn off two-factor authentication' }).waitFor();
    expect(await controlsOutsideTheirCards(page)).toEqual([]);
    await tfaCard.screenshot({ path: join(screenshots, 'settings-tfa-off-390.png') });

    await spoilAccessToken(page, 'bad.token.value');
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Session Expired' });
    await dialog.waitFor();
    await shot(page, 'session-expired-390');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const guest = await freshPage({ width: 390, height: 844 });
    await guest.page.goto('/signup');
    await guest.page.getByLabel('Account number', { exact: true }).waitFor();
    expect(await controlsOutsideTheirCards(guest.page)).toEqual([]);
    await shot(guest.page, 'signup-step1-390');
    expectNoPageProblems(problems);
    expectNoPageProblems(guest.problems);
  });
});
