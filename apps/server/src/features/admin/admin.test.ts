import { BRAND_COLOR_TOKENS } from '@gridfront/contracts/admin-brand';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tenants } from '../../db/schema/index.ts';
import { createAccountTestApp, mailsTo } from '../../test/account-test-kit.ts';
import { insertTenant, type TenantFixture, type TestApp } from '../../test/index.ts';
import { type AdminTestCast, castAdminTest, injectAs } from './admin-test-kit.ts';
import { ADMIN_ONLY } from './routes.ts';

let t: TestApp;
let home: TenantFixture;
let other: TenantFixture;
const otherHost = 'power.other-admin.test';
let tokens: AdminTestCast['tokens'];
let adminId = '';
let adminUsername = '';
const db = () => t.database.handle.db;

/** A palette that passes: dark text and rings on white. */
function passingColors(): Record<string, string> {
  return Object.fromEntries(
    BRAND_COLOR_TOKENS.map((token) => [token, /-fg$|link|focus-ring/.test(token) ? '#1a1a1a' : '#ffffff']),
  );
}

function call(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  tenant: TenantFixture,
  token?: string,
  payload?: unknown,
  host?: string,
) {
  return injectAs(t, method, `/api${url}`, { authorization: tenant.authorization, token, payload, host });
}

beforeAll(async () => {
  t = await createAccountTestApp();
  home = await insertTenant(db(), { name: 'Lakeside Power' });
  const cast = await castAdminTest(t, home.tenant.id, otherHost);
  ({ other, tokens } = cast);
  adminId = cast.people.admin.id;
  adminUsername = cast.people.admin.username;
});
afterAll(() => t.close());

const brand = (overrides: Partial<{ name: string; theme: string; colors: Record<string, string> }> = {}) => ({
  name: 'Lakeside Power & Light',
  theme: 'lubbock',
  colors: passingColors(),
  ...overrides,
});

describe('who may use /api/admin', () => {
  it('answers 403 to guests, customers and agents on every admin call, before validation', async () => {
    for (const token of [undefined, tokens.customer, tokens.agent]) {
      for (const [method, url, payload] of [
        ['GET', '/admin/brand'],
        ['PUT', '/admin/brand', brand()],
        ['PUT', '/admin/brand', { nonsense: true }],
        ['GET', '/admin/audit'],
        ['GET', '/admin/audit?limit=nonsense'],
        ['GET', '/admin/people'],
        [
          'POST',
          '/admin/people',
          { username: 'sneaky', fullName: 'S', email: 's@example.test', role: 'admin' },
        ],
      ] as const) {
        const response = await call(method, url, home, token, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().message).toBe(ADMIN_ONLY);
      }
    }
    const [row] = await db().select().from(tenants).where(eq(tenants.id, home.tenant.id));
    expect(row?.name).toBe('Lakeside Power');
  });

  it("refuses another utility's administrator on this utility's host and leaves both untouched", async () => {
    // Home's admin token on the other utility's host, and the other admin's token on home's.
    const crossed = [
      await call('PUT', '/admin/brand', other, tokens.admin, brand({ name: 'Taken Over' }), otherHost),
      await call('GET', '/admin/audit', other, tokens.admin, undefined, otherHost),
      await call('PUT', '/admin/brand', home, tokens.otherAdmin, brand({ name: 'Taken Over' })),
      await call('GET', '/admin/brand', home, tokens.otherAdmin),
    ];
    for (const response of crossed) expect([401, 403]).toContain(response.statusCode);
    const rows = await db().select({ name: tenants.name }).from(tenants);
    expect(rows.map((row) => row.name)).not.toContain('Taken Over');
  });
});

describe('brand', () => {
  it('refuses a colour pair below WCAG AA with 422, naming the pair, and stores nothing', async () => {
    const colors = { ...passingColors(), '--gf-header-fg': '#777777' }; // 4.478:1 on white, shown rounded down
    const response = await call('PUT', '/admin/brand', home, tokens.admin, brand({ colors }));
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toContain('--gf-header-fg on --gf-header-bg');
    expect(body.message).toContain('4.47:1');
    expect(body.failures).toEqual([
      { foreground: '--gf-header-fg', background: '--gf-header-bg', ratio: 4.47, required: 4.5 },
    ]);
    const [row] = await db().select().from(tenants).where(eq(tenants.id, home.tenant.id));
    expect(row?.brandColors).toEqual({});
  });

  it('refuses a focus ring below 3:1, a missing token, an unknown token and a bad colour with 4xx', async () => {
    const ring = await call(
      'PUT',
      '/admin/brand',
      home,
      tokens.admin,
      brand({ colors: { ...passingColors(), '--gf-focus-ring': '#aaaaaa' } }),
    );
    expect(ring.statusCode).toBe(422);
    expect(ring.json().message).toContain('--gf-focus-ring on --gf-page-bg');
    const { '--gf-link': _link, ...missing } = passingColors();
    for (const colors of [
      missing,
      { ...passingColors(), '--gf-evil': '#000000' },
      { ...passingColors(), '--gf-link': 'red' },
    ]) {
      const response = await call('PUT', '/admin/brand', home, tokens.admin, brand({ colors }));
      expect(response.statusCode).toBe(400);
    }
  });

  it('saves a passing brand, serves it at once from /api/tenant and records it in the audit log', async () => {
    const before = await call('GET', '/admin/brand', home, tokens.admin);
    expect(before.json().name).toBe('Lakeside Power');
    const saved = await call('PUT', '/admin/brand', home, tokens.admin, brand());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Lakeside Power & Light',
      theme: 'lubbock',
      colors: passingColors(),
    });
    expect(Date.parse(saved.json().updatedAt)).toBeGreaterThan(Date.parse(before.json().updatedAt));
    const config = await call('GET', '/tenant', home);
    expect(config.json()).toMatchObject({ name: 'Lakeside Power & Light', defaultTheme: 'lubbock' });
    const audit = await call('GET', '/admin/audit?action=admin.brand.update', home, tokens.admin);
    expect(audit.statusCode).toBe(200);
    const entries = audit.json().entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'admin.brand.update',
      userId: adminId,
      username: adminUsername,
    });
    // The other utility is untouched.
    const [otherRow] = await db().select().from(tenants).where(eq(tenants.id, other.tenant.id));
    expect(otherRow?.name).toBe('Hilltop Water');
  });

  it('goes back to the theme’s own colours with none sent (what GET answers before any were set)', async () => {
    const reset = await call('PUT', '/admin/brand', home, tokens.admin, brand({ colors: {} }));
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().colors).toEqual({});
    const [row] = await db().select().from(tenants).where(eq(tenants.id, home.tenant.id));
    expect(row?.brandColors).toEqual({});
    expect((await call('GET', '/tenant', home)).json().brandColors).toEqual({});
  });
});

