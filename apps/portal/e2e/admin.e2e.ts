// Administration end to end (issue 14), in Chromium against the real server: the demo administrator
// opens /admin, a colour pair below WCAG AA is named and never sent, a passing brand is saved and the
// portal shows the new name and header colour on a fresh page without a restart; the save is in the
// audit log. An agent and a customer get the 403 page. Axe-clean at desktop and at 390 px. The
// demo's brand (name, theme, colours) is read before and put back in afterAll through the API, so a
// failing step cannot leave it changed for the files that run after this one.
import type { AdminBrandResponse } from '@gridfront/contracts/admin-brand';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { connectBrowser, hasChromium, openPage } from './support/browser.ts';
import { adminSession, keepDemoState } from './support/demo-state.ts';
import { AGENT, LEE } from './support/logins.ts';
import { mailCount, waitForMail } from './support/mailbox.ts';

async function signInAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

const headerColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--gf-header-bg').trim());

describe.skipIf(!hasChromium)('Administration', () => {
  let browser: Browser;
  const admin = adminSession();
  const brandOf = ({ name, theme, colors }: AdminBrandResponse) => ({ name, theme, colors });
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  keepDemoState(admin, () => browser, {
    path: '/admin/brand',
    restore: (api, before: AdminBrandResponse) => api('PUT', '/admin/brand', brandOf(before)),
    compared: brandOf,
  });

  it('refuses a failing colour pair by name, saves a passing brand the portal shows at once, logs it', async () => {
    const { context, page } = await admin.openPage(browser, { width: 1280 });
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    await page.getByLabel('Utility name').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const originalName = await page.getByLabel('Utility name').inputValue();

    // Header text the colour of the header background: named, and nothing is sent.
    const headerBg = await page.getByLabel('--gf-header-bg', { exact: true }).inputValue();
    let puts = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/admin/brand')) puts += 1;
    });
    await page.getByLabel('--gf-header-fg', { exact: true }).fill(headerBg);
    await page.getByText(/--gf-header-fg on --gf-header-bg: 1\.00:1, needs 4\.5:1/).waitFor();
    await page.getByRole('button', { name: 'Save brand' }).click();
    await new Promise((done) => setTimeout(done, 300));
    expect(puts).toBe(0);

    // A passing brand: white text on a dark header, a new name.
    await page.getByLabel('--gf-header-bg', { exact: true }).fill('#102a43');
    await page.getByLabel('--gf-header-fg', { exact: true }).fill('#ffffff');
    await page.getByText('Every text and background pair passes WCAG AA.').waitFor();
    await page.getByLabel('Utility name').fill('Riverbend Power & Light');
    await page.getByRole('button', { name: 'Save brand' }).click();
    await page.getByText('Brand saved. The portal shows it from now on.').waitFor();

    // A fresh page, no restart: the header has the new name and colour (the tenant's default theme).
    const fresh = await openPage(browser, { width: 1280 });
    await fresh.page.goto('/');
    await fresh.page.locator('header').getByText('Riverbend Power & Light').waitFor();
    await expect.poll(() => headerColour(fresh.page)).toBe('#102a43');
    expect(await axeViolations(fresh.page)).toEqual([]);
    await fresh.context.close();

    // The section menu: the audit log holds the save and filters by action.
    const menu = page.getByRole('navigation', { name: 'Administration sections' });
    expect(await menu.getByRole('link', { name: 'Brand' }).getAttribute('aria-current')).toBe('page');
    await menu.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL('**/admin/audit');
    await expect
      .poll(() => menu.getByRole('link', { name: 'Audit log' }).getAttribute('aria-current'))
      .toBe('page');
    await page.getByRole('table').getByText('admin.brand.update').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Action', { exact: true }).fill('admin.brand.update');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect
      .poll(async () =>
        (await page.getByRole('table').getByRole('row').allInnerTexts())
          .slice(1)
          .every((row) => row.includes('admin.brand.update')),
      )
      .toBe(true);

    // Invite an agent: the e-mail with the set-password link arrives.
    await menu.getByRole('link', { name: 'People' }).click();
    await page.waitForURL('**/admin/people');
    const email = `agent.${Date.now().toString(36)}@example.com`;
    const before = mailCount(email);
    await page.getByLabel('Username', { exact: true }).fill(`agent${Date.now().toString(36)}`);
    await page.getByLabel('Full name').fill('Nia New');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Role').selectOption('agent');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${email}.`).waitFor();
    const mail = await waitForMail(email, { after: before });
    expect(mail.text).toContain('/forgotPassword');
    await page.getByText('Nia New', { exact: false }).first().waitFor();

    // 390 px: still usable and axe-clean.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    // The name back from the page; afterAll puts back the name, theme and colours through the API.
    await page.setViewportSize({ width: 1280, height: 900 });
    await menu.getByRole('link', { name: 'Brand' }).click();
    await page.waitForURL('**/admin/brand');
    await page.getByLabel('Utility name').fill(originalName);
    await page.getByRole('button', { name: 'Save brand' }).click();
    await page.getByText('Brand saved. The portal shows it from now on.').waitFor();
    await context.close();
  });

  it('shows an agent and a customer the 403 page', async () => {
    for (const { username, password } of [AGENT, LEE]) {
      const { context, page } = await openPage(browser, { width: 390 });
      await signInAs(page, username, password);
      await page.goto('/admin');
      await page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor();
      expect(await page.getByLabel('Utility name').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });
});
