import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentPlatforms, tenantImages, tenants } from '../db/schema/index.ts';
import { setApiKey } from '../features/assistant/knowledge.ts';
import { createTestApp, insertTenant, type TenantFixture, type TestApp } from '../test/index.ts';
import {
  CONFIG_META_NAME,
  createAppShellCache,
  escapeAttribute,
  FIRST_VIEW_SCRIPT_HASH,
  injectConfig,
  readFirstViewPlan,
  TENANT_DATA_ID,
  TENANT_IMAGES_DATA_ID,
} from './app-shell.ts';
import { GLOBAL_RATE_LIMIT } from './rate-limit.ts';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from './static.ts';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';

const ASSET = 'console.log("portal")';

let dist: string;
let t: TestApp;
let demo: TenantFixture;
/** What the default tenant's shell holds: the built index.html with its public configuration. */
let DEMO_HTML: string;

/** A small Vite manifest: the entry, two languages and the login page with its own translations. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-Ab12Cd34.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/index-1.css'],
  },
  '_react.js': { file: 'assets/react-1.js' },
  '_messages.js': { file: 'assets/messages-1.js', imports: ['_react.js'] },
  'src/i18n/locales/en.ts': { file: 'assets/en-1.js', isDynamicEntry: true, imports: ['_messages.js'] },
  'src/i18n/locales/de.ts': { file: 'assets/de-1.js', isDynamicEntry: true, imports: ['_messages.js'] },
  'src/features/auth/login-page.tsx': {
    file: 'assets/login-page-1.js',
    isDynamicEntry: true,
    imports: ['_react.js', '_forms.js'],
    dynamicImports: ['src/features/auth/locales/en.ts', 'src/features/auth/locales/de.ts'],
    css: ['assets/login-page-1.css'],
  },
  '_forms.js': { file: 'assets/forms-1.js', css: ['assets/forms-1.css'] },
  'src/features/auth/locales/en.ts': { file: 'assets/auth-en-1.js', isDynamicEntry: true },
  'src/features/auth/locales/de.ts': { file: 'assets/auth-de-1.js', isDynamicEntry: true },
};
/** The route table the portal build writes; a module the manifest lacks is left out. */
const ROUTES = { '/login': 'src/features/auth/login-page.tsx', '/broken': 'src/missing-page.tsx' };

/** The shell without the first view's data and preloads, to compare with the built index.html. */
function withoutFirstView(html: string): string {
  return html
    .replace(new RegExp(`\\s*<script type="application/json" id="${TENANT_DATA_ID}">[^<]*</script>`), '')
    .replace(
      new RegExp(`\\s*<script type="application/json" id="${TENANT_IMAGES_DATA_ID}">[^<]*</script>`),
      '',
    )
    .replace(/\s*<link rel="(modulepreload|preload)"[^>]*>/g, '')
    .replace(/\s*<\/head>/, '</head>')
    .replace(
      /(<div id="root">)<div class="gf-frame" aria-hidden="true">.*?<div class="gf-frame-main"><\/div><\/div>/s,
      '$1',
    );
}

/** An answer the shell carries inline: the tenant's, or another data block's. */
function inlineTenant(html: string, id = TENANT_DATA_ID): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  if (!match?.[1]) throw new Error(`no ${id} data in ${html}`);
  return JSON.parse(match[1]);
}

/** The files the shell preloads, in order. */
function preloaded(html: string): string[] {
  return [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="\/([^"]+)"/g)].map(
    (m) => m[1] ?? '',
  );
}

