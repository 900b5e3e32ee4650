// /api/admin/languages (issue 14): who may use it, what it refuses, the audit, /api/tenant and the
// app shell answering the new list, and a second instance on the same database seeing the change
// within about a second (the tenant map's updated_at stamp), not after its 60 s reload.
import { BRAND_COLOR_TOKENS } from '@gridfront/contracts/admin-brand';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertTenant, type TenantFixture, type TestApp } from '../../test/index.ts';
import { type AdminTestCast, auditEntries, castAdminTest, injectAs } from './admin-test-kit.ts';
import { ADMIN_ONLY } from './routes.ts';

let first: TestApp;
let second: TestApp;
let home: TenantFixture;
let other: TenantFixture;
const otherHost = 'power.languages-other.test';
let tokens: AdminTestCast['tokens'];

function call(
  app: TestApp,
  method: 'GET' | 'PUT',
  url: string,
  options: { token?: string; payload?: unknown; host?: string; auth?: string } = {},
) {
  const { auth = home.authorization, ...request } = options;
  return injectAs(app, method, url, { authorization: auth, ...request });
}

beforeAll(async () => {
  first = await createTestApp();
  // A second instance on the same database.
  second = await createTestApp({ database: first.database });
  home = await insertTenant(first.database.handle.db, { name: 'Riverbend Test' });
  ({ other, tokens } = await castAdminTest(first, home.tenant.id, otherHost));
  second.app.tenants.invalidate();
}, 120_000);
afterAll(async () => {
  await second?.app.close();
  await first?.close();
});

describe('/api/admin/languages', () => {
  it('answers 403 to guests, customers and agents before validation', async () => {
    for (const token of [undefined, tokens.customer, tokens.agent]) {
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', { enabled: 'nope' }],
      ] as const) {
        const response = await call(first, method, '/api/admin/languages', { token, payload });
        expect(response.statusCode, `${method} ${token ? 'signed in' : 'guest'}`).toBe(403);
        expect(response.json().message).toBe(ADMIN_ONLY);
      }
    }
  });

  it('starts with every language, English first, as the demo has today', async () => {
    const response = await call(first, 'GET', '/api/admin/languages', { token: tokens.admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ enabled: ['en', 'es', 'ta', 'de'], default: 'en' });
  });

  it('refuses no language, an unknown one, a duplicate and a default that is not enabled, by name', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ enabled: [], default: 'en' }, /at least one language/],
      [{ enabled: ['en', 'fr'], default: 'en' }, /en, es, ta or de/],
      [{ enabled: ['en', 'en'], default: 'en' }, /listed twice/],
      [{ enabled: ['en', 'es'], default: 'de' }, /default language must be one of the enabled/],
      [{ enabled: ['en'] }, /en, es, ta or de/],
    ];
    for (const [payload, message] of cases) {
      const response = await call(first, 'PUT', '/api/admin/languages', { token: tokens.admin, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toMatch(message);
    }
  });

  it('saves the languages with the default first, audits it, and both instances answer them at once', async () => {
    // The second instance has its tenant map loaded before the change.
    const before = await call(second, 'GET', '/api/tenant');
    expect(before.json().languages).toEqual(['en', 'es', 'ta', 'de']);

    const saved = await call(first, 'PUT', '/api/admin/languages', {
      token: tokens.admin,
      payload: { enabled: ['de', 'es', 'en'], default: 'es' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: ['es', 'en', 'de'], default: 'es' });
    expect((await call(first, 'GET', '/api/tenant')).json().languages).toEqual(['es', 'en', 'de']);
    const [entry] = await auditEntries(first.database.handle.db, home.tenant.id, 'admin.languages.update');
    expect(entry?.detail).toEqual({ before: ['en', 'es', 'ta', 'de'], after: ['es', 'en', 'de'] });

    // The other instance: within about a second, without a restart or its 60 s reload.
    const started = Date.now();
    await expect
      .poll(async () => (await call(second, 'GET', '/api/tenant')).json().languages, {
        timeout: 3000,
        interval: 100,
      })
      .toEqual(['es', 'en', 'de']);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it("never changes another utility's languages, whatever its administrator sends", async () => {
    const response = await call(first, 'PUT', '/api/admin/languages', {
      token: tokens.otherAdmin,
      payload: { enabled: ['ta'], default: 'ta' },
    });
    // Their token on this utility's host: not an administrator here.
    expect(response.statusCode).toBe(403);
    const own = await call(first, 'PUT', '/api/admin/languages', {
      token: tokens.otherAdmin,
      host: otherHost,
      auth: other.authorization,
      payload: { enabled: ['ta', 'en'], default: 'ta' },
    });
    expect(own.statusCode).toBe(200);
    expect((await call(first, 'GET', '/api/tenant')).json().languages).toEqual(['es', 'en', 'de']);
    const otherTenant = await call(first, 'GET', '/api/tenant', {
      host: otherHost,
      auth: other.authorization,
    });
    expect(otherTenant.json().languages).toEqual(['ta', 'en']);
  });

  it('lets the second instance serve a brand change within about a second', async () => {
    const admin = await call(first, 'GET', '/api/admin/brand', { token: tokens.admin });
    const brand = admin.json();
    await call(second, 'GET', '/api/tenant');
    const renamed = await call(first, 'PUT', '/api/admin/brand', {
      token: tokens.admin,
      payload: {
        name: 'Riverbend Renamed',
        theme: brand.theme,
        colors: Object.fromEntries(
          BRAND_COLOR_TOKENS.map((token) => [
            token,
            /-fg$|link|focus-ring/.test(token) ? '#1a1a1a' : '#ffffff',
          ]),
        ),
      },
    });
    expect(renamed.statusCode).toBe(200);
    await expect
      .poll(async () => (await call(second, 'GET', '/api/tenant')).json().name, {
        timeout: 3000,
        interval: 100,
      })
      .toBe('Riverbend Renamed');
  });
});
