// The ALTCHA human check solved for real: the widget's proof of work runs in its workers.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The state the widget shows now ('unverified', 'verifying', 'verified', 'error'…). */
export const widgetState = (page: Page): Promise<string> =>
  page.evaluate(() => document.querySelector('altcha-widget')?.getState() ?? 'absent');

/**
 * Waits until the check is solved. The proof of work starts by itself when the form is first
 * focused; where nobody has focused it yet, a click on the checkbox starts it, as a person would.
 */
export async function solveHumanCheck(page: Page): Promise<void> {
  const checkbox = page.locator('altcha-widget input[type="checkbox"]');
  await checkbox.waitFor();
  // The checkbox must be visible to a person: a drawn border, not a transparent square.
  const border = await checkbox.evaluate((box) => getComputedStyle(box).borderTopWidth);
  expect(Number.parseFloat(border)).toBeGreaterThan(0);
  if ((await widgetState(page)) === 'unverified') await checkbox.click({ force: true });
  await expect.poll(() => widgetState(page), { timeout: 30_000 }).toBe('verified');
}
