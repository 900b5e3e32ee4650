// The utility's own documents in the first view (issue 7): /aboutus, /privacy and /terms (and the
// other pages of the portal's FIRST_VIEW_DOCUMENTS) come from the server with the document drawn in
// the view by the page's own components, in the view's language as GET /api/tenant/content answers
// it, and the same answers inline for the page to start from. A saved document shows on the next
// request, on this instance and on another one sharing the database (the tenant map's stamp).

import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tenants } from '../db/schema/index.ts';
import { type AdminTestCast, castAdminTest, injectAs } from '../features/admin/admin-test-kit.ts';
import { createAccountTestApp } from '../test/account-test-kit.ts';
import { createTestApp, insertTenant, type TenantFixture, type TestApp } from '../test/index.ts';
import { TENANT_DOCUMENTS_DATA_ID } from './app-shell.ts';
import { buildPortalDistFixture } from './portal-dist-fixture.ts';

const ROUTES = {
  '/aboutus': 'src/features/marketing/about-page.tsx',
  '/privacy': 'src/features/marketing/privacy-page.tsx',
  '/terms': 'src/features/marketing/terms-page.tsx',
};
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true },
  'src/features/marketing/about-page.tsx': { file: 'assets/about-page-1.js' },
  'src/features/marketing/privacy-page.tsx': { file: 'assets/privacy-page-1.js' },
  'src/features/marketing/terms-page.tsx': { file: 'assets/terms-page-1.js' },
};
const otherHost = 'portal.hilltop-documents.test';

let dist: string;
let t: TestApp;
let home: TenantFixture;
let other: TenantFixture;
let tokens: AdminTestCast['tokens'];

/** The shell's inline documents, by "kind:language". */
function inlineDocuments(
  html: string,
): Record<string, { kind: string; language: string | null; body: string | null }> {
  const match = new RegExp(
    `<script type="application/json" id="${TENANT_DOCUMENTS_DATA_ID}">(.*?)</script>`,
  ).exec(html);
  if (!match?.[1]) throw new Error('the shell carries no documents');
  return JSON.parse(match[1]);
}

/** The server's view for a visitor, or a customer's (data-gf-for="session"). */
function viewOf(html: string, session = false): string {
  const open = session
    ? '<div class="gf-first-view" data-gf-for="session" inert>'
    : '<div class="gf-first-view" inert>';
  const start = html.indexOf(open);
  if (start === -1) throw new Error(`no ${session ? "customer's" : "visitor's"} view`);
  const next = html.indexOf('<div class="gf-first-view"', start + open.length);
  return html.slice(start, next === -1 ? html.indexOf('</body>') : next);
}

const page = (app: TestApp, url: string, language: string, host?: string) =>
  app.app.inject({ url, headers: { 'accept-language': language, ...(host ? { host } : {}) } });

const save = (
  kind: string,
  language: string,
  body: string,
  tenant: TenantFixture = home,
  token = tokens.admin,
) =>
  injectAs(t, 'PUT', `/api/admin/content/${kind}/${language}`, {
    authorization: tenant.authorization,
    token,
    payload: { body },
    ...(tenant === other ? { host: otherHost } : {}),
  });

beforeAll(async () => {
  dist = await buildPortalDistFixture('gridfront-first-view-documents-', ROUTES, MANIFEST);
  t = await createAccountTestApp({ env: { PORTAL_DIST: dist } });
  const db = t.database.handle.db;
  home = await insertTenant(db, { name: 'Lakeside Power' });
  await db
    .update(tenants)
    .set({ languages: ['en', 'es'], contentLanguage: 'en' })
    .where(eq(tenants.id, home.tenant.id));
  ({ other, tokens } = await castAdminTest(t, home.tenant.id, otherHost));
  // The other utility's administrator (castAdminTest signs them in on the other host).
  await t.database.handle.db
    .update(tenants)
    .set({ languages: ['en', 'de'], contentLanguage: 'en' })
    .where(eq(tenants.id, other.tenant.id));
  t.app.tenants.invalidate();
}, 240_000);

