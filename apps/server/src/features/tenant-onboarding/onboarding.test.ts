// Issue 14, onboarding: tenant:create's service (idempotent on the domain, refusals, the first
// administrator's invitation through the forgot-password flow), tenant:import's service on the
// documented example folder (all or nothing, problems by file and line), and host resolution.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basicAuthorization } from '@gridfront/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assistantSettings,
  auditLog,
  bills,
  customerAccounts,
  intervalMonths,
  mailOutbox,
  meters,
  paymentPlatforms,
  premises,
  services,
  tariffs,
  tenantDomains,
  tenants,
  users,
} from '../../db/schema/index.ts';
import { createAccountTestApp, latestCode, solvedCaptcha } from '../../test/account-test-kit.ts';
import { insertTenant, type TenantFixture, type TestApp } from '../../test/index.ts';
import { createTestApp } from '../../test/test-app.ts';
import { storeBillAnswerParts } from '../billing/bill-answer-parts.ts';
import { readIntervalDays } from '../meter-reads/meter-reads.ts';
import { type CreatedTenant, createTenant, OnboardingError } from './create-tenant.ts';
import { ImportError, importTenantFolder } from './import-folder.ts';

const EXAMPLE = join(import.meta.dirname, 'example');
const DOMAIN = 'power.harborfalls.test';

let t: TestApp;
let demo: TenantFixture;
let created: CreatedTenant;

beforeAll(async () => {
  t = await createAccountTestApp();
  demo = await insertTenant(t.database.handle.db, { isDefault: true });
  const result = await createTenant(t.database.handle.db, {
    name: 'Harbor Falls Power',
    domain: `  Power.HarborFalls.test. `,
    theme: 'lubbock',
    languages: ['es', 'en'],
  });
  if (result.status !== 'created') throw new Error('not created');
  created = result;
  t.app.tenants.invalidate();
}, 120_000);
afterAll(() => t?.close());

const db = () => t.database.handle.db;
const onNewHost = (extra: Record<string, string> = {}) => ({
  host: DOMAIN,
  authorization: basicAuthorization(created.clientId, created.clientSecret),
  ...extra,
});

async function rowCounts(tenantId: string) {
  const of = async (table: typeof customerAccounts | typeof meters | typeof bills | typeof tariffs) =>
    (await db().select({ n: count() }).from(table).where(eq(table.tenantId, tenantId)))[0]?.n ?? 0;
  return {
    accounts: await of(customerAccounts),
    meters: await of(meters),
    bills: await of(bills),
    tariffs: await of(tariffs),
  };
}

