// The routes' first view rendered on the server (issue 7): the portal's server build
// (apps/portal/src/entry-server.tsx, built here into a temporary dist) renders the route's markup
// into the app shell, inert, in the shell's language: a visitor's, and for the login-required and
// standalone routes a signed-in customer's without any customer's data; the rest keep the static frame.

import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../db/schema/index.ts';
import { createTestApp, insertTenant, insertUser, type TestApp } from '../test/index.ts';
import {
  createAppShellCache,
  FIRST_VIEW_SCRIPT,
  FIRST_VIEW_SCRIPT_HASH,
  type FirstViewRenderer,
  firstViewMarkup,
  injectFirstViewScript,
  loadFirstViewRenderer,
  staticFrame,
} from './app-shell.ts';
import { buildPortalDistFixture, INDEX_HTML } from './portal-dist-fixture.ts';

/** The route table the portal build writes, for the paths used here. */
const ROUTES = {
  '/home': 'src/app/home-route.tsx',
  '/login': 'src/features/auth/login-page.tsx',
  '/usage': 'src/features/usage/usage-page.tsx',
  '/net2grid': 'src/features/insights/net2grid-page.tsx',
  '/emailVerify': 'src/features/auth/email-verify-page.tsx',
  '/twoFactorAuth': 'src/features/auth/two-factor-auth-page.tsx',
  '/createProfile': 'src/features/settings/create-profile-page.tsx',
  '/pay/checkout': 'src/features/payments/checkout-page.tsx',
};
const MANIFEST: Record<string, { file: string; src?: string; isEntry?: boolean; css?: string[] }> = {
  'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true },
  'src/app/home-route.tsx': { file: 'assets/home-route-1.js', css: ['assets/home-1.css'] },
  'src/features/auth/login-page.tsx': { file: 'assets/login-page-1.js' },
  'src/features/usage/usage-page.tsx': { file: 'assets/usage-page-1.js', css: ['assets/usage-1.css'] },
  'src/features/insights/net2grid-page.tsx': { file: 'assets/net2grid-page-1.js' },
  'src/features/auth/email-verify-page.tsx': {
    file: 'assets/email-verify-page-1.js',
    css: ['assets/verify-1.css'],
  },
  'src/features/auth/two-factor-auth-page.tsx': { file: 'assets/two-factor-auth-page-1.js' },
  'src/features/settings/create-profile-page.tsx': { file: 'assets/create-profile-page-1.js' },
  'src/features/payments/checkout-page.tsx': {
    file: 'assets/checkout-page-1.js',
    css: ['assets/payments-1.css'],
  },
};

let dist: string;
let t: TestApp;

