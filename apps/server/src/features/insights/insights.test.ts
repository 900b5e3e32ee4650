// /net2grid on a seeded demo utility (issue 12): the analytics token, every call scoped to the
// token's user and meter (another user's, another tenant's refused), the breakdown summing to the
// meter's own reads, the questionnaire changing it, recommendations with their savings.
import { insightsMessages } from '@gridfront/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, signedInToken } from '../../test/account-test-kit.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import { insertTenant, insertUser } from '../../test/fixtures.ts';
import { readIntervalDays } from '../meter-reads/meter-reads.ts';
import { insightsTokens } from './tokens.ts';

let world: BillingTestWorld;
let demoToken: string;
let demoUser: string;
let otherToken: string;
let otherUser: string;
let meterId: string;
let lastDate: string;

interface Category {
  category: string;
  kwh: number;
  sharePercent: number;
}

beforeAll(async () => {
  world = await createBillingTestWorld();
  const demo = await world.demo.api.post('/net2grid/getToken', {});
  expect(demo.statusCode).toBe(200);
  demoToken = demo.json().token;
  demoUser = demo.json().userId;
  const other = await world.other.api.post('/net2grid/getToken', { accountId: world.other.accountId });
  expect(other.statusCode).toBe(200);
  otherToken = other.json().token;
  otherUser = other.json().userId;
  const result = await world.t.database.handle.db.execute(
    sql`select m.id from meters m join services s on s.id = m.service_id
        where s.account_id = ${world.demo.accountId} and m.utility_type = 'electricity'`,
  );
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows;
  meterId = (rows[0] as { id: string }).id;
}, 180_000);

afterAll(async () => {
  await world?.t.close();
});

