// The app hydrates the server's first view (issue 7: main.tsx, app/server-view.ts), Preact over the
// markup of preact-render-to-string, as both ship (apps/portal/vite.config.ts). Preact's hydration
// keeps the server's nodes and attributes as they are and reports no mismatch, so this checks what
// a mismatch would leave: every server-rendered route's nodes are still the page's after the app
// runs (not drawn a second time beside them), no error is logged, the useId values in the page are
// those the app gives when it renders the same route afresh, and every id a label or an aria-*
// attribute names is in the page, also after a form shows its errors.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, hasChromium, openPage } from './support/browser.ts';
import { keepServerNodes, serverNodesKept } from './support/first-view.ts';
import { MARIA } from './support/logins.ts';
import { FileSession } from './support/session.ts';

/** The routes the server renders, read from the server's build of the portal (what ships). */
async function renderedPaths(): Promise<{ visitor: string[]; customer: string[] }> {
  const serverBuild = new URL('../dist/server/entry-server.js', import.meta.url).href;
  const module = (await import(serverBuild)) as {
    SERVER_RENDERED_PATHS: readonly string[];
    SIGNED_IN_PATHS: readonly string[];
  };
  return { visitor: [...module.SERVER_RENDERED_PATHS], customer: [...module.SIGNED_IN_PATHS] };
}

/** Keeps, as the document is parsed, the elements of the view the browser's kind will hydrate. */
async function keepServerView(page: Page): Promise<void> {
  await keepServerNodes(page, '*');
  await keepServerNodes(page, 'h1, header, nav, main, footer', 'serverLandmarks');
}

/** Of the view's elements and of its landmarks, how many there were and how many are still there. */
async function serverViewKept(page: Page) {
  const all = await serverNodesKept(page);
  const landmarks = await serverNodesKept(page, 'serverLandmarks');
  return { ...all, landmarks: landmarks.count, landmarksConnected: landmarks.connected };
}

const REFERENCES = ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls'];

/** The useId-made ids and references in the page, in document order (the human check's own are random). */
const pageIds = (page: Page) =>
  page.evaluate((references) => {
    const list: string[] = [];
    for (const element of document.querySelectorAll('#root *')) {
      for (const name of ['id', ...references]) {
        const value = element.getAttribute(name);
        if (value?.startsWith('P') && /^P[\w-]+$/.test(value.split(' ')[0] ?? '')) {
          list.push(`${element.tagName.toLowerCase()} ${name}=${value}`);
        }
      }
    }
    return list;
  }, REFERENCES);

/** References to ids that are not in the page. */
const brokenReferences = (page: Page) =>
  page.evaluate((references) => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll(references.map((name) => `#root [${name}]`).join(', '))) {
      for (const name of references) {
        for (const id of (element.getAttribute(name) ?? '').split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) broken.push(`${element.tagName.toLowerCase()} ${name}=${id}`);
        }
      }
    }
    return broken;
  }, REFERENCES);

async function settled(page: Page): Promise<void> {
  await page.locator('.gf-first-view').first().waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
}

describe.runIf(hasChromium)('hydrating the server’s first view', () => {
  const session = new FileSession(MARIA);
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps a visitor’s server-rendered page, with the ids the app gives, on every such route', async () => {
    const { visitor } = await renderedPaths();
    expect(visitor.length).toBeGreaterThan(10);
    const { context, page, problems } = await openPage(browser, { width: 390, firstView: 'keep' });
    await keepServerView(page);
    for (const path of visitor) {
      await page.goto(path);
      await settled(page);
      const kept = await serverViewKept(page);
      expect(kept.count, path).toBeGreaterThan(10);
      // What a page draws while it loads (the human check's line, the hosted checkout's payment
      // without a token) gives way to what came; the page stays.
      expect(kept.connected / kept.count, path).toBeGreaterThan(0.8);
      expect(kept.landmarksConnected, path).toBe(kept.landmarks);
      expect(await page.locator('#root main').count(), path).toBe(1);
      const hydrated = await pageIds(page);
      expect(await brokenReferences(page), path).toEqual([]);
      // The same route rendered afresh (a query string keeps the app from hydrating).
      await page.goto(`${path}?afresh`);
      await settled(page);
      expect(await serverViewKept(page), path).toMatchObject({ connected: 0 });
      expect(await pageIds(page), path).toEqual(hydrated);
    }
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  it('keeps a customer’s server-rendered page on every such route', async () => {
    const { customer } = await renderedPaths();
    const { context, page, problems } = await session.openPage(browser, { width: 390, firstView: 'keep' });
    await keepServerView(page);
    for (const path of customer) {
      await page.goto(path);
      await settled(page);
      const kept = await serverViewKept(page);
      expect(kept.count, path).toBeGreaterThan(10);
      // The customer's data replaces what the page drew while it was loading; the page stays.
      expect(kept.landmarks, path).toBeGreaterThanOrEqual(4);
      expect(kept.landmarksConnected, path).toBe(kept.landmarks);
      expect(kept.connected / kept.count, path).toBeGreaterThan(0.8);
      expect(await page.locator('#root main').count(), path).toBe(1);
      expect(await brokenReferences(page), path).toEqual([]);
    }
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  it('names only ids in the page once a hydrated form shows its errors', async () => {
    const { context, page, problems } = await openPage(browser, { width: 390, firstView: 'keep' });
    await keepServerView(page);
    for (const [path, button] of [
      ['/login', 'Log In'],
      ['/contactus', 'Send Message'],
      ['/forgotPassword', 'Send code'],
    ] as const) {
      await page.goto(path);
      await settled(page);
      expect((await serverViewKept(page)).connected, path).toBeGreaterThan(10);
      await page.getByRole('button', { name: button, exact: true }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      expect(await brokenReferences(page), path).toEqual([]);
    }
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});