/** What the shell holds inside #root, up to the entry script. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  return html.slice(start, html.indexOf('</body>'));
}

beforeAll(async () => {
  dist = await buildPortalDistFixture('gridfront-first-view-', ROUTES, MANIFEST);
  t = await createTestApp({ env: { PORTAL_DIST: dist } });
  // The pages answer only for a tenant that exists (the default one, on localhost).
  await insertTenant(t.database.handle.db);
}, 240_000);

afterAll(async () => {
  await t?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('the first view rendered on the server', () => {
  it("holds the Spanish Home for a Spanish browser, inert, with <html lang='es'> and no style attribute", async () => {
    const response = await t.app.inject({ url: '/home', headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<html lang="es" data-gf-lang="es" data-gf-theme="green">/);
    const root = rootOf(response.body);
    expect(root).toContain('<div class="gf-first-view" inert>');
    expect(root).toMatch(
      /<h1[^>]*>El acelerador de IA para la industria de la energía y los servicios públicos<\/h1>/,
    );
    // The CSP's style-src 'self' allows no inline style: none may come from the server's markup.
    expect(response.body).not.toMatch(/\sstyle=/);
    // The frame is there for a browser whose saved choices turn the view off.
    expect(root).toContain('<div class="gf-frame gf-frame-alt" aria-hidden="true">');
    expect(response.body).toContain(`<script>${FIRST_VIEW_SCRIPT}</script>`);
    // The route's own stylesheet applies with the view (not merely preloaded), or it would draw unstyled.
    expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/home-1.css">');
  });

  it('renders the login form inside the inert view, in English for an English browser', async () => {
    const response = await t.app.inject({ url: '/login', headers: { 'accept-language': 'en-US' } });
    expect(response.body).toMatch(/<html lang="en" data-gf-lang="en" data-gf-theme="green">/);
    const root = rootOf(response.body);
    const view = root.slice(root.indexOf('<div class="gf-first-view" inert>'));
    expect(view).toMatch(/<input[^>]*type="password"/);
    expect(view).toMatch(/<h1[^>]*>Login<\/h1>/);
  });

  it("holds a signed-in customer's /usage in each language: header, title, no style, nobody's data", async () => {
    // A customer of the utility with data of their own: none of it may reach the shared shell.
    const tenant = await t.app.tenants.forHost('localhost');
    if (!tenant) throw new Error('no demo tenant');
    await insertUser(t.database.handle.db, tenant.id, { username: 'zoeshell', fullName: 'Zoe Quokkafield' });
    const titles = { en: 'Usage', es: 'Consumo', ta: 'பயன்பாடு', de: 'Verbrauch' };
    const browser = { en: 'en-US', es: 'es-ES', ta: 'ta-IN', de: 'de-DE' };
    const logout = { en: 'Logout', es: 'Cerrar sesión', ta: 'வெளியேறு', de: 'Abmelden' };
    for (const [language, title] of Object.entries(titles)) {
      const response = await t.app.inject({
        url: '/usage',
        headers: { 'accept-language': browser[language as keyof typeof browser] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(
        new RegExp(
          `<html lang="${language}" data-gf-lang="${language}" data-gf-theme="green" data-gf-views="session">`,
        ),
      );
      const root = rootOf(response.body);
      // Only the signed-in view: a visitor is sent to /login by the app and sees the frame meanwhile.
      expect(root).not.toContain('<div class="gf-first-view" inert>');
      const view = root.slice(root.indexOf('<div class="gf-first-view" data-gf-for="session" inert>'));
      expect(view.length).toBeLessThan(root.length);
      expect(view).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      // The header as a customer sees it: My Account's links and Logout, no Login.
      expect(view).toContain('href="/accountInfo"');
      expect(view).toContain(`>${logout[language as keyof typeof logout]}</button>`);
      expect(view).not.toContain('href="/login"');
      expect(response.body).not.toMatch(/\sstyle=/);
      expect(response.body).not.toMatch(/zoeshell|Quokkafield|Test Customer/i);
      expect(root).toContain('<div class="gf-frame gf-frame-alt" aria-hidden="true">');
      expect(response.body).toContain(`<script>${FIRST_VIEW_SCRIPT}</script>`);
      expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/usage-1.css">');
    }
  });

  it("holds both a visitor's and a customer's view of a standalone route", async () => {
    const response = await t.app.inject({ url: '/net2grid', headers: { 'accept-language': 'de-DE' } });
    expect(response.body).toMatch(
      /<html lang="de" data-gf-lang="de" data-gf-theme="green" data-gf-views="visitor session">/,
    );
    const root = rootOf(response.body);
    const visitor = root.slice(
      root.indexOf('<div class="gf-first-view" inert>'),
      root.indexOf('<div class="gf-first-view" data-gf-for="session" inert>'),
    );
    const customer = root.slice(root.indexOf('<div class="gf-first-view" data-gf-for="session" inert>'));
    expect(visitor).toMatch(/<h1[^>]*>Net2grid<\/h1>/);
    expect(visitor).toContain('href="/login"');
    expect(customer).toMatch(/<h1[^>]*>Net2grid<\/h1>/);
    expect(customer).not.toContain('href="/login"');
    // The customer's dashboard in its loading place, which the app draws first too.
    expect(customer).toMatch(
      /<div(?=[^>]*\saria-busy="true")(?=[^>]*\srole="status")[^>]*><span class="visually-hidden">[^<]+<\/span>/,
    );
    expect(visitor).not.toContain('aria-busy');
    expect(response.body).not.toMatch(/\sstyle=/);
  });

  it('keeps the static frame alone for a path outside the route table', async () => {
    const response = await t.app.inject({ url: '/staff', headers: { 'accept-language': 'es' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('gf-first-view');
    expect(response.body).not.toContain(FIRST_VIEW_SCRIPT);
    // Without a view to show, the entry is fetched at once, as the shell always did.
    expect(response.body).not.toContain('gf-late');
    expect(response.body).toContain('<script type="module"');
    expect(rootOf(response.body)).toMatch(/^<div id="root"><div class="gf-frame" aria-hidden="true">/);
  });

  it('draws the steps of a flow as a URL opened afresh shows them, in the browser’s language', async () => {
    const cases = [
      // The sign-up code: its username and code fields, Verify, no username named.
      { url: '/emailVerify', language: 'es-ES', title: 'Verificación del correo', css: 'verify-1.css' },
      // The second factor without its pending login: what the page says then, a way back to /login.
      { url: '/twoFactorAuth', language: 'de-DE', title: 'Zwei-Faktor-Authentifizierung' },
      { url: '/createProfile', language: 'en-US', title: 'Create Profile' },
    ];
    for (const { url, language: browser, title, css } of cases) {
      const response = await t.app.inject({ url, headers: { 'accept-language': browser } });
      const language = browser.slice(0, 2);
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(
        new RegExp(`<html lang="${language}" data-gf-lang="${language}" data-gf-theme="green">`),
      );
      const root = rootOf(response.body);
      const view = root.slice(root.indexOf('<div class="gf-first-view" inert>'));
      expect(view.length).toBeLessThan(root.length);
      expect(view).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      expect(response.body).toContain(`<script>${FIRST_VIEW_SCRIPT}</script>`);
      expect(response.body).not.toMatch(/\sstyle=/);
      if (css) expect(response.body).toContain(`<link rel="stylesheet" crossorigin href="/assets/${css}">`);
    }
    const verify = rootOf((await t.app.inject({ url: '/emailVerify' })).body);
    expect(verify).toMatch(/<input[^>]*autoComplete="one-time-code"|<input[^>]*autocomplete="one-time-code"/);
    expect(verify).toMatch(/<input[^>]*name="username"/);
    expect(verify).not.toContain('We sent a 6-digit code');
    expect(verify).toMatch(/<button[^>]*type="submit"[^>]*>Verify<\/button>/);
    const tfa = rootOf((await t.app.inject({ url: '/twoFactorAuth' })).body);
    expect(tfa).toContain('href="/login"');
    expect(tfa).not.toMatch(/<form/);
    const profile = rootOf((await t.app.inject({ url: '/createProfile' })).body);
    expect(profile).toMatch(/<input[^>]*name="mailingAddress"/);
    expect(profile).toMatch(/<input[^>]*name="zip"/);
  });

  it('draws the checkout as it stands before its payment is read: no token, no account, no amount', async () => {
    // A utility paying through the test processor: its notice is in the first view.
    await insertTenant(t.database.handle.db, {
      isDefault: false,
      domains: ['pay.first-view.test'],
      platforms: [{ platformKey: 'gridfront', name: 'Gridfront test processor', isEnable: true }],
    });
    t.app.tenants.invalidate();
    const response = await t.app.inject({
      url: '/pay/checkout',
      headers: { host: 'pay.first-view.test', 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const root = rootOf(response.body);
    const view = root.slice(root.indexOf('<div class="gf-first-view" inert>'));
    expect(view.length).toBeLessThan(root.length);
    expect(view).toMatch(/<h1[^>]*>Make a Payment<\/h1>/);
    expect(view).toMatch(/<p role="status">Loading your payment…<\/p>/);
    expect(view).toContain('Test mode');
    expect(view).not.toMatch(/token|ending \d{4}|\$\d/i);
    expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/payments-1.css">');
    // A utility without the test processor (the default one here has no platform): no notice.
    const other = rootOf((await t.app.inject({ url: '/pay/checkout' })).body);
    expect(other).toContain('Loading your payment…');
    expect(other).not.toContain('Test mode');
  });

  it("keeps the frame for a utility whose look is not the stylesheet's own (another theme, own colours)", async () => {
    const [demo] = await t.database.handle.db.select().from(tenants).where(eq(tenants.isDefault, true));
    if (!demo) throw new Error('no demo tenant');
    try {
      await t.database.handle.db
        .update(tenants)
        .set({ defaultTheme: 'blue', updatedAt: new Date() })
        .where(eq(tenants.id, demo.id));
      t.app.tenants.invalidate();
      const response = await t.app.inject({ url: '/home', headers: { 'accept-language': 'en' } });
      expect(response.body).not.toContain('gf-first-view');
      expect(response.body).toContain('class="gf-frame" aria-hidden="true"');
    } finally {
      await t.database.handle.db
        .update(tenants)
        .set({ defaultTheme: demo.defaultTheme, updatedAt: new Date() })
        .where(eq(tenants.id, demo.id));
      t.app.tenants.invalidate();
    }
  });

  it('allows the one inline script by its hash in the CSP, and does not serve the server build', async () => {
    const response = await t.app.inject({ url: '/home' });
    const digest = createHash('sha256').update(FIRST_VIEW_SCRIPT).digest('base64');
    expect(FIRST_VIEW_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
    expect(response.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${digest}';`);
    const file = await t.app.inject({ url: '/server/entry-server.js' });
    expect(file.statusCode).toBe(404);
    expect(file.body).not.toContain('SERVER_RENDERED_PATHS');
  });
});

describe('the first view without the server build, or when it fails', () => {
  const tenant = async () => {
    const found = await t.app.tenants.forHost('localhost');
    if (!found) throw new Error('no demo tenant');
    return found;
  };
  const plan = { manifest: MANIFEST, routes: ROUTES };

  it('loads no renderer from a dist without one', async () => {
    expect(await loadFirstViewRenderer(join(dist, 'missing'))).toBeNull();
    const errors: unknown[] = [];
    const broken = mkdtempSync(join(tmpdir(), 'gridfront-first-view-broken-'));
    try {
      mkdirSync(join(broken, 'server'));
      writeFileSync(join(broken, 'server', 'entry-server.js'), 'export const render = 1;');
      expect(await loadFirstViewRenderer(broken, (error) => errors.push(error))).toBeNull();
      expect(errors).toHaveLength(1);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('falls back to the static frame, told of the error, when a render fails', async () => {
    const failures: string[] = [];
    const renderer: FirstViewRenderer = {
      paths: ['/home'],
      render: async () => {
        throw new Error('window is not defined');
      },
    };
    const cache = createAppShellCache(t.database.handle.db, INDEX_HTML, undefined, plan, {
      renderer: Promise.resolve(renderer),
      onRenderError: (error, path, language) => failures.push(`${path} ${language} ${String(error)}`),
    });
    const shell = (
      await cache.forTenant(await tenant(), { path: '/home', acceptLanguage: 'de-DE' })
    ).html.toString();
    expect(failures).toEqual(['/home de Error: window is not defined']);
    expect(shell).not.toContain('gf-first-view');
    expect(shell).toContain('<div id="root"><div class="gf-frame" aria-hidden="true">');
  });

  it('renders each (route, language) once and asks the renderer only for its own paths', async () => {
    const asked: string[] = [];
    const renderer: FirstViewRenderer = {
      paths: ['/home'],
      render: async ({ path, language }) => {
        asked.push(`${path} ${language}`);
        return `<main><h1>${language}</h1></main>`;
      },
    };
    const cache = createAppShellCache(t.database.handle.db, INDEX_HTML, undefined, plan, { renderer });
    for (let i = 0; i < 3; i += 1) {
      await cache.forTenant(await tenant(), { path: '/home', acceptLanguage: 'ta-IN' });
      await cache.forTenant(await tenant(), { path: '/login', acceptLanguage: 'ta-IN' });
    }
    expect(asked).toEqual(['/home ta']);
    const shell = (
      await cache.forTenant(await tenant(), { path: '/home', acceptLanguage: 'ta-IN' })
    ).html.toString();
    expect(shell).toContain('<div class="gf-first-view" inert><main><h1>ta</h1></main></div>');
  });

  it("shows a view only to the browser it is for: a customer's with a session, a visitor's without", () => {
    /**
     * Runs the inline script against <html> with the given attributes and localStorage, and the
     * history entry's state (none: no history object, as without a window).
     */
    const run = (
      html: Record<string, string>,
      stored: Record<string, string> | 'throws',
      history?: { state: unknown },
    ) => {
      const attributes = new Map(Object.entries(html));
      const documentElement = {
        lang: attributes.get('lang') ?? '',
        getAttribute: (name: string) => attributes.get(name) ?? null,
        setAttribute: (name: string, value: string) => attributes.set(name, value),
      };
      const context = {
        document: { documentElement, getElementById: () => null, head: {} },
        requestAnimationFrame: () => 0,
        setTimeout: () => 0,
        ...(history ? { history } : {}),
        get localStorage() {
          if (stored === 'throws') throw new Error('SecurityError');
          return { getItem: (key: string) => stored[key] ?? null };
        },
      };
      runInNewContext(FIRST_VIEW_SCRIPT, context);
      return { off: attributes.get('data-gf-preview') === 'off', session: attributes.has('data-gf-session') };
    };
    const page = { lang: 'en', 'data-gf-theme': 'green' };
    const signedIn = { isLogin: 'true' };
    // A visitor's view (no data-gf-views): on for a visitor, off for a session.
    expect(run(page, {})).toEqual({ off: false, session: false });
    expect(run(page, signedIn)).toEqual({ off: true, session: true });
    expect(run(page, 'throws')).toEqual({ off: false, session: false });
    // A customer's view: off for a visitor (and without storage), on for a session.
    const customer = { ...page, 'data-gf-views': 'session' };
    expect(run(customer, {})).toEqual({ off: true, session: false });
    expect(run(customer, { isLogin: 'false' })).toEqual({ off: true, session: false });
    expect(run(customer, 'throws')).toEqual({ off: true, session: false });
    expect(run(customer, signedIn)).toEqual({ off: false, session: true });
    // Both: on either way; data-gf-session picks which one the stylesheet shows.
    const both = { ...page, 'data-gf-views': 'visitor session' };
    expect(run(both, {})).toEqual({ off: false, session: false });
    expect(run(both, signedIn)).toEqual({ off: false, session: true });
    // A saved language or theme other than the page's turns any view off.
    expect(run(customer, { ...signedIn, language: 'de' })).toEqual({ off: true, session: true });
    expect(run(both, { theme: 'blue' })).toEqual({ off: true, session: false });
    expect(run(customer, { ...signedIn, language: 'en', theme: 'green' })).toEqual({
      off: false,
      session: true,
    });
    // A step of a flow reloaded with the router's state (react-router's usr: the username, a pending
    // login) draws what the view, the URL opened afresh, does not: off. A history entry without it: on.
    const step = { usr: { pendingToken: 'p' }, key: 'k1', idx: 1 };
    expect(run(page, {}, { state: step })).toEqual({ off: true, session: false });
    expect(run(both, signedIn, { state: step })).toEqual({ off: true, session: true });
    expect(run(page, {}, { state: { usr: null, key: 'default', idx: 0 } })).toEqual({
      off: false,
      session: false,
    });
    expect(run(page, {}, { state: null })).toEqual({ off: false, session: false });
  });

  it('writes the language and theme into <html>, the script before </head>, and the entry after the paint', () => {
    const html = injectFirstViewScript(
      INDEX_HTML.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/react-1.js"></head>',
      ),
      'de',
      'green',
    );
    expect(html).toContain('<html lang="de" data-gf-lang="de" data-gf-theme="green">');
    expect(html).toContain(`<script>${FIRST_VIEW_SCRIPT}</script>\n  </head>`);
    // The entry and its preloads wait in a template for the inline script, which inserts them once
    // the view is drawn: nothing of them is fetched before the first paint.
    const template = html.slice(html.indexOf('<template id="gf-late">'), html.indexOf('</template>'));
    expect(template).toContain('<script type="module" src="/assets/index-1.js"></script>');
    expect(template).toContain('<link rel="modulepreload" crossorigin href="/assets/react-1.js">');
    const outside = html.replace(template, '');
    expect(outside).not.toContain('/assets/index-1.js');
    expect(outside).not.toContain('modulepreload');
    expect(html.indexOf('</template>')).toBeLessThan(html.indexOf(`<script>${FIRST_VIEW_SCRIPT}`));
    expect(firstViewMarkup(staticFrame('X'), '<p>v</p>')).toBe(
      `${staticFrame('X').replace('class="gf-frame"', 'class="gf-frame gf-frame-alt"')}<div class="gf-first-view" inert><p>v</p></div>`,
    );
    expect(firstViewMarkup(staticFrame('X'), { visitor: null, session: '<p>s</p>' })).toBe(
      `${staticFrame('X').replace('class="gf-frame"', 'class="gf-frame gf-frame-alt"')}<div class="gf-first-view" data-gf-for="session" inert><p>s</p></div>`,
    );
    expect(injectFirstViewScript(INDEX_HTML, 'en', 'green', ['visitor', 'session'])).toContain(
      '<html lang="en" data-gf-lang="en" data-gf-theme="green" data-gf-views="visitor session">',
    );
  });
});
