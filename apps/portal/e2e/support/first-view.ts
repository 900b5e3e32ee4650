// Watching the server's first view from the browser (issue 7), shared by the end-to-end files that
// check it: which of the view's nodes the app kept (it hydrated them) and the pages' screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Keeps, as the document is parsed, the nodes matching `selector` in the server's view the page
 * shows (the customer's view for a browser with a session, else the visitor's), under the window's
 * `into`: after the app ran they are still in the page when it hydrated the view, and gone when it
 * rendered afresh.
 */
export async function keepServerNodes(page: Page, selector: string, into = 'serverNodes'): Promise<void> {
  await page.addInitScript(
    ({ selector, into }) => {
      document.addEventListener('DOMContentLoaded', () => {
        const kind = document.documentElement.hasAttribute('data-gf-session')
          ? '[data-gf-for="session"]'
          : ':not([data-gf-for])';
        const view = document.querySelector(`.gf-first-view${kind}`);
        (window as unknown as Record<string, Element[]>)[into] = view
          ? [...view.querySelectorAll(selector)]
          : [];
      });
    },
    { selector, into },
  );
}

/** How many nodes `keepServerNodes` kept under `from`, and how many of them are still in the page. */
export const serverNodesKept = (page: Page, from = 'serverNodes') =>
  page.evaluate((from) => {
    const nodes = (window as unknown as Record<string, Element[]>)[from] ?? [];
    return { count: nodes.length, connected: nodes.filter((node) => node.isConnected).length };
  }, from);

/** Set E2E_SCREENSHOTS to a folder to keep the pages' screenshots there as `<name>.png`. */
export async function shoot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage });
}
