// Layout checks a person would make by eye at phone width.
import type { Page } from 'playwright-core';

/**
 * Form controls that stick out of the card (section) they belong to, as "name left-right card
 * left-right"; empty when every field and button sits inside its card.
 */
export function controlsOutsideTheirCards(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const outside: string[] = [];
    for (const control of document.querySelectorAll('main input, main select, main textarea, main button')) {
      const card = control.closest('section');
      const box = control.getBoundingClientRect();
      if (!card || box.width === 0) continue;
      const bounds = card.getBoundingClientRect();
      if (box.left < bounds.left || box.right > bounds.right + 0.5) {
        const name = control.getAttribute('name') ?? control.textContent?.trim() ?? control.tagName;
        outside.push(`${name} ${box.left}-${box.right} card ${bounds.left}-${bounds.right}`);
      }
    }
    return outside;
  });
}

/**
 * Scrolls to the end of the page as a reader would, until it stops growing: the parts of an account
 * page below its first view are drawn only as they come near the view (AfterFirstView).
 */
export async function scrollToEnd(page: Page): Promise<void> {
  let height = -1;
  for (let step = 0; step < 10; step++) {
    const now = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return document.documentElement.scrollHeight;
    });
    if (now === height) return;
    height = now;
    await page.waitForTimeout(300);
  }
}