afterAll(async () => {
  await t?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe("the utility's documents in the first view", () => {
  it('draws the Spanish About Us as text in both views, and carries the same answer inline', async () => {
    expect(
      (await save('about', 'es', '## Quiénes somos\n\nLlevamos la <b>luz</b> al valle.')).statusCode,
    ).toBe(200);
    const response = await page(t, '/aboutus', 'es-MX,es;q=0.9');
    expect(response.statusCode).toBe(200);
    // A standalone page: a visitor's view and a customer's.
    expect(response.body).toMatch(
      /<html lang="es" data-gf-lang="es" data-gf-theme="green" data-gf-views="visitor session">/,
    );
    for (const session of [false, true]) {
      const view = viewOf(response.body, session);
      expect(view).toMatch(
        // The tenant's words are text: its `<` escaped (a renderer may leave `>` as it is in text).
        /<section[^>]*lang="es"[^>]*><h2>Quiénes somos<\/h2><p>Llevamos la &lt;b(&gt;|>)luz&lt;\/b(&gt;|>) al valle\.<\/p>/,
      );
      // Not the built-in About Us beside it.
      expect(view).not.toContain('id="about-mission"');
    }
    // The markup stays text: no <b> element anywhere in the page.
    expect(response.body).not.toContain('<b>');
    // The page's document, and the footer's hours (every page with the footer carries them).
    expect(inlineDocuments(response.body)).toEqual({
      'about:es': {
        kind: 'about',
        language: 'es',
        body: '## Quiénes somos\n\nLlevamos la <b>luz</b> al valle.',
      },
      'contactHours:es': expect.objectContaining({ kind: 'contactHours' }),
    });
    // An English visitor: no English About Us, English is the default: the built-in one, answered as null.
    const english = await page(t, '/aboutus', 'en-US');
    expect(viewOf(english.body)).toContain('id="about-mission"');
    expect(viewOf(english.body)).not.toContain('Quiénes somos');
    expect(inlineDocuments(english.body)).toEqual({
      'about:en': { kind: 'about', language: null, body: null },
      'contactHours:en': expect.objectContaining({ kind: 'contactHours' }),
    });
  });

  it('draws the written privacy policy and terms; each utility its own on its own host', async () => {
    await save('privacyPolicy', 'en', 'Lakeside keeps your meter reads for seven years.');
    await save('termsOfUse', 'en', '## Using the portal\n\nLakeside terms apply.');
    await save('privacyPolicy', 'en', 'Hilltop never sells your data.', other, tokens.otherAdmin);
    const privacy = await page(t, '/privacy', 'en-US');
    expect(viewOf(privacy.body)).toMatch(
      /<article[^>]*lang="en"[^>]*><p>Lakeside keeps your meter reads for seven years\.<\/p><\/article>/,
    );
    expect(viewOf(privacy.body, true)).toContain('Lakeside keeps your meter reads for seven years.');
    expect(privacy.body).not.toContain('Hilltop never sells');
    expect(inlineDocuments(privacy.body)['privacyPolicy:en']?.body).toBe(
      'Lakeside keeps your meter reads for seven years.',
    );
    const terms = await page(t, '/terms', 'en-US');
    expect(viewOf(terms.body)).toMatch(/<h2>Using the portal<\/h2><p>Lakeside terms apply\.<\/p>/);

    // The other utility, a German browser: its English policy (its default's fallback), marked en.
    const elsewhere = await page(t, '/privacy', 'de-DE', otherHost);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.body).toMatch(/<html lang="de"/);
    expect(viewOf(elsewhere.body)).toContain('Hilltop never sells your data.');
    expect(elsewhere.body).not.toContain('Lakeside');
    expect(inlineDocuments(elsewhere.body)).toEqual({
      'privacyPolicy:de': { kind: 'privacyPolicy', language: 'en', body: 'Hilltop never sells your data.' },
      'contactHours:de': expect.objectContaining({ kind: 'contactHours' }),
    });
  });

  it('shows a saved or removed document on the next request, here and on another instance', async () => {
    // A second instance on the same database, its shells already made.
    const second = await createTestApp({ database: t.database, env: { PORTAL_DIST: dist } });
    try {
      await save('termsOfUse', 'en', 'Terms, first edition.');
      expect(viewOf((await page(t, '/terms', 'en-US')).body)).toContain('Terms, first edition.');
      await vi.waitFor(async () =>
        expect(viewOf((await page(second, '/terms', 'en-US')).body)).toContain('Terms, first edition.'),
      );

      await save('termsOfUse', 'en', 'Terms, second edition.');
      const here = await page(t, '/terms', 'en-US');
      expect(viewOf(here.body)).toContain('Terms, second edition.');
      expect(inlineDocuments(here.body)['termsOfUse:en']?.body).toBe('Terms, second edition.');
      // The other instance was told nothing: its tenant map's stamp moved (within its one-second check).
      await vi.waitFor(
        async () => {
          const there = (await page(second, '/terms', 'en-US')).body;
          expect(viewOf(there)).toContain('Terms, second edition.');
          expect(there).not.toContain('first edition');
        },
        { timeout: 5000, interval: 200 },
      );

      // Removed: the configured terms (none here) return, on both.
      await save('termsOfUse', 'en', '');
      expect(viewOf((await page(t, '/terms', 'en-US')).body)).not.toContain('edition');
      await vi.waitFor(
        async () => expect(viewOf((await page(second, '/terms', 'en-US')).body)).not.toContain('edition'),
        { timeout: 5000, interval: 200 },
      );
    } finally {
      await second.close();
    }
  });
});
