// Notices end to end: the demo account's unpaid bill gets its due-date reminder exactly once over
// real SMTP, with the RFC 8058 headers; the unsubscribe link opened in Chromium asks first, then
// turns off reminders only; /settings shows the switches (keyboard, phone width, axe clean) and
// turns reminders back on, so the run leaves demo as it found it. demo signs in once for the file;
// no other flow runs the notice scheduler or reads demo's notice settings. Should the flow stop between
// the unsubscribe and /settings, afterAll turns demo's reminders back on through the API.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { connectBrowser, hasChromium, openPage } from './support/browser.ts';
import { sessionApi } from './support/demo-state.ts';
import { DEMO } from './support/logins.ts';
import { mailCount, readMailbox, waitForMail } from './support/mailbox.ts';
import { FileSession } from './support/session.ts';
import type { CaughtMessage } from './support/smtp-catcher.ts';

const DEMO_EMAIL = 'demo@example.com';
const REMINDER = /your bill is due soon/;

interface RunReport {
  reminders: number;
  pastDue: number;
  optedOut: number;
}

/** Runs the notice scheduler of the e2e server as of `now` (a dev route, this machine only). */
async function runScheduler(now: Date): Promise<RunReport> {
  const response = await fetch(new URL('/dev/notifications/run', inject('baseUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: now.toISOString() }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as RunReport;
}

const reminders = () =>
  readMailbox().filter((mail) => mail.to.includes(DEMO_EMAIL) && REMINDER.test(mail.subject));

/** The raw message (headers included) that carries this unsubscribe token. */
function rawWithToken(token: string): string | undefined {
  return readFileSync(inject('mailboxPath'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as CaughtMessage).raw)
    .find((raw) => raw.replace(/\r?\n[ \t]+/g, '').includes(token));
}

describe.skipIf(!hasChromium)('Notifications', () => {
  let browser: Browser;
  const demo = new FileSession(DEMO);
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  // Runs before the browser closes (hooks after the tests run in reverse order).
  afterAll(async () => {
    const api = await sessionApi(demo, browser);
    await api('PUT', '/notifications/preferences', { preferences: { due_reminder: true } });
    const { preferences } = await api<{ preferences: Record<string, boolean> }>(
      'GET',
      '/notifications/preferences',
    );
    expect(preferences.due_reminder).toBe(true);
  });

  it('sends the unpaid bill reminder once; its unsubscribe link stops reminders only', async () => {
    const before = mailCount(DEMO_EMAIL);
    expect(reminders()).toEqual([]);
    // The seed's latest bill falls due within the next weeks or fell due in the last ones: walk the
    // scheduler's clock day by day from a month ago until the reminder window opens for it.
    const day = 86_400_000;
    const start = Date.now() - 30 * day;
    let sentOn: Date | undefined;
    for (let offset = 0; offset <= 55 && !sentOn; offset += 1) {
      const now = new Date(start + offset * day);
      // Every seeded bill falls due on the same day: the first pass that sends reminders sends demo's.
      if ((await runScheduler(now)).reminders > 0) sentOn = now;
    }
    if (!sentOn) throw new Error('no reminder was sent for the demo bill');
    const mail = await waitForMail(DEMO_EMAIL, { after: before, subject: REMINDER });
    expect(mail.text).toMatch(/Amount unpaid: \$[\d,]+\.\d\d/);

    // Again, and a day later, both before the due date: still one.
    await Promise.all([runScheduler(sentOn), runScheduler(sentOn)]);
    await runScheduler(new Date(sentOn.getTime() + day));
    await new Promise((done) => setTimeout(done, 1500));
    expect(reminders()).toHaveLength(1);

    const link = /Unsubscribe from these e-mails: (\S+)/.exec(mail.text)?.[1];
    if (!link) throw new Error(`no unsubscribe link in:\n${mail.text}`);
    const token = new URL(link).searchParams.get('token') ?? '';
    const raw = rawWithToken(token)?.replace(/\r?\n[ \t]+/g, '') ?? '';
    expect(raw).toMatch(/^List-Unsubscribe:\s*<http[^>]+\/api\/notifications\/unsubscribe\?token=/im);
    expect(raw).toMatch(/^List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click/im);

    const { context, page, problems } = await openPage(browser, { width: 390 });
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Unsubscribe');
    expect(await page.textContent('main')).toContain(
      'Stop "Payment due reminders" e-mails to demo@example.com?',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('You are unsubscribed');
    expect(await axeViolations(page)).toEqual([]);

    // /settings: reminders off, every other type still on; keyboard turns reminders back on.
    await demo.signIn(page);
    await page.goto('/settings');
    const reminderSwitch = page.getByRole('switch', { name: 'Payment due reminders' });
    await expect.poll(() => reminderSwitch.isVisible()).toBe(true);
    expect(await reminderSwitch.isChecked()).toBe(false);
    for (const name of ['New bill ready', 'Past-due notices', 'AutoPay notices', 'Service request updates']) {
      expect(await page.getByRole('switch', { name }).isChecked(), name).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);
    await reminderSwitch.focus();
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Saved' }).textContent())
      .toBe('Saved: Payment due reminders is on.');
    expect(await reminderSwitch.isChecked()).toBe(true);
    await page.reload();
    await expect.poll(() => reminderSwitch.isChecked()).toBe(true);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedResponses).toEqual([]);
    await context.close();
  }, 180_000);

  it('shows the switches at phone width in two themes, reachable by keyboard, axe clean', async () => {
    const { context, page, problems } = await demo.openPage(browser, { width: 1280 });
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'E-mail notifications' });
    await section.getByRole('switch', { name: 'New bill ready' }).waitFor();
    for (const theme of ['lubbock', 'darkBlue']) {
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
    // Tab moves from one switch to the next, in the order of the list.
    await section.getByRole('switch', { name: 'New bill ready' }).focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('id'));
    const reminders = await section.getByRole('switch', { name: 'Payment due reminders' }).getAttribute('id');
    expect(focused).toBe(reminders);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });
});