const n2g = (path: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  world.anonymous.post(`/net2grid/${path}`, body, headers);
const asDemo = (path: string, body: Record<string, unknown> = {}) =>
  n2g(path, { token: demoToken, userId: demoUser, ...body });

const round3 = (v: number) => Math.round(v * 1000) / 1000;

describe('getToken and getInitialisation', () => {
  it('binds a short-lived token to the signed-in user’s meter; no sign-in, no token', async () => {
    expect((await world.anonymous.post('/net2grid/getToken', {})).statusCode).toBe(401);
    const init = await asDemo('getInitialisation');
    expect(init.statusCode).toBe(200);
    const body = init.json();
    expect(body).toMatchObject({ userId: demoUser, accountId: world.demo.accountId, hasSolar: true });
    expect(body.categories).toHaveLength(10);
    expect(body.lastDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    lastDate = body.lastDate;
    expect(body.defaultMonth <= lastDate.slice(0, 7)).toBe(true);
  });

  it('refuses another customer’s account for a token', async () => {
    const response = await world.demo.api.post('/net2grid/getToken', { accountId: world.other.accountId });
    expect(response.statusCode).toBe(404);
  });
});

describe('disaggregation', () => {
  it('splits every month of both customers into categories that sum to the meter’s own reads', async () => {
    const db = world.t.database.handle.db;
    for (const [token, userId] of [
      [demoToken, demoUser],
      [otherToken, otherUser],
    ]) {
      const yearly = await n2g('disaggregation/yearly', {
        token,
        userId,
        year: Number(lastDate.slice(0, 4)),
      });
      expect(yearly.statusCode).toBe(200);
      const body = yearly.json();
      expect(body.months.length).toBeGreaterThan(0);
      for (const part of [body, ...body.months]) {
        const total = part.categories.reduce((s: number, c: Category) => s + c.kwh, 0);
        expect(round3(total)).toBe(part.totalKwh);
      }
      if (userId === demoUser) {
        // The month's total is the meter's consumption: import + production − export, from the store.
        const month = body.months.at(-1);
        const days = await readIntervalDays(db, meterId, month.startDate, month.endDate);
        let wh = 0;
        for (const day of days)
          day.importWh.forEach((v, s) => {
            wh += v + Math.max(0, (day.generationWh?.[s] ?? 0) - (day.exportWh?.[s] ?? 0));
          });
        expect(month.totalKwh).toBe(wh / 1000);
        expect(month.daysWithData).toBe(days.length);
      }
    }
  });

  it('answers a month with the model behind it, and the questionnaire changes the split', async () => {
    const [year, month] = [Number(lastDate.slice(0, 4)), Number(lastDate.slice(5, 7))];
    const before = (await asDemo('disaggregation/month', { year, month })).json();
    expect(before.model.alwaysOnW).toBeGreaterThan(0);
    expect(before.profileUsed).toBe(false);
    const water = (b: { categories: Category[] }) =>
      b.categories.find((c) => c.category === 'water_heating')?.kwh ?? 0;
    const profile = {
      householdSize: 5,
      homeType: 'detached',
      floorAreaSqFt: 2400,
      heatingFuel: 'heat_pump',
      waterHeatingFuel: 'gas',
      hasEv: true,
      hasSolar: true,
      hasPool: false,
    };
    const saved = await asDemo('saveProfileAttributes', { profile });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile).toEqual(profile);
    const read = await n2g('getProfileAttributes', { token: demoToken });
    expect(read.json().profile).toEqual(profile);
    expect(read.json().savedAt).not.toBeNull();
    const gas = (await asDemo('disaggregation/month', { year, month })).json();
    expect(gas.profileUsed).toBe(true);
    expect(gas.totalKwh).toBe(before.totalKwh);
    await asDemo('saveProfileAttributes', { profile: { ...profile, waterHeatingFuel: 'electric' } });
    const electric = (await asDemo('disaggregation/month', { year, month })).json();
    expect(water(electric)).toBeGreaterThan(water(gas) * 5);
    expect(electric.totalKwh).toBe(before.totalKwh);
    const bad = await asDemo('saveProfileAttributes', { profile: { ...profile, householdSize: 40 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('summaries, profiles and series', () => {
  it('sums a week of days to the week and compares with last year', async () => {
    const endDate = lastDate;
    const startDate = new Date(Date.parse(`${endDate}T00:00:00Z`) - 6 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const days = (await asDemo('eventSummaryDay', { startDate, endDate, title: 'Days' })).json();
    expect(days.title).toBe('Days');
    expect(days.periods).toHaveLength(7);
    const all = (
      await asDemo('eventSummaryAllDay', { dates: days.periods.map((p: { label: string }) => p.label) })
    ).json();
    days.periods.forEach((p: { energyKwh: number; costCents: number; peak: { kw: number } }, i: number) => {
      const intervals: number[] = all.days[i].intervalsKwh;
      expect(round3(intervals.reduce((a, b) => a + b, 0))).toBe(p.energyKwh);
      expect(p.peak.kw).toBe(round3(Math.max(...intervals) * 4));
      expect(p.costCents).toBeGreaterThan(0);
    });
    const monthly = (
      await asDemo('eventSummarymonthly', { startDate: `${lastDate.slice(0, 7)}-01`, endDate })
    ).json();
    expect(monthly.periods[0].lastYear.energyKwh).toBeGreaterThan(0);
    expect(monthly.periods[0].similarHomes).not.toBeNull();
    const previous = (await asDemo('eventSummaryPeviousMonth', { startDate, endDate })).json();
    expect(previous.periods).toHaveLength(1);
    expect(previous.periods[0].label < lastDate.slice(0, 7)).toBe(true);
    const hours = (await asDemo('eventSummaryHours', { dates: [endDate] })).json();
    expect(round3(hours.days[0].hoursKwh.reduce((a: number, b: number) => a + b, 0))).toBe(
      days.periods[6].energyKwh,
    );
    const bad = await asDemo('eventSummaryDay', { startDate: endDate, endDate: startDate });
    expect(bad.statusCode).toBe(400);
  });

  it('answers energy measurement and solar production from the same reads', async () => {
    const day = lastDate;
    const measured = (
      await asDemo('energyMeasurement', {
        metricType: 'energy',
        feedType: 'production',
        interval: 'hour',
        startDate: day,
        endDate: day,
      })
    ).json();
    const solar = (
      await asDemo('solarProduction', {
        periodType: 'day',
        year: Number(day.slice(0, 4)),
        monthOrWeek: Number(day.slice(5, 7)),
        day: Number(day.slice(8, 10)),
      })
    ).json();
    const measuredTotal = measured.points.reduce((s: number, p: { value: number }) => s + p.value, 0);
    expect(round3(measuredTotal)).toBe(solar.totals.productionKwh);
    expect(solar.totals.productionKwh).toBeGreaterThanOrEqual(solar.totals.exportKwh);
    const power = (
      await asDemo('energyMeasurement', {
        metricType: 'power',
        feedType: 'consumption',
        interval: 'day',
        startDate: day,
        endDate: day,
      })
    ).json();
    expect(power.unit).toBe('kW');
    const tooLong = await asDemo('energyMeasurement', {
      metricType: 'energy',
      feedType: 'import',
      interval: '15min',
      startDate: '2025-01-01',
      endDate: '2025-06-01',
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('gives insights for a month and the last 12 months', async () => {
    const [year, month] = [Number(lastDate.slice(0, 4)), Number(lastDate.slice(5, 7)) - 1 || 12];
    const insights = (await asDemo('getInsights', { year, month })).json();
    expect(insights.insights.map((i: { kind: string }) => i.kind)).toContain('biggest_category');
    const twelve = (await asDemo('insights12Months', { months: 12 })).json();
    expect(twelve.months.length).toBeGreaterThan(6);
    const months = (await asDemo('allMonths', { months: 3 })).json();
    expect(months.months).toHaveLength(3);
  });
});

describe('recommendations', () => {
  it('ranks computed savings with their assumptions', async () => {
    const response = await asDemo('recommendation');
    expect(response.statusCode).toBe(200);
    const { recommendations } = response.json();
    expect(recommendations.length).toBeGreaterThan(0);
    for (let i = 0; i < recommendations.length; i++) {
      expect(recommendations[i].rank).toBe(i + 1);
      expect(recommendations[i].annualSavingsCents).toBeGreaterThanOrEqual(100);
      expect(recommendations[i].assumptions.length).toBeGreaterThan(0);
      if (i > 0)
        expect(recommendations[i].annualSavingsCents).toBeLessThanOrEqual(
          recommendations[i - 1].annualSavingsCents,
        );
    }
  });
});

describe('OpenAPI', () => {
  it('documents every /net2grid call with its body and answer', async () => {
    const response = await world.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json();
    const names = [
      'getToken',
      'getInitialisation',
      'getProfileAttributes',
      'saveProfileAttributes',
      'recommendation',
      'eventSummaryYearly',
      'eventSummarymonthly',
      'eventSummaryPeviousMonth',
      'eventSummaryWeekly',
      'eventSummaryDay',
      'eventSummaryAllDay',
      'eventSummaryHours',
      'disaggregation/month',
      'disaggregation/yearly',
      'getInsights',
      'insights12Months',
      'allMonths',
      'solarProduction',
      'energyMeasurement',
    ];
    for (const name of names) {
      const post = paths[`/api/net2grid/${name}`]?.post;
      expect(post, name).toBeDefined();
      expect(post.requestBody.content['application/json'].schema, name).toBeDefined();
      expect(post.responses['200'], name).toBeDefined();
    }
    const solar = paths['/api/net2grid/solarProduction'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(solar.properties)).toEqual(
      expect.arrayContaining(['token', 'userId', 'periodType', 'year', 'monthOrWeek', 'day', 'title']),
    );
  });
});

describe('scoping', () => {
  const calls: Array<[string, Record<string, unknown>]> = [
    ['getInitialisation', {}],
    ['recommendation', {}],
    [
      'saveProfileAttributes',
      {
        profile: {
          householdSize: null,
          homeType: null,
          floorAreaSqFt: null,
          heatingFuel: null,
          waterHeatingFuel: null,
          hasEv: null,
          hasSolar: null,
          hasPool: null,
        },
      },
    ],
    ['eventSummaryYearly', { startDate: '2026-01-01', endDate: '2026-02-01' }],
    ['eventSummarymonthly', { startDate: '2026-01-01', endDate: '2026-02-01' }],
    ['eventSummaryPeviousMonth', { startDate: '2026-01-01', endDate: '2026-02-01' }],
    ['eventSummaryWeekly', { startDate: '2026-01-01', endDate: '2026-02-01' }],
    ['eventSummaryDay', { startDate: '2026-01-01', endDate: '2026-01-02' }],
    ['eventSummaryAllDay', { dates: ['2026-01-01'] }],
    ['eventSummaryHours', { dates: ['2026-01-01'] }],
    ['disaggregation/month', { year: 2026, month: 1 }],
    ['disaggregation/yearly', { year: 2026 }],
    ['getInsights', { year: 2026, month: 1 }],
    ['insights12Months', { months: 12 }],
    ['allMonths', { months: 12 }],
    ['solarProduction', { periodType: 'year', year: 2026 }],
    [
      'energyMeasurement',
      {
        metricType: 'energy',
        feedType: 'import',
        interval: 'day',
        startDate: '2026-01-01',
        endDate: '2026-01-02',
      },
    ],
  ];

  it('refuses a token with another user’s id, and a token that is not one', async () => {
    for (const [path, body] of calls) {
      const crossed = await n2g(path, { token: otherToken, userId: demoUser, ...body });
      expect(crossed.statusCode, path).toBe(404);
      const forged = await n2g(path, { token: `${demoToken.slice(0, -4)}AAAA`, userId: demoUser, ...body });
      expect(forged.statusCode, path).toBe(401);
    }
    const profile = await n2g('getProfileAttributes', { token: 'not-a-token-at-all' });
    expect(profile.statusCode).toBe(401);
  });

  it('answers an expired token with 401 and the contract’s error body, on every call', async () => {
    // Issued like getToken's, by the same key, but it ended a minute ago.
    const key = new Uint8Array(world.t.app.derivedKey('net2grid-analytics-token'));
    const grant = await insightsTokens(key).verify(demoToken);
    if (!grant) throw new Error('getToken’s token does not verify');
    const expired = await insightsTokens(key, -60).sign(grant);
    // Still this user's, this utility's and this meter's: only its time is up.
    const payload = JSON.parse(Buffer.from(expired.split('.')[1] ?? '', 'base64url').toString());
    expect(payload).toMatchObject({ sub: grant.userId, tid: grant.tenantId, mtr: grant.meterId });
    expect(payload.exp).toBeLessThan(Date.now() / 1000);
    for (const [path, body] of [...calls, ['getProfileAttributes', {}] satisfies [string, object]]) {
      const response = await n2g(path, {
        token: expired,
        ...(path === 'getProfileAttributes' ? {} : { userId: demoUser }),
        ...body,
      });
      expect(response.statusCode, path).toBe(401);
      expect(response.json(), path).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: insightsMessages.invalidToken,
      });
    }
    // The same grant, unexpired, is served.
    const fresh = await insightsTokens(key).sign(grant);
    expect((await n2g('recommendation', { token: fresh, userId: demoUser })).statusCode).toBe(200);
  });

  it('refuses the meter once the user’s link to the account is gone', async () => {
    const db = world.t.database.handle.db;
    await db.execute(sql`update user_accounts set user_id = ${demoUser}
      where user_id = ${otherUser} and account_id = ${world.other.accountId}`);
    try {
      const response = await n2g('getInitialisation', { token: otherToken, userId: otherUser });
      expect(response.statusCode).toBe(404);
    } finally {
      await db.execute(sql`update user_accounts set user_id = ${otherUser}
        where user_id = ${demoUser} and account_id = ${world.other.accountId}`);
    }
  });

  it('gives another utility nothing: its host refuses this utility’s tokens and its users have no meter here', async () => {
    const host = 'portal.other-insights.test';
    const db = world.t.database.handle.db;
    const other = await insertTenant(db, { isDefault: false, domains: [host] });
    const user = await insertUser(db, other.tenant.id);
    world.t.app.tenants.invalidate();
    const theirs = caller(world.t, other, '10.9.9.9', await signedInToken(world.t, other.tenant.id, user.id));
    const onTheirHost = { host };
    const token = await theirs.post('/net2grid/getToken', { accountId: world.demo.accountId }, onTheirHost);
    expect(token.statusCode).toBe(404);
    for (const [path, body] of calls) {
      const response = await theirs.post(
        `/net2grid/${path}`,
        { token: demoToken, userId: demoUser, ...body },
        onTheirHost,
      );
      expect(response.statusCode, path).toBe(401);
    }
  });
});