/** The configuration the page carries in its meta, as the portal's config/env.ts reads it. */
function metaConfig(html: string): Record<string, string> {
  const match = new RegExp(`<meta name="${CONFIG_META_NAME}" content="([^"]*)">`).exec(html);
  if (!match?.[1]) throw new Error(`no ${CONFIG_META_NAME} meta in ${html}`);
  const decoded = match[1]
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(decoded);
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'gridfront-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), ASSET);
  // The copies the build writes beside each text file.
  for (const file of ['index.html', 'assets/index-Ab12Cd34.js']) {
    const text = file === 'index.html' ? INDEX_HTML : ASSET;
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(text));
  }
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A source map, which stays private like the dotfiles.
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.map'), '{"sources":["secretive.ts"]}');
  // A name the router would read as a pattern (":" starts a parameter).
  writeFileSync(join(dist, 'assets', 'odd:name'), 'secretive');
  // The portal's server build (the first view's renderer), which is never sent to browsers.
  mkdirSync(join(dist, 'server'));
  writeFileSync(join(dist, 'server', 'entry-server.js'), 'export const secretive = 1;');
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(dist, '.vite', 'routes.json'), JSON.stringify(ROUTES));
  t = await createTestApp({ env: { PORTAL_DIST: dist } });
  // The API hosts answer only for a tenant that exists (the default one, on localhost).
  demo = await insertTenant(t.database.handle.db);
  t.app.tenants.invalidate();
  DEMO_HTML = injectConfig(INDEX_HTML, {
    clientId: demo.clientId,
    clientSecret: demo.clientSecret,
    languages: ['en', 'es', 'ta', 'de'],
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('portal files', () => {
  it('serves hashed assets for a year and immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("portal")');
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('serves index.html for / and for client-side routes, revalidated every time', async () => {
    for (const url of ['/', '/usage', '/settings?tab=security', '/gridx/compare']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(withoutFirstView(response.body), url).toBe(DEMO_HTML);
      expect(response.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it('sends the precompressed copy the browser prefers, with the same cache headers', async () => {
    const url = '/assets/index-Ab12Cd34.js';
    const cases = [
      { acceptEncoding: 'gzip, deflate, br', encoding: 'br', copy: '.br' },
      { acceptEncoding: 'gzip', encoding: 'gzip', copy: '.gz' },
      { acceptEncoding: 'br;q=0, gzip;q=0.8', encoding: 'gzip', copy: '.gz' },
      { acceptEncoding: 'gzip;q=0.5, br;q=0.9', encoding: 'br', copy: '.br' },
    ];
    for (const { acceptEncoding, encoding, copy } of cases) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': acceptEncoding } });
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding);
      // The file written by the build, not a compression made on the fly.
      expect(Number(response.headers['content-length']), acceptEncoding).toBe(
        statSync(join(dist, `assets/index-Ab12Cd34.js${copy}`)).size,
      );
      const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;
      expect(decode(response.rawPayload).toString(), acceptEncoding).toBe(ASSET);
      expect(response.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], acceptEncoding).toBe(IMMUTABLE_CACHE);
      expect(response.headers['content-type'], acceptEncoding).toMatch(/javascript/);
    }
    for (const acceptEncoding of ['identity', 'br;q=0, gzip;q=0']) {
      const plain = await t.app.inject({ url, headers: { 'accept-encoding': acceptEncoding } });
      expect(plain.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(plain.body).toBe(ASSET);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    }
  });

  it('sends the app shell compressed for client-side routes too, still revalidated', async () => {
    for (const url of ['/', '/usage', '/settings?tab=security']) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(withoutFirstView(brotliDecompressSync(response.rawPayload).toString()), url).toBe(DEMO_HTML);
      expect(Number(response.headers['content-length']), url).toBe(response.rawPayload.length);
      expect(response.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
    }
    const gzip = await t.app.inject({ url: '/billing', headers: { 'accept-encoding': 'gzip' } });
    expect(withoutFirstView(gunzipSync(gzip.rawPayload).toString())).toBe(DEMO_HTML);
    const plain = await t.app.inject({ url: '/billing', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(withoutFirstView(plain.body)).toBe(DEMO_HTML);
  });

  it("carries each host's own utility's public client credential and widget key, escaped", async () => {
    const db = t.database.handle.db;
    const other = await insertTenant(db, { isDefault: false, domains: ['portal.second.test'] });
    await setApiKey(db, other.tenant.id, 'gf-assist-second"<key>&');
    await db
      .update(tenants)
      .set({ languages: ['es', 'en'] })
      .where(eq(tenants.id, other.tenant.id));
    t.app.tenants.invalidate();
    const first = await t.app.inject({ url: '/usage' });
    expect(metaConfig(first.body)).toEqual({
      clientId: demo.clientId,
      clientSecret: demo.clientSecret,
      languages: ['en', 'es', 'ta', 'de'],
    });
    for (const url of ['/', '/login', '/index.html']) {
      for (const acceptEncoding of ['br', 'gzip', 'identity']) {
        const second = await t.app.inject({
          url,
          headers: { host: 'portal.second.test', 'accept-encoding': acceptEncoding },
        });
        expect(second.statusCode, url).toBe(200);
        expect(second.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
        const body =
          acceptEncoding === 'br'
            ? brotliDecompressSync(second.rawPayload).toString()
            : acceptEncoding === 'gzip'
              ? gunzipSync(second.rawPayload).toString()
              : second.body;
        expect(metaConfig(body), `${url} ${acceptEncoding}`).toEqual({
          clientId: other.clientId,
          clientSecret: other.clientSecret,
          assistantApiKey: 'gf-assist-second"<key>&',
          languages: ['es', 'en'],
        });
        // Escaped: the key's quote and angle brackets never end the attribute or open a tag.
        expect(body).toContain(escapeAttribute('"assistantApiKey":"gf-assist-second\\"<key>&"'));
        expect(body).not.toContain(demo.clientSecret);
      }
    }
    // The meta comes before the scripts, so the portal finds it when its first module runs.
    const shell = (await t.app.inject({ url: '/', headers: { host: 'portal.second.test' } })).body;
    expect(shell.indexOf(CONFIG_META_NAME)).toBeLessThan(shell.indexOf('<script'));
    // Revalidation: the same shell answers 304 to its ETag.
    const etag = (await t.app.inject({ url: '/', headers: { host: 'portal.second.test' } })).headers.etag;
    const again = await t.app.inject({
      url: '/home',
      headers: { host: 'portal.second.test', 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    // The build's index.html and its copies are never sent as they are.
    for (const url of ['/index.html.br', '/index.html.gz']) {
      const raw = await t.app.inject({ url, headers: { host: 'portal.second.test' } });
      expect(raw.statusCode, url).toBe(404);
    }
  });

  it("carries the host's GET /api/tenant answer inline, as data that cannot end its element", async () => {
    const db = t.database.handle.db;
    const other = await insertTenant(db, { isDefault: false, domains: ['portal.third.test'] });
    const name = 'Third </script><script>alert(1)</script> <!-- & Co\u2028';
    await db.update(tenants).set({ name }).where(eq(tenants.id, other.tenant.id));
    t.app.tenants.invalidate();
    for (const [host, fixture] of [
      ['localhost', demo],
      ['portal.third.test', other],
    ] as const) {
      const shell = (await t.app.inject({ url: '/login', headers: { host } })).body;
      const api = await t.app.inject({
        url: '/api/tenant',
        headers: { host, authorization: fixture.authorization },
      });
      expect(api.statusCode, host).toBe(200);
      expect(inlineTenant(shell), host).toEqual(api.json());
    }
    const shell = (await t.app.inject({ url: '/', headers: { host: 'portal.third.test' } })).body;
    expect((inlineTenant(shell) as { name: string }).name).toBe(name);
    // Data blocks (the tenant's and its images') and one script element (the entry's); the name's
    // markup never reaches the page as markup.
    expect(shell.match(/<\/script>/g)).toHaveLength(3);
    expect(shell).not.toContain('<script>alert');
    expect(shell).not.toContain('<!--');
    expect(shell).not.toContain(demo.clientSecret);
    // The static frame painted before the script runs names the utility, as text, hidden from readers.
    expect(shell).toContain(
      '<div id="root"><div class="gf-frame" aria-hidden="true"><div class="gf-frame-header"><div class="gf-frame-bar"><span class="gf-frame-name">Third &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &amp; Co\u2028</span></div></div><div class="gf-frame-main"></div></div></div>',
    );
    // Switching the active payment platform leaves the tenant row alone: the next shell has it anyway.
    await db
      .insert(paymentPlatforms)
      .values({ tenantId: other.tenant.id, platformKey: 'stripe', name: 'Stripe', isEnable: false });
    const platforms = async () =>
      (
        inlineTenant((await t.app.inject({ url: '/', headers: { host: 'portal.third.test' } })).body) as {
          paymentPlatforms: { platformKey: string; isEnable: boolean }[];
        }
      ).paymentPlatforms;
    expect(await platforms()).toEqual([expect.objectContaining({ platformKey: 'stripe', isEnable: false })]);
    await db
      .update(paymentPlatforms)
      .set({ isEnable: true })
      .where(eq(paymentPlatforms.tenantId, other.tenant.id));
    expect(await platforms()).toEqual([expect.objectContaining({ platformKey: 'stripe', isEnable: true })]);
  });

  it('carries the GET /api/tenant/images answer inline, and a new upload in the next shell', async () => {
    const db = t.database.handle.db;
    const other = await insertTenant(db, { isDefault: false, domains: ['portal.images.test'] });
    t.app.tenants.invalidate();
    const images = async () => {
      const shell = (await t.app.inject({ url: '/login', headers: { host: 'portal.images.test' } })).body;
      const api = await t.app.inject({
        url: '/api/tenant/images',
        headers: { host: 'portal.images.test', authorization: other.authorization },
      });
      expect(api.statusCode).toBe(200);
      expect(inlineTenant(shell, TENANT_IMAGES_DATA_ID)).toEqual(api.json());
      return api.json();
    };
    expect(await images()).toEqual({ logo: null, header: null, footer: null });
    // An upload leaves the tenant row alone: the next shell has the image anyway.
    const sha256 = 'ab'.repeat(32);
    await db.insert(tenantImages).values({
      tenantId: other.tenant.id,
      slot: 'logo',
      contentType: 'image/png',
      sha256,
      byteLength: 4,
      bytes: Buffer.from([1, 2, 3, 4]),
    });
    expect((await images()).logo).toMatch(/^\/api\/brand-images\/logo\/(ab)+$/);
  });

  it("preloads the starting language's translations and the path's route chunks from the manifest", async () => {
    const german = await insertTenant(t.database.handle.db, {
      isDefault: false,
      domains: ['portal.german.test'],
    });
    await t.database.handle.db
      .update(tenants)
      .set({ languages: ['de', 'en'] })
      .where(eq(tenants.id, german.tenant.id));
    t.app.tenants.invalidate();
    const login = await t.app.inject({
      url: '/login?next=%2Fusage',
      headers: { 'accept-language': 'en-US' },
    });
    // Not what index.html names already (the entry, react); CSS as style preloads.
    expect(preloaded(login.body)).toEqual([
      'assets/en-1.js',
      'assets/messages-1.js',
      'assets/login-page-1.js',
      'assets/forms-1.js',
      'assets/auth-en-1.js',
      'assets/login-page-1.css',
      'assets/forms-1.css',
    ]);
    // The language first, at normal priority (nothing renders before it); the route's files at low
    // priority, so they do not hold back the entry's own chunks.
    expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/assets/en-1.js">');
    expect(login.body).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/login-page-1.js">',
    );
    expect(login.body).toContain(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/forms-1.css">',
    );
    expect(login.headers.vary).toMatch(/accept-language/i);
    // A German browser on the demo (every language offered): German.
    const de = await t.app.inject({ url: '/login', headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(preloaded(de.body)).toContain('assets/de-1.js');
    expect(preloaded(de.body)).toContain('assets/auth-de-1.js');
    expect(preloaded(de.body)).not.toContain('assets/en-1.js');
    // A utility whose default is German, an English browser: the default.
    const host = 'portal.german.test';
    const utility = await t.app.inject({ url: '/login', headers: { host, 'accept-language': 'en-US' } });
    expect(preloaded(utility.body).slice(0, 2)).toEqual(['assets/de-1.js', 'assets/messages-1.js']);
    // Outside the route table (or a module the manifest lacks): only the language.
    for (const url of ['/usage', '/broken', '/login/extra']) {
      const page = await t.app.inject({ url, headers: { 'accept-language': 'en-US' } });
      expect(preloaded(page.body), url).toEqual(['assets/en-1.js', 'assets/messages-1.js']);
    }
  });

  it('keeps at most one shell per route of the table and language for a utility, whatever URLs come', async () => {
    const plan = readFirstViewPlan(dist);
    expect(plan?.routes).toEqual({ '/login': 'src/features/auth/login-page.tsx' });
    const cache = createAppShellCache(t.database.handle.db, INDEX_HTML, undefined, plan);
    const tenant = await t.app.tenants.forHost('localhost');
    if (!tenant) throw new Error('no demo tenant');
    for (let i = 0; i < 40; i += 1) {
      await cache.forTenant(tenant, { path: `/somewhere/${i}`, acceptLanguage: `x-${i}` });
      await cache.forTenant(tenant, { path: '/login', acceptLanguage: i % 2 ? 'de-DE' : 'en-GB' });
    }
    // /login in en and de, every other path in en: three variants.
    expect(cache.size()).toBe(3);
  });

  it('answers a host no utility owns with a 404 page, not the demo', async () => {
    for (const url of ['/', '/login', '/index.html']) {
      const response = await t.app.inject({ url, headers: { host: 'nobody.example.org' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toContain('No utility is configured for this host name');
      expect(response.body, url).not.toContain(demo.clientId);
    }
  });

  it('compresses large JSON answers but not small ones', async () => {
    const document = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(document.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(document.rawPayload).toString()).openapi).toBe('3.1.0');
    const probe = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['content-encoding']).toBeUndefined();
  });

  it('sends the strict content security policy with the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/usage' });
    expect(response.headers['content-security-policy']).toBe(
      `default-src 'self';script-src 'self' ${FIRST_VIEW_SCRIPT_HASH};style-src 'self';img-src 'self' data: blob:;font-src 'self';connect-src 'self';worker-src 'self' blob:;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not answer missing files or API paths with the page', async () => {
    for (const url of [
      '/assets/index-Missing.js',
      '/logo.png',
      '/api/nothing',
      '/ml/nothing',
      '/dev/nothing',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
    const post = await t.app.inject({ method: 'POST', url: '/usage' });
    expect(post.statusCode).toBe(404);
  });

  it('sends a build file only by its exact name, never the server build or another spelling', async () => {
    const exact = await t.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(exact.statusCode).toBe(200);
    expect(exact.body).toBe(ASSET);
    for (const url of [
      '/assets/INDEX-Ab12Cd34.js',
      '/Assets/index-Ab12Cd34.js',
      '/assets//index-Ab12Cd34.js',
      '/server/entry-server.js',
      '/.vite/manifest.json',
      '/assets/index-Ab12Cd34.js.map',
      '/assets/odd:name',
      '/assets/oddity',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('secretive');
    }
    // A file that appears after the start is not sent either: the build is fixed while it runs.
    writeFileSync(join(dist, 'assets', 'late-Zz99.js'), 'late');
    expect((await t.app.inject({ url: '/assets/late-Zz99.js' })).statusCode).toBe(404);
  });

  it('answers a browser whose copy is current with 304, and HEAD with the headers alone', async () => {
    const url = '/assets/index-Ab12Cd34.js';
    const first = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    // Each form has its own validator: the brotli copy's is not the plain file's.
    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.etag).not.toBe(etag);

    const again = await t.app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    const changed = await t.app.inject({
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': '"other"' },
    });
    expect(changed.statusCode).toBe(200);

    const lastModified = String(first.headers['last-modified']);
    expect(Date.parse(lastModified)).toBe(
      Math.floor(statSync(join(dist, 'assets/index-Ab12Cd34.js')).mtimeMs / 1000) * 1000,
    );
    const favicon = String((await t.app.inject({ url: '/favicon.svg' })).headers['last-modified']);
    const since = await t.app.inject({ url: '/favicon.svg', headers: { 'if-modified-since': favicon } });
    expect(since.statusCode).toBe(304);
    const before = await t.app.inject({
      url: '/favicon.svg',
      headers: { 'if-modified-since': new Date(Date.parse(favicon) - 60_000).toUTCString() },
    });
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('image/svg+xml');
    expect(before.headers['cache-control']).toBe('public, max-age=3600');
    // No compressed copy of it was built: nothing varies with Accept-Encoding.
    expect(before.headers.vary ?? '').not.toMatch(/accept-encoding/i);

    const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'gzip' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(Number(head.headers['content-length'])).toBe(statSync(join(dist, `${url.slice(1)}.gz`)).size);
  });

  it('explains how to build the portal when there is no build', async () => {
    const unbuilt = await createTestApp({
      env: { PORTAL_DIST: join(dist, 'missing') },
      database: t.database,
    });
    try {
      const response = await unbuilt.app.inject({ method: 'GET', url: '/login' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('npm run build');
    } finally {
      await unbuilt.close();
    }
  });
});

describe('API reference', () => {
  it('publishes an OpenAPI 3.1 document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const login = document.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(document.paths['/api/tenant'].get).toBeDefined();
    expect(document.paths['/ml/info'].get).toBeDefined();
    expect(document.paths['/healthz']).toBeUndefined();
  });

  it('serves the reference page with its own, slightly relaxed policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger-ui');
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('the global rate limit', () => {
  it('throttles the API hosts but never the portal files of a busy page load', async () => {
    for (let i = 0; i <= GLOBAL_RATE_LIMIT.max; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
      expect(response.statusCode).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i <= GLOBAL_RATE_LIMIT.max; i += 1) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/ml/info' })).statusCode);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
  });
});