describe('tenant:create', () => {
  it('creates the tenant, its domain, credential, widget key, platforms and an invited administrator', async () => {
    expect(created).toMatchObject({
      domain: DOMAIN,
      theme: 'lubbock',
      languages: ['es', 'en'],
      slug: 'harbor-falls-power',
    });
    const [tenant] = await db().select().from(tenants).where(eq(tenants.id, created.tenantId));
    expect(tenant).toMatchObject({
      name: 'Harbor Falls Power',
      defaultTheme: 'lubbock',
      languages: ['es', 'en'],
      contentLanguage: 'es',
      isDefault: false,
      appClientId: created.clientId,
    });
    expect(
      await db().select().from(tenantDomains).where(eq(tenantDomains.tenantId, created.tenantId)),
    ).toEqual([{ host: DOMAIN, tenantId: created.tenantId }]);
    const [settings] = await db()
      .select()
      .from(assistantSettings)
      .where(eq(assistantSettings.tenantId, created.tenantId));
    expect(settings?.apiKey).toBe(created.widgetApiKey);
    expect(
      await db().select().from(paymentPlatforms).where(eq(paymentPlatforms.tenantId, created.tenantId)),
    ).toHaveLength(4);

    const [admin] = await db().select().from(users).where(eq(users.tenantId, created.tenantId));
    expect(admin).toMatchObject({ username: 'admin', role: 'admin', email: `admin@${DOMAIN}` });
    const [invitation] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, `admin@${DOMAIN}`));
    expect(invitation).toMatchObject({ tenantId: created.tenantId, purpose: 'admin-invitation' });
    // In the tenant's first language, naming the page where the password is set.
    expect(invitation?.subject).toBe('Harbor Falls Power: establezca su contraseña de administrador');
    expect(invitation?.textBody).toContain(`https://${DOMAIN}/forgotPassword`);
    const audit = await db().select().from(auditLog).where(eq(auditLog.tenantId, created.tenantId));
    expect(audit.map((row) => row.action)).toContain('tenant.created');
  });

  it('serves the new utility on its host, and its administrator sets a password with the mailed code', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/tenant', headers: onNewHost() });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({ name: 'Harbor Falls Power' });
    // The demo's credential is not this site's app.
    const wrongApp = await t.app.inject({
      method: 'GET',
      url: '/api/tenant',
      headers: { host: DOMAIN, authorization: demo.authorization },
    });
    expect(wrongApp.statusCode).toBe(401);

    const api = {
      post: (url: string, payload: object) =>
        t.app.inject({
          method: 'POST',
          url: `/api${url}`,
          headers: onNewHost(),
          payload,
          remoteAddress: '10.14.0.1',
        }),
      get: (url: string) =>
        t.app.inject({ method: 'GET', url: `/api${url}`, headers: onNewHost(), remoteAddress: '10.14.0.1' }),
    };
    const refused = await api.post('/auth/login', { username: 'admin', password: 'Anything@123' });
    expect(refused.statusCode).toBe(401);
    const otp = await api.post('/auth/forgotOTP', { username: 'admin', captcha: await solvedCaptcha(api) });
    expect(otp.statusCode).toBe(200);
    const code = await latestCode(db(), `admin@${DOMAIN}`);
    const reset = await api.post('/auth/forgotPassword', {
      username: 'admin',
      code,
      newPassword: 'Harbor@12345',
      confirmPassword: 'Harbor@12345',
    });
    expect(reset.statusCode).toBe(200);
    const login = await api.post('/auth/login', { username: 'admin', password: 'Harbor@12345' });
    expect(login.statusCode).toBe(200);
    expect(login.json().accessToken).toEqual(expect.any(String));
  });

  it('is idempotent on the domain: the same name again changes nothing', async () => {
    const before = await db().select({ n: count() }).from(tenants);
    const mailsBefore = await db().select({ n: count() }).from(mailOutbox);
    const again = await createTenant(db(), { name: 'Harbor Falls Power', domain: DOMAIN, theme: 'red' });
    expect(again).toEqual({
      status: 'exists',
      tenantId: created.tenantId,
      slug: 'harbor-falls-power',
      name: 'Harbor Falls Power',
      domain: DOMAIN,
    });
    expect(await db().select({ n: count() }).from(tenants)).toEqual(before);
    expect(await db().select({ n: count() }).from(mailOutbox)).toEqual(mailsBefore);
    const [tenant] = await db().select().from(tenants).where(eq(tenants.id, created.tenantId));
    expect(tenant?.defaultTheme).toBe('lubbock');
  });

  it('refuses a domain another utility owns, and bad values, changing nothing', async () => {
    const before = await db().select({ n: count() }).from(tenants);
    await expect(createTenant(db(), { name: 'Someone Else', domain: DOMAIN })).rejects.toThrow(
      /The domain power\.harborfalls\.test is taken: it belongs to "Harbor Falls Power"/,
    );
    const bad: Array<[Parameters<typeof createTenant>[1], RegExp]> = [
      [{ name: 'Ok Name', domain: 'https://portal.example.org/x' }, /The domain must be a host name/],
      [{ name: 'Ok Name', domain: 'localhost' }, /The domain must be a host name|localhost/],
      [
        { name: 'Ok Name', domain: 'portal.example.org', theme: 'pink' as never },
        /The theme must be one of green/,
      ],
      [
        { name: 'Ok Name', domain: 'portal.example.org', languages: ['en', 'fr'] as never },
        /Each language must be one of/,
      ],
      [{ name: 'Ok Name', domain: 'portal.example.org', languages: [] }, /at least one language/],
      [{ name: ' ', domain: 'portal.example.org' }, /at least 2 characters/],
    ];
    for (const [input, message] of bad) {
      const attempt = createTenant(db(), input);
      await expect(attempt).rejects.toBeInstanceOf(OnboardingError);
      await expect(attempt).rejects.toThrow(message);
    }
    expect(await db().select({ n: count() }).from(tenants)).toEqual(before);
  });
});