describe('audit log', () => {
  it("lists only this utility's entries, newest first, filtered by action and user", async () => {
    await db()
      .insert(auditLog)
      .values([
        {
          tenantId: home.tenant.id,
          userId: adminId,
          action: 'test.first',
          createdAt: new Date(Date.now() - 2000),
        },
        {
          tenantId: home.tenant.id,
          userId: null,
          action: 'test.second',
          createdAt: new Date(Date.now() - 1000),
        },
        { tenantId: other.tenant.id, userId: null, action: 'test.first' },
      ]);
    const all = (await call('GET', '/admin/audit', home, tokens.admin)).json().entries as {
      action: string;
    }[];
    const actions = all.map((entry) => entry.action);
    expect(actions.indexOf('test.second')).toBeLessThan(actions.indexOf('test.first'));
    expect(actions.filter((action) => action === 'test.first')).toHaveLength(1);
    const byAction = (await call('GET', '/admin/audit?action=test.first', home, tokens.admin)).json().entries;
    expect(byAction).toHaveLength(1);
    const byUser = (await call('GET', `/admin/audit?userId=${adminId}`, home, tokens.admin)).json()
      .entries as { userId: string }[];
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((entry) => entry.userId === adminId)).toBe(true);
    const otherSees = (
      await call('GET', '/admin/audit', other, tokens.otherAdmin, undefined, otherHost)
    ).json().entries as { action: string }[];
    expect(otherSees.map((entry) => entry.action)).toEqual(['test.first']);
  });
});

describe('people', () => {
  it('invites an agent: a user with the role, an e-mail with the set-password link, an audit entry', async () => {
    const email = 'new.agent@example.test';
    const response = await call('POST', '/admin/people', home, tokens.admin, {
      username: 'new.agent',
      fullName: 'Nia New',
      email,
      role: 'agent',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ username: 'new.agent', role: 'agent', email });
    const mails = await mailsTo(db(), email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.purpose).toBe('staff-invitation');
    expect(mails[0]?.textBody).toContain('/forgotPassword');
    expect(mails[0]?.textBody).toContain('new.agent');
    const people = (await call('GET', '/admin/people', home, tokens.admin)).json().people as {
      username: string;
    }[];
    expect(people.map((person) => person.username)).toContain('new.agent');
    const audit = (await call('GET', '/admin/audit?action=admin.people.invite', home, tokens.admin)).json()
      .entries;
    expect(audit[0]).toMatchObject({ userId: adminId, detail: { username: 'new.agent', role: 'agent' } });
    // A taken username (any case) is refused; a bad e-mail is a 400.
    const again = await call('POST', '/admin/people', home, tokens.admin, {
      username: 'NEW.AGENT',
      fullName: 'Nia Again',
      email,
      role: 'admin',
    });
    expect(again.statusCode).toBe(409);
    const bad = await call('POST', '/admin/people', home, tokens.admin, {
      username: 'other.one',
      fullName: 'Other',
      email: 'not-an-email',
      role: 'agent',
    });
    expect(bad.statusCode).toBe(400);
    // The other utility's list has none of this utility's staff; the same username is free there.
    const otherPeople = (
      await call('GET', '/admin/people', other, tokens.otherAdmin, undefined, otherHost)
    ).json().people as { username: string }[];
    expect(otherPeople.map((person) => person.username)).not.toContain('new.agent');
    const there = await call(
      'POST',
      '/admin/people',
      other,
      tokens.otherAdmin,
      { username: 'new.agent', fullName: 'Nia Elsewhere', email: 'nia@other.test', role: 'agent' },
      otherHost,
    );
    expect(there.statusCode).toBe(201);
  });
});
