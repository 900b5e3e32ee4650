import { brandImagePath, IMAGE_MAX_BYTES } from '@gridfront/contracts/admin-content';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantDocuments, tenantImages, tenants } from '../../db/schema/index.ts';
import { createAccountTestApp } from '../../test/account-test-kit.ts';
import { insertTenant, type TenantFixture, type TestApp } from '../../test/index.ts';
import { type AdminTestCast, auditEntries, castAdminTest, injectAs } from './admin-test-kit.ts';
import { sniffImageType } from './content-repository.ts';
import { ADMIN_ONLY } from './routes.ts';

let t: TestApp;
let home: TenantFixture;
let other: TenantFixture;
const otherHost = 'power.other-content.test';
let tokens: AdminTestCast['tokens'];
const db = () => t.database.handle.db;

/** A 1×1 PNG, a JPEG start and a WebP header: only the first bytes matter to the check. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([16, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function call(
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  options: { tenant?: TenantFixture; token?: string; payload?: unknown; host?: string; type?: string } = {},
) {
  const { tenant = home, ...request } = options;
  return injectAs(t, method, `/api${url}`, { authorization: tenant.authorization, ...request });
}

const upload = (
  slot: string,
  bytes: Buffer,
  options: { token?: string; tenant?: TenantFixture; host?: string } = {},
) =>
  call('PUT', `/admin/images/${slot}`, {
    token: tokens.admin,
    ...options,
    payload: bytes,
    type: 'application/octet-stream',
  });

beforeAll(async () => {
  t = await createAccountTestApp();
  home = await insertTenant(db(), { name: 'Lakeside Power' });
  await db()
    .update(tenants)
    .set({ languages: ['en', 'es'], contentLanguage: 'en' })
    .where(eq(tenants.id, home.tenant.id));
  ({ other, tokens } = await castAdminTest(t, home.tenant.id, otherHost));
});
afterAll(() => t.close());

describe('who may edit content', () => {
  it('answers 403 to guests, customers and agents, before validation, and stores nothing', async () => {
    for (const token of [undefined, tokens.customer, tokens.agent]) {
      for (const [method, url, payload] of [
        ['GET', '/admin/content'],
        ['PUT', '/admin/content/about/en', { body: 'Taken over' }],
        ['PUT', '/admin/content/nonsense/xx', { nope: 1 }],
        ['PUT', '/admin/content/channels', { phone: '1', outagePhone: '', email: '' }],
        ['PUT', '/admin/images/logo', PNG],
        ['DELETE', '/admin/images/logo'],
      ] as const) {
        const response = await call(method, url, {
          token,
          payload,
          ...(Buffer.isBuffer(payload) ? { type: 'application/octet-stream' } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().message).toBe(ADMIN_ONLY);
      }
    }
    expect(await db().select().from(tenantDocuments)).toEqual([]);
    expect(await db().select().from(tenantImages)).toEqual([]);
  });
});

describe('documents', () => {
  it('saves About Us per language, audits it, and the public read falls back to the default language', async () => {
    const english = await call('PUT', '/admin/content/about/en', {
      token: tokens.admin,
      payload: { body: '## Who we are\n\nLakeside keeps the lights on.' },
    });
    expect(english.statusCode).toBe(200);
    expect(english.json()).toMatchObject({
      kind: 'about',
      language: 'en',
      body: '## Who we are\n\nLakeside keeps the lights on.',
    });

    // Spanish asked, none written yet: the default language's text, saying which language it is in.
    const fallback = await call('GET', '/tenant/content/about?lang=es');
    expect(fallback.json()).toEqual({
      kind: 'about',
      language: 'en',
      body: '## Who we are\n\nLakeside keeps the lights on.',
    });

    await call('PUT', '/admin/content/about/es', {
      token: tokens.admin,
      payload: { body: '  Lakeside mantiene la luz.  ' },
    });
    const spanish = await call('GET', '/tenant/content/about?lang=es');
    expect(spanish.json()).toEqual({ kind: 'about', language: 'es', body: 'Lakeside mantiene la luz.' });
    expect(spanish.headers['cache-control']).toBe('no-cache');

    // Nothing written for Services: null, the portal keeps its built-in text.
    const services = await call('GET', '/tenant/content/services?lang=es');
    expect(services.json()).toEqual({ kind: 'services', language: null, body: null });

    const audit = await auditEntries(db(), home.tenant.id, 'admin.content.update');
    expect(audit.map((entry) => entry.detail)).toEqual(
      expect.arrayContaining([
        { kind: 'about', language: 'en', length: 44 },
        { kind: 'about', language: 'es', length: 25 },
      ]),
    );

    const listed = await call('GET', '/admin/content', { token: tokens.admin });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().languages).toEqual(['en', 'es']);
    expect(
      listed
        .json()
        .documents.map((d: { language: string }) => d.language)
        .sort(),
    ).toEqual(['en', 'es']);
  });

  it('an empty body removes the document, audited, and the built-in text returns', async () => {
    await call('PUT', '/admin/content/termsOfUse/en', { token: tokens.admin, payload: { body: 'Terms.' } });
    expect((await call('GET', '/tenant/content/termsOfUse?lang=en')).json().body).toBe('Terms.');
    const removed = await call('PUT', '/admin/content/termsOfUse/en', {
      token: tokens.admin,
      payload: { body: '   ' },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toBeNull();
    expect((await call('GET', '/tenant/content/termsOfUse?lang=en')).json().body).toBeNull();
    const [entry] = await auditEntries(db(), home.tenant.id, 'admin.content.remove');
    expect(entry?.detail).toEqual({ kind: 'termsOfUse', language: 'en', length: 0 });
  });

  it('refuses a too long text and a language the utility has not enabled, naming the field', async () => {
    const long = await call('PUT', '/admin/content/contactHours/en', {
      token: tokens.admin,
      payload: { body: 'x'.repeat(301) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ body: 'At most 300 characters' });
    const german = await call('PUT', '/admin/content/about/de', {
      token: tokens.admin,
      payload: { body: 'Hallo' },
    });
    expect(german.statusCode).toBe(400);
    expect(german.json().fields).toEqual({ language: 'This language is not enabled for the utility' });
    const unknown = await call('PUT', '/admin/content/cookies/en', {
      token: tokens.admin,
      payload: { body: 'x' },
    });
    expect(unknown.statusCode).toBe(400);
    const rows = await db().select().from(tenantDocuments).where(eq(tenantDocuments.language, 'de'));
    expect(rows).toEqual([]);
  });

  it("hours written in the content language also become the footer's (the tenant answer)", async () => {
    const saved = await call('PUT', '/admin/content/contactHours/en', {
      token: tokens.admin,
      payload: { body: 'Mon–Fri 8–5' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', '/tenant')).json().contact.hours).toBe('Mon–Fri 8–5');
    await call('PUT', '/admin/content/contactHours/es', {
      token: tokens.admin,
      payload: { body: 'Lun–Vie 8–5' },
    });
    expect((await call('GET', '/tenant')).json().contact.hours).toBe('Mon–Fri 8–5');
    expect((await call('GET', '/tenant/content/contactHours?lang=es')).json().body).toBe('Lun–Vie 8–5');
  });

  it('the Electronic Payment Agreement written here is the one the request flow shows', async () => {
    const before = (await call('GET', '/oracle/toDoAgreement?lang=es')).json();
    await call('PUT', '/admin/content/paymentAgreement/es', {
      token: tokens.admin,
      payload: { body: 'Acuerdo de pago.' },
    });
    expect(before.text).not.toBe('Acuerdo de pago.');
    expect((await call('GET', '/oracle/toDoAgreement?lang=es')).json()).toEqual({
      text: 'Acuerdo de pago.',
      lang: 'es',
    });
  });

  it('saves the contact channels into the tenant answer, checked and audited', async () => {
    const bad = await call('PUT', '/admin/content/channels', {
      token: tokens.admin,
      payload: { phone: 'call us', outagePhone: '', email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields ?? {}).sort()).toEqual(['email', 'phone']);
    const good = await call('PUT', '/admin/content/channels', {
      token: tokens.admin,
      payload: { phone: '(555) 010-7777', outagePhone: '555 010 8888', email: 'help@lakeside.test' },
    });
    expect(good.statusCode).toBe(200);
    const tenant = (await call('GET', '/tenant')).json();
    expect(tenant.contact).toMatchObject({
      phone: '(555) 010-7777',
      outagePhone: '555 010 8888',
      email: 'help@lakeside.test',
    });
    const [entry] = await auditEntries(db(), home.tenant.id, 'admin.content.channels');
    expect(entry?.detail).toMatchObject({ phone: '(555) 010-7777' });
  });

  it("another utility's administrator cannot write here, and never sees this utility's texts", async () => {
    const crossed = await call('PUT', '/admin/content/about/en', {
      token: tokens.otherAdmin,
      payload: { body: 'Taken over' },
    });
    expect([401, 403]).toContain(crossed.statusCode);
    const onOther = await call('GET', '/tenant/content/about?lang=es', { tenant: other, host: otherHost });
    expect(onOther.json()).toEqual({ kind: 'about', language: null, body: null });
    const own = await call('PUT', '/admin/content/about/en', {
      tenant: other,
      host: otherHost,
      token: tokens.otherAdmin,
      payload: { body: 'Hilltop text' },
    });
    expect(own.statusCode).toBe(200);
    expect((await call('GET', '/tenant/content/about?lang=en')).json().body).toBe(
      '## Who we are\n\nLakeside keeps the lights on.',
    );
  });
});

describe('images', () => {
  it('tells PNG, JPEG and WebP by their first bytes, and nothing else', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
  });

  it('stores a logo, serves it at its hash with a year of cache, and lists its URL', async () => {
    const response = await upload('logo', PNG);
    expect(response.statusCode).toBe(200);
    const { url, contentType, byteLength } = response.json();
    expect(contentType).toBe('image/png');
    expect(byteLength).toBe(PNG.length);
    expect(url).toMatch(/^\/api\/brand-images\/logo\/[0-9a-f]{32}$/);

    const urls = (await call('GET', '/tenant/images')).json();
    expect(urls).toEqual({ logo: url, header: null, footer: null });

    // An <img> sends no client credential.
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // A new image is a new URL; the old one is gone.
    const replaced = (await upload('logo', JPEG)).json();
    expect(replaced.url).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: replaced.url })).headers['content-type']).toBe(
      'image/jpeg',
    );

    const audit = await auditEntries(db(), home.tenant.id, 'admin.image.upload');
    expect(audit.map((entry) => (entry.detail as { contentType: string }).contentType)).toEqual(
      expect.arrayContaining(['image/png', 'image/jpeg']),
    );
  });

  it('refuses SVG, other types, an empty file and a file over the limit, with a clear message', async () => {
    const svg = await call('PUT', '/admin/images/header', {
      token: tokens.admin,
      payload: SVG,
      type: 'image/svg+xml',
    });
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe(
      'Upload a PNG, JPEG or WebP image (SVG is not accepted: it can carry script)',
    );
    expect((await upload('header', Buffer.from('GIF89a......'))).statusCode).toBe(415);
    expect((await upload('header', Buffer.alloc(0))).statusCode).toBe(400);
    const big = await upload('header', Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The image is larger than 512 KiB');
    const rows = await db().select().from(tenantImages).where(eq(tenantImages.slot, 'header'));
    expect(rows).toEqual([]);
  });

  it("another utility cannot read or replace this utility's images", async () => {
    const { url } = (await upload('footer', WEBP)).json();
    // The same URL on the other utility's host is not found: the host decides the utility.
    const elsewhere = await t.app.inject({ method: 'GET', url, headers: { host: otherHost } });
    expect(elsewhere.statusCode).toBe(404);
    expect((await call('GET', '/tenant/images', { tenant: other, host: otherHost })).json()).toEqual({
      logo: null,
      header: null,
      footer: null,
    });
    // Home's admin on the other host, and the other's admin on home's host: refused.
    expect([401, 403]).toContain(
      (await upload('footer', PNG, { tenant: other, host: otherHost })).statusCode,
    );
    expect([401, 403]).toContain((await upload('footer', PNG, { token: tokens.otherAdmin })).statusCode);
    const [row] = await db()
      .select({ contentType: tenantImages.contentType })
      .from(tenantImages)
      .where(and(eq(tenantImages.tenantId, home.tenant.id), eq(tenantImages.slot, 'footer')));
    expect(row?.contentType).toBe('image/webp');
    expect(await db().select().from(tenantImages).where(eq(tenantImages.tenantId, other.tenant.id))).toEqual(
      [],
    );
  });

  it('removes an image, audited; the URL is then gone', async () => {
    const { url } = (await upload('header', PNG)).json();
    const removed = await call('DELETE', '/admin/images/header', { token: tokens.admin });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await call('DELETE', '/admin/images/header', { token: tokens.admin })).statusCode).toBe(404);
    expect(brandImagePath('header', 'a'.repeat(64))).toBe(`/api/brand-images/header/${'a'.repeat(32)}`);
    const entries = await auditEntries(db(), home.tenant.id, 'admin.image.remove');
    expect(entries).toHaveLength(1);
  });
});

describe('built-in texts: where the editor starts, and the hours a visitor sees', () => {
  it('serves the built-in hours’ translation in the visitor’s language, and lists built-in texts for the editor', async () => {
    await db()
      .delete(tenantDocuments)
      .where(and(eq(tenantDocuments.tenantId, home.tenant.id), eq(tenantDocuments.kind, 'contactHours')));
    const [row] = await db().select().from(tenants).where(eq(tenants.id, home.tenant.id));
    if (!row) throw new Error('no tenant row');
    await db()
      .update(tenants)
      .set({
        contact: { ...row.contact, hours: 'Mon–Fri 7–6', hoursTranslations: { es: 'Lun–Vie 7–18' } },
        legal: { ...row.legal, privacyPolicy: 'Our privacy policy.' },
      })
      .where(eq(tenants.id, home.tenant.id));
    t.app.tenants.invalidate();

    // A Spanish visitor gets the translation, marked es; an English one the configured hours (null).
    expect((await call('GET', '/tenant/content/contactHours?lang=es')).json()).toEqual({
      kind: 'contactHours',
      language: 'es',
      body: 'Lun–Vie 7–18',
    });
    expect((await call('GET', '/tenant/content/contactHours?lang=en')).json().body).toBeNull();
    // No translation of the privacy policy: the portal's built-in (the configured English) applies.
    expect((await call('GET', '/tenant/content/privacyPolicy?lang=es')).json().body).toBeNull();

    const content = (await call('GET', '/admin/content', { token: tokens.admin })).json();
    const builtIn = (kind: string, language: string) =>
      content.builtIn.find(
        (entry: { kind: string; language: string }) => entry.kind === kind && entry.language === language,
      );
    expect(builtIn('contactHours', 'es')).toEqual({
      kind: 'contactHours',
      language: 'es',
      bodyLanguage: 'es',
      body: 'Lun–Vie 7–18',
    });
    expect(builtIn('contactHours', 'en')).toMatchObject({ bodyLanguage: 'en', body: 'Mon–Fri 7–6' });
    expect(builtIn('privacyPolicy', 'es')).toMatchObject({ bodyLanguage: 'en', body: 'Our privacy policy.' });
    // About Us and Services start from the portal's own texts, not the server's.
    expect(builtIn('about', 'en')).toBeUndefined();
    expect(builtIn('services', 'es')).toBeUndefined();

    // Hours the utility writes win over a built-in translation (which may be out of date).
    await call('PUT', '/admin/content/contactHours/en', {
      token: tokens.admin,
      payload: { body: 'Mon–Sat 8–4' },
    });
    expect((await call('GET', '/tenant/content/contactHours?lang=es')).json()).toMatchObject({
      language: 'en',
      body: 'Mon–Sat 8–4',
    });
    await call('PUT', '/admin/content/contactHours/en', { token: tokens.admin, payload: { body: '' } });

    // Another utility on its host sees none of this one's hours.
    const onOther = await call('GET', '/tenant/content/contactHours?lang=es', {
      tenant: other,
      host: otherHost,
    });
    expect(onOther.json()).toEqual({ kind: 'contactHours', language: null, body: null });
  });
});