describe('tenant:import', () => {
  let fresh: string;
  beforeAll(async () => {
    const other = await createTenant(db(), { name: 'Import Target', domain: 'import.target.test' });
    fresh = other.tenantId;
  });

  it('refuses a folder with bad rows, naming each by file and line, and loads nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridfront-import-'));
    cpSync(EXAMPLE, dir, { recursive: true });
    const customers = readFileSync(join(dir, 'customers.csv'), 'utf8').split('\n');
    customers[2] =
      customers[2]?.replace('noor.haddad@example.net', 'not-an-address').replace('1937', '19x7') ?? '';
    writeFileSync(join(dir, 'customers.csv'), customers.join('\n'));
    writeFileSync(
      join(dir, 'meters.csv'),
      `${readFileSync(join(dir, 'meters.csv'), 'utf8')}HF-E-9999,S9,kWh,15,2020-01-01\n`,
    );
    writeFileSync(
      join(dir, 'tariffs', 'RS-BAD.json'),
      JSON.stringify({ name: 'x', energyratestructure: 'no' }),
    );
    const error = await importTenantFolder(db(), fresh, dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    const problems = (error as ImportError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        'customers.csv:3: pin: must be 4 digits',
        'customers.csv:3: email: is not a valid e-mail address',
        'meters.csv:6: service_id: S9 is not in services.csv',
        expect.stringMatching(/^tariffs\/RS-BAD\.json: URDB field energyratestructure/),
      ]),
    );
    expect(problems).toHaveLength(4);
    expect(await rowCounts(fresh)).toEqual({ accounts: 0, meters: 0, bills: 0, tariffs: 0 });
  });

  it('loads the example folder in one go: customers to bills, tariffs and whole days of reads', async () => {
    const summary = await importTenantFolder(db(), 'import-target', EXAMPLE);
    expect(summary).toEqual({
      customers: 3,
      premises: 3,
      services: 4,
      meters: 4,
      tariffs: 2,
      bills: 3,
      intervalDays: 6,
      partialDaysSkipped: 2,
    });
    expect(await rowCounts(fresh)).toEqual({ accounts: 3, meters: 4, bills: 3, tariffs: 2 });
    const [meter] = await db()
      .select({ id: meters.id })
      .from(meters)
      .where(and(eq(meters.tenantId, fresh), eq(meters.serialNumber, 'HF-E-1001')));
    const days = await readIntervalDays(db(), meter?.id ?? '', '2026-11-01', '2026-11-30');
    expect(days.map((day) => day.date)).toEqual(['2026-11-10', '2026-11-11', '2026-11-12']);
    expect(days[0]?.importWh).toHaveLength(96);
    // The first reading of the file is the first slot of 10 November in Chicago.
    const xml = readFileSync(join(EXAMPLE, 'readings', 'HF-E-1001.xml'), 'utf8');
    const firstValue = Number(/<value>(\d+)<\/value>/.exec(xml)?.[1]);
    expect(days[0]?.importWh[0]).toBe(firstValue);
    const [service] = await db()
      .select({ tariff: tariffs.code })
      .from(services)
      .innerJoin(premises, eq(premises.id, services.premiseId))
      .innerJoin(tariffs, eq(tariffs.id, services.tariffId))
      .where(and(eq(services.tenantId, fresh), eq(premises.serviceAddress, '9 Mill Street')));
    expect(service?.tariff).toBe('RS-TOU');
    expect(
      (await db().select({ n: count() }).from(intervalMonths).where(eq(intervalMonths.tenantId, fresh)))[0]
        ?.n,
    ).toBe(2);
  });

  it("stores each imported bill's getBillDetails parts in the import, as the bill run does", async () => {
    const parts = () =>
      db()
        .select({
          id: bills.id,
          head: bills.answerHead,
          open: bills.answerSegmentsOpen,
          paid: bills.answerSegmentsPaid,
          stats: bills.answerQuickStats,
        })
        .from(bills)
        .where(eq(bills.tenantId, fresh))
        .orderBy(bills.billNumber);
    const stored = await parts();
    expect(stored).toHaveLength(3);
    for (const bill of stored) {
      expect(bill.head).toContain(`"billId":"${bill.id}"`);
      for (const part of [bill.open, bill.paid, bill.stats]) expect(part).toMatch(/^\[/);
    }
    // The same text as the bill run's own store writes afresh.
    await db()
      .update(bills)
      .set({ answerHead: null, answerSegmentsOpen: null, answerSegmentsPaid: null, answerQuickStats: null })
      .where(eq(bills.tenantId, fresh));
    for (const bill of stored) await storeBillAnswerParts(db(), bill.id);
    expect(await parts()).toEqual(stored);
  });

  it('refuses the same folder twice, changing nothing', async () => {
    const before = await rowCounts(fresh);
    const error = await importTenantFolder(db(), fresh, EXAMPLE).catch((e: unknown) => e);
    expect((error as ImportError).problems).toContain(
      'customers.csv:2: account_number: 7100000001 exists in this utility already',
    );
    expect(await rowCounts(fresh)).toEqual(before);
  });

  it('names an unknown tenant', async () => {
    await expect(importTenantFolder(db(), 'no-such-utility', EXAMPLE)).rejects.toThrow(
      'No tenant with id or slug "no-such-utility"',
    );
  });
});

describe('host resolution', () => {
  it('refuses a host no tenant owns with 404 and a clear message, on every host scope', async () => {
    for (const url of ['/api/tenant', '/ml/info', '/pay/info']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { host: 'nobody.example.org', authorization: demo.authorization },
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('No utility is configured for this host name');
    }
    for (const host of ['localhost:8080', '127.0.0.1:8080']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/tenant',
        headers: { host, authorization: demo.authorization },
      });
      expect(response.statusCode, host).toBe(200);
    }
  });

  it('in production, localhost is not the default tenant', async () => {
    const production = await createTestApp({
      database: t.database,
      env: {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:9',
        ALTCHA_HMAC_KEY: 'a'.repeat(64),
        PUBLIC_URL: 'https://portal.example.org',
      },
    });
    try {
      const local = await production.app.inject({
        method: 'GET',
        url: '/api/tenant',
        headers: { host: 'localhost', authorization: demo.authorization },
      });
      expect(local.statusCode).toBe(404);
      const owned = await production.app.inject({ method: 'GET', url: '/api/tenant', headers: onNewHost() });
      expect(owned.statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
