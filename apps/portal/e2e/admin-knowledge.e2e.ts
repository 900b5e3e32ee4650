// The knowledge-base editor and disabling people (issue 14), in Chromium against the real server:
// the demo administrator edits the Green Tags article in /admin/knowledge (live preview), and AI
// Assist's API answers with the new text at once; then disables the demo agent, whose sign-in is
// refused with a clear message, and enables them again. Axe-clean at 1280 and 390 px. Everything is
// put back, since the other end-to-end files share this database.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { baseUrl, connectBrowser, hasChromium, openPage } from './support/browser.ts';

const DEMO_WIDGET_KEY = 'gf-assist-demo-7c1e4b2a9d';
const SHOTS = process.env.E2E_SCREENSHOTS;

async function signInAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
}

/** AI Assist's answer through its API, as the widget asks it. */
async function ask(page: Page, message: string): Promise<string> {
  const tokens = await page.request.post(`${baseUrl()}/ml/create-tokens`, {
    data: { apiKey: DEMO_WIDGET_KEY },
  });
  expect(tokens.status()).toBe(200);
  const { token } = (await tokens.json()) as { token: string };
  const answer = await page.request.post(`${baseUrl()}/ml/external-chat`, {
    headers: { authorization: `Bearer ${token}` },
    data: { message, language: 'en' },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { answer: string }).answer;
}

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe.skipIf(!hasChromium)('Administration: knowledge base and people', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('edits the Green Tags article and AI Assist answers with the new text at once', async () => {
    const { context, page } = await openPage(browser, { width: 1280 });
    await signInAs(page, 'admin', 'Admin@12345');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/admin/knowledge');
    await page.getByRole('heading', { level: 2, name: 'Knowledge base' }).waitFor();
    await page.getByText(/^\d+ articles$/).waitFor();
    expect(await ask(page, 'How much does a Green Tags block cost?')).toContain('$1.50');

    const section = page.getByRole('region', { name: 'Knowledge base' });
    await section.getByLabel('Language', { exact: true }).selectOption('en');
    await section.getByLabel('Search', { exact: true }).fill('green tags');
    const edit = page.getByRole('button', { name: /^Edit Green Tags .*\(English\)$/ });
    await edit.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await edit.click();
    await page.getByRole('heading', { level: 2, name: /^Editing: Green Tags/ }).waitFor();
    const text = page.getByLabel('Text (Markdown)');
    await expect.poll(() => text.inputValue()).toContain('$1.50 per month');
    const original = await text.inputValue();
    try {
      await text.fill(original.replace('$1.50 per month', '$1.65 per month'));
      // The live preview follows the text.
      await page.getByText('$1.65 per month', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Save article' }).click();
      await page.getByText('Saved. AI Assist answers from the new text now.').waitFor();
      const answer = await ask(page, 'How much does a Green Tags block cost?');
      expect(answer).toContain('$1.65');
      expect(answer).not.toContain('$1.50');
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, 'knowledge-1280');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('heading', { level: 2, name: /^Editing: Green Tags/ }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, 'knowledge-390');
      await page.setViewportSize({ width: 1280, height: 900 });
    } finally {
      // Put the shipped text back for the other tests.
      await text.fill(original);
      await page.getByRole('button', { name: 'Save article' }).click();
      await page.getByText('Saved. AI Assist answers from the new text now.').waitFor();
    }
    expect(await ask(page, 'How much does a Green Tags block cost?')).toContain('$1.50');

    // The change is in the audit log.
    await page
      .getByRole('navigation', { name: 'Administration sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await page.getByRole('table').getByText('admin.knowledge.update').first().waitFor();
    await context.close();
  });

  it('disables the demo agent, whose sign-in is then refused, and enables them again', async () => {
    const { context, page } = await openPage(browser, { width: 1280 });
    await signInAs(page, 'admin', 'Admin@12345');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/admin/people');
    await page.getByRole('heading', { level: 2, name: 'People' }).waitFor();
    const disable = page.getByRole('button', { name: 'Disable Alex Agent' });
    await disable.click();
    try {
      await page
        .getByText('Alex Agent is disabled: their sessions have ended and they cannot sign in.')
        .waitFor();
      await page.getByRole('button', { name: 'Enable Alex Agent' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, 'people-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, 'people-390');

      // Refusing oneself is explained.
      await page.getByRole('button', { name: 'Disable Robin Admin' }).click();
      await page.getByText('You cannot disable your own account.').waitFor();

      const agent = await openPage(browser, { width: 390 });
      await signInAs(agent.page, 'agent', 'Agent@12345');
      await agent.page
        .getByText('This account has been disabled. Please contact your utility’s administrator.')
        .first()
        .waitFor();
      expect(new URL(agent.page.url()).pathname).toBe('/login');
      expect(await axeViolations(agent.page)).toEqual([]);
      await shoot(agent.page, 'agent-refused-390');
      await agent.context.close();
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('button', { name: 'Enable Alex Agent' }).click();
      await page.getByText('Alex Agent can sign in again.').waitFor();
    }
    const again = await openPage(browser, { width: 1280 });
    await signInAs(again.page, 'agent', 'Agent@12345');
    await again.page.waitForURL((url) => url.pathname !== '/login');
    await again.context.close();
    await context.close();
  });
});
