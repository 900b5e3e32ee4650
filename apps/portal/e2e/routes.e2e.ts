// Every route of the spec's point 2, signed out and signed in, with the guards, the toast,
// the unknown-path redirect, no console errors (CSP violations included) and no axe violations.
// Signed in as sam.okafor, once for the file (the wrong password below is one more attempt).
import { portalRoutes } from '@gridfront/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { connectBrowser, hasChromium, openPage } from './support/browser.ts';
import { SAM } from './support/logins.ts';
import { FileSession } from './support/session.ts';

const byAccess = (access: string) => portalRoutes.filter((route) => route.access === access);

describe.runIf(hasChromium)('routes', () => {
  let browser: Browser;
  const customer = new FileSession(SAM);
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves every public, guest-only and standalone page to a visitor, accessibly', async () => {
    const { context, page, problems } = await openPage(browser);
    for (const route of [...byAccess('public'), ...byAccess('guestOnly'), ...byAccess('standalone')]) {
      await page.goto(route.path);
      await expect.poll(() => new URL(page.url()).pathname, { message: route.path }).toBe(route.path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByRole('heading', { level: 1 }).count(), `one h1 on ${route.path}`).toBe(1);
      expect(await axeViolations(page), `axe on ${route.path}`).toEqual([]);
    }
    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedResponses).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  it('sends a visitor from each login-required page to /login with the spec toast', async () => {
    const { context, page } = await openPage(browser);
    for (const route of byAccess('loginRequired')) {
      await page.goto(route.path);
      await page.waitForURL('**/login');
      await expect
        .poll(() => page.getByRole('alert').allInnerTexts())
        .toContain(`Please log in to access the ${route.page} page`);
    }
    await context.close();
  });

  it('redirects unknown paths to /', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/no/such/page');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('The AI Accelerator for the Energy & Utility Industry');
    await context.close();
  });

  it('shows login-required pages to a customer and bounces guest-only pages to /home', async () => {
    const { context, page, problems } = await openPage(browser);
    await customer.signIn(page);
    for (const route of byAccess('loginRequired')) {
      await page.goto(route.path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe(route.path);
      expect(await axeViolations(page), `axe on ${route.path}`).toEqual([]);
    }
    for (const route of byAccess('guestOnly')) {
      await page.goto(route.path);
      await expect.poll(() => new URL(page.url()).pathname, { message: route.path }).toBe('/home');
    }
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it('rejects a wrong password with the spec message and keeps the visitor signed out', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/login');
    await page.getByLabel(/username/i).fill(customer.username);
    await page.getByLabel(/^password/i).fill('Wrong@12345');
    await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContain('Invalid username or password');
    await page.goto('/settings');
    await page.waitForURL('**/login');
    await context.close();
  });

  // Last in the file: logging out ends the session the file's pages share.
  it('logs out: clears the session values and both cookies, and goes to /', async () => {
    const { context, page } = await customer.openPage(browser);
    expect((await context.cookies()).map((c) => c.name)).toContain('accessToken');
    await page
      .getByRole('button', { name: /log ?out/i })
      .first()
      .click({ trial: false })
      .catch(async () => {
        // On narrow screens the menu holds the button.
        await page.getByRole('button', { name: /menu/i }).click();
        await page
          .getByRole('button', { name: /log ?out/i })
          .first()
          .click();
      });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    // The portal clears its cookies at once; the HttpOnly refresh cookie goes with the server's
    // answer to the logout call, which may come a moment after the page has moved to /.
    const names = () => context.cookies().then((cookies) => cookies.map((c) => c.name));
    await expect.poll(names).not.toContain('refreshToken');
    expect(await names()).not.toContain('accessToken');
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k !== 'theme' && k !== 'language')),
    ).toEqual([]);
    await page.goto('/usage');
    await page.waitForURL('**/login');
    await context.close();
  });
});
