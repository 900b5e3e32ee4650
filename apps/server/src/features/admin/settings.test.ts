// /api/admin/settings (issue 14) on the seeded demo utility: who may use it, what it refuses and
// names, the audit, and that each setting is used by the product (side areas refused, the card fee
// on the hosted checkout, AutoPay rules at enrolment, offered plans in rate comparison).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../adapters/payments/test-processor.ts';
import { tariffs, tenants } from '../../db/schema/index.ts';
import { localDate } from '../../domain/calendar/local-day.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import type { TenantFixture } from '../../test/index.ts';
import { electricTariffs } from '../rate-comparison/comparison-inputs.ts';
import { type AdminTestCast, auditEntries, castAdminTest, injectAs } from './admin-test-kit.ts';
import { ADMIN_ONLY } from './routes.ts';

let world: BillingTestWorld;
let authorization = '';
let other: TenantFixture;
const otherHost = 'power.settings-other.test';
let tokens: AdminTestCast['tokens'];
const db = () => world.t.database.handle.db;
const urdb = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../domain/tariffs/fixtures/urdb/${name}`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
const JACKSON = 'tiered_residential_JacksonEMC_5a0b28045457a3ea2aca608e.json';

function call(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  token?: string,
  payload?: unknown,
  options: { host?: string; auth?: string } = {},
) {
  return injectAs(world.t, method, url, {
    authorization: options.auth ?? authorization,
    token,
    payload,
    host: options.host,
  });
}

const sideAreas = (over: Partial<Record<'insights' | 'rateComparison' | 'assistant', boolean>> = {}) => ({
  insights: true,
  rateComparison: true,
  assistant: true,
  ...over,
});

beforeAll(async () => {
  world = await createBillingTestWorld();
  const [tenant] = await db().select().from(tenants).where(eq(tenants.id, world.tenantId));
  authorization = `Basic ${Buffer.from(`${tenant?.appClientId}:${tenant?.appClientSecret}`).toString('base64')}`;
  ({ other, tokens } = await castAdminTest(world.t, world.tenantId, otherHost));
}, 120_000);
afterAll(() => world?.t.close());

describe('who may use /api/admin/settings', () => {
  it('answers 403 to guests, customers and agents before validation, and to another utility’s admin', async () => {
    const calls: Array<['GET' | 'PUT' | 'POST', string, unknown]> = [
      ['GET', '/api/admin/settings', undefined],
      ['PUT', '/api/admin/settings/side-areas', { insights: 'nope' }],
      ['PUT', '/api/admin/settings/fees', {}],
      ['PUT', '/api/admin/settings/notifications', {}],
      ['PUT', '/api/admin/settings/autopay', {}],
      ['POST', '/api/admin/settings/plans', {}],
      ['PUT', `/api/admin/settings/plans/${randomUUID()}`, {}],
    ];
    for (const token of [undefined, world.demo.accessToken, tokens.agent]) {
      for (const [method, url, payload] of calls) {
        const response = await call(method, url, token, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().message).toBe(ADMIN_ONLY);
      }
    }
    // Another utility's administrator on this utility's site, and this utility's on the other's.
    const crossed = await call('GET', '/api/admin/settings', tokens.otherAdmin);
    expect(crossed.statusCode).toBe(403);
    const elsewhere = await call('GET', '/api/admin/settings', tokens.admin, undefined, {
      host: otherHost,
      auth: other.authorization,
    });
    expect([401, 403]).toContain(elsewhere.statusCode);
  });

  it('answers the defaults of a utility that set nothing', async () => {
    const response = await call('GET', '/api/admin/settings', tokens.admin);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.sideAreas).toEqual(sideAreas());
    expect(body.fees).toEqual({ cardFeeBasisPoints: 250, achFeeCents: 75 });
    expect(body.notifications).toEqual({ reminderDaysBefore: 5, autopayNoticeDaysBefore: 3 });
    expect(body.autopay).toEqual({
      maxWithdrawalCents: null,
      methods: ['card', 'ach'],
      withdrawalDaysBefore: 0,
    });
    expect(body.plans.map((plan: { code: string }) => plan.code)).toContain('E-FLAT');
  });
});

describe('side areas', () => {
  it('off: the server refuses the area’s calls with the utility named, the tenant answer says so; on again: served', async () => {
    const off = await call(
      'PUT',
      '/api/admin/settings/side-areas',
      tokens.admin,
      sideAreas({ insights: false }),
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().sideAreas.insights).toBe(false);
    const tenant = await call('GET', '/api/tenant');
    expect(tenant.json().sideAreas).toEqual(sideAreas({ insights: false }));

    const refused = await world.demo.api.post('/net2grid/getToken', {});
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toMatch(/^Energy insights is not offered by .+/);
    // The other utility keeps its own setting.
    const elsewhere = await call('GET', '/api/tenant', undefined, undefined, {
      host: otherHost,
      auth: other.authorization,
    });
    expect(elsewhere.json().sideAreas.insights).toBe(true);

    await call(
      'PUT',
      '/api/admin/settings/side-areas',
      tokens.admin,
      sideAreas({ rateComparison: false, assistant: false }),
    );
    const served = await world.demo.api.post('/net2grid/getToken', {});
    expect(served.statusCode).not.toBe(404);
    const gridx = await world.demo.api.post('/gridx/compareCalculate', {});
    expect(gridx.statusCode).toBe(404);
    expect(gridx.json().message).toMatch(/^Rate comparison is not offered by/);
    const widget = await world.t.app.inject({
      method: 'POST',
      url: '/ml/create-tokens',
      payload: { apiKey: 'x' },
    });
    expect(widget.statusCode).toBe(404);
    expect(widget.json().message).toMatch(/^AI Assist is not offered by/);
    // The knowledge base stays readable and editable for its editor.
    const kb = await world.t.app.inject({ method: 'GET', url: '/ml/kb/articles' });
    expect(kb.statusCode).toBe(200);

    await call('PUT', '/api/admin/settings/side-areas', tokens.admin, sideAreas());
    const gridxBack = await world.demo.api.post('/gridx/compareCalculate', {});
    expect(gridxBack.statusCode).not.toBe(404);

    const audited = await auditEntries(db(), world.tenantId, 'admin.settings.side_areas');
    expect(audited.length).toBe(3);
    expect(audited.some((entry) => (entry.detail as { insights?: boolean }).insights === false)).toBe(true);
  });

  it('names a field that is not a boolean', async () => {
    const response = await call('PUT', '/api/admin/settings/side-areas', tokens.admin, { insights: 'no' });
    expect(response.statusCode).toBe(400);
  });
});

describe('fees', () => {
  it('refuses a fee out of bounds with the field named', async () => {
    const response = await call('PUT', '/api/admin/settings/fees', tokens.admin, {
      cardFeeBasisPoints: 5000,
      achFeeCents: 75,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Card fee can be at most 10 %');
  });

  it('the hosted checkout shows and charges the utility’s own card and bank fees', async () => {
    const saved = await call('PUT', '/api/admin/settings/fees', tokens.admin, {
      cardFeeBasisPoints: 300,
      achFeeCents: 125,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().fees).toEqual({ cardFeeBasisPoints: 300, achFeeCents: 125 });
    expect((await call('GET', '/api/tenant')).json().fees).toEqual({
      cardFeeBasisPoints: 300,
      achFeeCents: 125,
    });

    const page = await world.demo.api.post('/paymentus/generateCustomerTokenUrl', {
      accountId: world.demo.accountId,
      amountCents: 10_000,
    });
    expect(page.statusCode, page.body).toBe(200);
    const token = (page.json().url as string).split('#token=')[1];
    const pay = (url: string, payload: object) =>
      world.t.app.inject({ method: 'POST', url: `/pay${url}`, payload, remoteAddress: '10.7.7.7' });
    const checkout = await pay('/payment/checkout', { token });
    expect(checkout.json()).toMatchObject({ cardFeeBasisPoints: 300, achFeeCents: 125 });
    const paid = await pay('/payment/submit', {
      token,
      attemptKey: randomUUID(),
      amountCents: 10_000,
      method: 'card',
      card: { number: TEST_CARDS.succeeds, expMonth: 12, expYear: 2031, cvc: '123' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ amountCents: 10_000, feeCents: 300, totalCents: 10_300 });

    const audited = await auditEntries(db(), world.tenantId, 'admin.settings.fees');
    expect(audited.map((entry) => entry.detail)).toContainEqual({
      cardFeeBasisPoints: 300,
      achFeeCents: 125,
    });
    await call('PUT', '/api/admin/settings/fees', tokens.admin, { cardFeeBasisPoints: 250, achFeeCents: 75 });
  });
});

describe('notification timings and AutoPay rules', () => {
  it('saves the reminder and AutoPay notice days, bounds named', async () => {
    const bad = await call('PUT', '/api/admin/settings/notifications', tokens.admin, {
      reminderDaysBefore: 0,
      autopayNoticeDaysBefore: 3,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Bill reminder must be 1 to 30 days');
    const saved = await call('PUT', '/api/admin/settings/notifications', tokens.admin, {
      reminderDaysBefore: 7,
      autopayNoticeDaysBefore: 4,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().notifications).toEqual({ reminderDaysBefore: 7, autopayNoticeDaysBefore: 4 });
    // The customers' notice settings read the same reminder lead time.
    const [row] = await db().select().from(tenants).where(eq(tenants.id, world.tenantId));
    expect(row?.autopayRules.noticeDaysBefore).toBe(4);
  });

  it('refuses a withdrawal later than the notice allows, and enforces methods and the cap at enrolment', async () => {
    const late = await call('PUT', '/api/admin/settings/autopay', tokens.admin, {
      maxWithdrawalCents: null,
      methods: ['card', 'ach'],
      withdrawalDaysBefore: 6,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/notice must go out on or before the day of the withdrawal/);
    const none = await call('PUT', '/api/admin/settings/autopay', tokens.admin, {
      maxWithdrawalCents: null,
      methods: [],
      withdrawalDaysBefore: 1,
    });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Allow at least one AutoPay method');

    const saved = await call('PUT', '/api/admin/settings/autopay', tokens.admin, {
      maxWithdrawalCents: 50_000,
      methods: ['ach'],
      withdrawalDaysBefore: 2,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().autopay).toEqual({
      maxWithdrawalCents: 50_000,
      methods: ['ach'],
      withdrawalDaysBefore: 2,
    });

    const today = localDate('America/Chicago');
    const byCard = await world.demo.api.post('/paymentus/autopayEnroll', {
      accountId: world.demo.accountId,
      autoPayMethod: 'card',
      card: { number: TEST_CARDS.succeeds, expMonth: 12, expYear: 2031, cvc: '123' },
      autopayMaxWithdrawalAmount: null,
      startDate: today,
    });
    expect(byCard.statusCode).toBe(400);
    expect(byCard.json().message).toBe('Card payments are not offered for AutoPay by this utility');
    const overCap = await world.demo.api.post('/paymentus/autopayEnroll', {
      accountId: world.demo.accountId,
      autoPayMethod: 'ach',
      autopayMaxWithdrawalAmount: 60_000,
      startDate: today,
    });
    expect(overCap.statusCode).toBe(400);
    expect(overCap.json().message).toBe('The maximum withdrawal can be at most $500.00 at this utility');

    await call('PUT', '/api/admin/settings/autopay', tokens.admin, {
      maxWithdrawalCents: null,
      methods: ['card', 'ach'],
      withdrawalDaysBefore: 0,
    });
    const audited = await auditEntries(db(), world.tenantId, 'admin.settings.autopay');
    expect(audited.length).toBe(2);
  });
});

describe('plans offered', () => {
  it('adds a URDB record the tariff engine accepts, bare or as { items: [...] }', async () => {
    const response = await call('POST', '/api/admin/settings/plans', tokens.admin, {
      code: 'JACKSON-A',
      record: urdb(JACKSON),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ code: 'JACKSON-A', sector: 'Residential', offered: true });
    const again = await call('POST', '/api/admin/settings/plans', tokens.admin, {
      code: 'JACKSON-A',
      record: (urdb(JACKSON).items as unknown[])[0],
    });
    expect(again.statusCode).toBe(409);
    const listed = (await call('GET', '/api/admin/settings', tokens.admin)).json();
    expect(listed.plans.map((plan: { code: string }) => plan.code)).toContain('JACKSON-A');
  });

  it('refuses a record the engine does not support, naming the field, and saves nothing', async () => {
    const record = { ...((urdb(JACKSON).items as Record<string, unknown>[])[0] ?? {}), dgrules: 'Barter' };
    const response = await call('POST', '/api/admin/settings/plans', tokens.admin, { code: 'BAD-1', record });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'dgrules' });
    expect(response.json().message).toContain('dgrules');
    const shape = await call('POST', '/api/admin/settings/plans', tokens.admin, {
      code: 'BAD-2',
      record: { name: 'Broken', energyratestructure: [[{ rate: 0.1 }], [{ rate: 0.2 }]] },
    });
    expect(shape.statusCode).toBe(422);
    expect(shape.json().field).toBe('energyweekdayschedule');
    const stored = await db()
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.tenantId, world.tenantId), eq(tariffs.code, 'BAD-1')));
    expect(stored).toHaveLength(0);
  });

  it('a withdrawn plan leaves rate comparison (but a customer’s current plan stays); another utility cannot touch it', async () => {
    const [flat] = await db()
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.tenantId, world.tenantId), eq(tariffs.code, 'E-FLAT')));
    if (!flat) throw new Error('the demo has no E-FLAT plan');
    const today = new Date().toISOString().slice(0, 10);
    const codes = async (current: string) =>
      (await electricTariffs(db(), world.tenantId, today, current)).map((plan) => plan.code);
    expect(await codes(randomUUID())).toContain('E-FLAT');

    const crossed = await call(
      'PUT',
      `/api/admin/settings/plans/${flat.id}`,
      tokens.otherAdmin,
      { offered: false },
      { host: otherHost, auth: other.authorization },
    );
    expect(crossed.statusCode).toBe(404);
    expect(await codes(randomUUID())).toContain('E-FLAT');

    const withdrawn = await call('PUT', `/api/admin/settings/plans/${flat.id}`, tokens.admin, {
      offered: false,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().offered).toBe(false);
    expect(await codes(randomUUID())).not.toContain('E-FLAT');
    expect(await codes(flat.id)).toContain('E-FLAT');

    await call('PUT', `/api/admin/settings/plans/${flat.id}`, tokens.admin, { offered: true });
    expect(await codes(randomUUID())).toContain('E-FLAT');
    const audited = await auditEntries(db(), world.tenantId, 'admin.settings.plan_offered');
    expect(audited.length).toBe(2);
  });
});
