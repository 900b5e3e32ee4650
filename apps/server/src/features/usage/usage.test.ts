// The usage slices on a seeded demo utility, each view checked against another: the bill periods
// against the meter's days (the bill run priced those reads), the days against the intervals, the
// hours against the 15-minute slots; temperatures against SQL; and the scoping to the user's own.
import { readFileSync } from 'node:fs';
import { ACCESS_TOKEN_HEADER, basicAuthorization } from '@gridfront/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../db/schema/index.ts';
import { type Caller, caller, signedInToken } from '../../test/account-test-kit.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import { insertTenant, insertUser } from '../../test/fixtures.ts';
import { readIntervalDays } from '../meter-reads/meter-reads.ts';

let world: BillingTestWorld;
let demo: Caller;
let accountId: string;

beforeAll(async () => {
  world = await createBillingTestWorld();
  demo = world.demo.api;
  accountId = world.demo.accountId;
}, 120_000);

afterAll(async () => {
  await world?.t.close();
});

const usage = (body: Record<string, unknown>) =>
  demo.post('/oracle/transactionDetails', { type: 'usage', accountId, ...body });

interface Period {
  month: string;
  periodStart: string;
  periodEnd: string;
  quantity: number;
  costCents: number | null;
  lastYearQuantity: number | null;
  averageTempC: number | null;
  exportQuantity: number | null;
  estimated: boolean;
}
interface Day {
  date: string;
  importWh: number;
  exportWh: number;
  averageTempC: number | null;
  energyCostCents: number | null;
}
interface IntervalDay {
  date: string;
  importWh: number[];
  exportWh: number[] | null;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Rows of a plain SQL read, as PGlite and node-postgres each return them. */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await world.t.database.handle.db.execute(query);
  return Array.isArray(result) ? (result as T[]) : (result as unknown as { rows: T[] }).rows;
}

describe('monthly view (bill periods)', () => {
  it('gives each bill period its billed quantity and cost, last year’s, and the weather', async () => {
    const response = await usage({
      utilityType: 'electricity',
      view: 'monthly',
      from: '2025-10-01',
      toDate: '2026-10-15',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ view: 'monthly', unit: 'kWh', hasSolar: true, uploadId: null });
    const billed: Period[] = body.periods.filter((p: Period) => p.costCents !== null);
    const segments = await rows<{
      end_date: string;
      usage_quantity: string;
      amount_cents: string;
    }>(sql`select s.end_date::text, s.usage_quantity, s.amount_cents from bill_segments s
      join bills b on b.id = s.bill_id join services v on v.id = s.service_id
      where b.account_id = ${accountId} and v.utility_type = 'electricity' and b.status <> 'void'
      order by s.end_date`);
    expect(billed.map((p) => [p.periodEnd, p.quantity, p.costCents])).toEqual(
      segments
        .filter((row) => row.end_date >= '2025-10-01' && row.end_date <= '2026-10-15')
        .map((row) => [row.end_date, Number(row.usage_quantity), Number(row.amount_cents)]),
    );
    // A period a year after another carries that one's quantity.
    const september = billed.find((p) => p.month === '2026-09');
    const before = billed.find((p) => p.month === '2025-10');
    const lastYear = segments.find((row) => row.end_date.startsWith('2025-09'));
    expect(september?.lastYearQuantity).toBe(Number(lastYear?.usage_quantity));
    expect(before?.lastYearQuantity).toBeNull();
    // The period's temperature is the mean of the area's daily means.
    const first = billed[0] as Period;
    const [temp] = await rows<{ avg: number }>(
      sql`select avg(mean_temp_c)::float8 as avg from weather_daily
        where tenant_id = ${world.tenantId} and day between ${first.periodStart} and ${first.periodEnd}`,
    );
    expect(first.averageTempC).toBeCloseTo(Number(temp?.avg), 1);
  });

  it('agrees with the meter: each billed period is the sum of its days', async () => {
    const monthly = (
      await usage({ utilityType: 'electricity', view: 'monthly', from: '2026-06-01', toDate: '2026-09-30' })
    ).json();
    const period = monthly.periods.find((p: Period) => p.costCents !== null) as Period;
    const daily = (
      await usage({
        utilityType: 'electricity',
        view: 'daily',
        from: period.periodStart,
        toDate: period.periodEnd,
      })
    ).json();
    expect(sum(daily.days.map((d: Day) => d.importWh)) / 1000).toBeCloseTo(period.quantity, 2);
    expect(sum(daily.days.map((d: Day) => d.exportWh)) / 1000).toBeCloseTo(period.exportQuantity ?? -1, 2);
  });

  it('answers gas, water and sewer by their bills, in their units', async () => {
    for (const [utilityType, unit] of [
      ['gas', 'therm'],
      ['water', 'gal'],
      ['sewer', 'gal'],
    ] as const) {
      const response = await usage({
        utilityType,
        view: 'monthly',
        from: '2026-01-01',
        toDate: '2026-10-15',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.unit).toBe(unit);
      expect(body.tou).toBeNull();
      expect(body.periods.length).toBeGreaterThan(0);
      expect(body.periods.every((p: Period) => p.costCents !== null && p.quantity >= 0)).toBe(true);
    }
  });
});

describe('daily and interval views', () => {
  it('makes each day the sum of its 15-minute slots, and each hour the sum of four', async () => {
    const range = { from: '2026-08-01', toDate: '2026-08-07' };
    const [daily, quarter, hourly] = await Promise.all([
      usage({ utilityType: 'electricity', view: 'daily', ...range }).then((r) => r.json()),
      usage({ utilityType: 'electricity', view: 'interval', resolution: 15, ...range }).then((r) => r.json()),
      usage({ utilityType: 'electricity', view: 'interval', resolution: 60, ...range }).then((r) => r.json()),
    ]);
    expect(daily.days).toHaveLength(7);
    // The meter's own readings, read from the store and summed here.
    const [meter] = await rows<{ id: string }>(
      sql`select m.id from meters m join services v on v.id = m.service_id
        where v.account_id = ${accountId} and v.utility_type = 'electricity'`,
    );
    const raw = await readIntervalDays(world.t.database.handle.db, meter?.id ?? '', range.from, range.toDate);
    expect(daily.days.map((d: Day) => d.importWh)).toEqual(raw.map((day) => sum(day.importWh)));
    expect(daily.days.map((d: Day) => d.exportWh)).toEqual(raw.map((day) => sum(day.exportWh ?? [])));
    quarter.intervals.forEach((day: IntervalDay, i: number) => {
      expect(day.importWh).toHaveLength(96);
      expect(sum(day.importWh)).toBe(daily.days[i].importWh);
      expect(sum(day.exportWh ?? [])).toBe(daily.days[i].exportWh);
      const hours = hourly.intervals[i] as IntervalDay;
      expect(hours.importWh).toHaveLength(24);
      hours.importWh.forEach((wh, hour) => {
        expect(wh).toBe(sum(day.importWh.slice(hour * 4, hour * 4 + 4)));
      });
    });
    expect(daily.days.every((d: Day) => d.averageTempC !== null && (d.energyCostCents ?? -1) > 0)).toBe(true);
    expect(daily.highlights.highestDay.quantity).toBe(
      Math.max(...daily.days.map((d: Day) => d.importWh)) / 1000,
    );
  });

  it('keeps the 25 hours of the day the clocks go back', async () => {
    const body = (
      await usage({
        utilityType: 'electricity',
        view: 'interval',
        resolution: 60,
        from: '2025-11-02',
        toDate: '2025-11-02',
      })
    ).json();
    expect(body.timeZone).toBe('America/Chicago');
    expect(body.intervals[0].importWh).toHaveLength(25);
  });

  it('refuses what it cannot answer, with the reason', async () => {
    const gasDaily = await usage({
      utilityType: 'gas',
      view: 'daily',
      from: '2026-08-01',
      toDate: '2026-08-02',
    });
    expect(gasDaily.statusCode).toBe(400);
    expect(gasDaily.json().message).toBe('This service has no interval meter');
    const backwards = await usage({
      utilityType: 'electricity',
      view: 'daily',
      from: '2026-08-02',
      toDate: '2026-08-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain('The start date must not be after the end date');
    const tooLong = await usage({
      utilityType: 'electricity',
      view: 'interval',
      from: '2025-01-01',
      toDate: '2026-08-01',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain('Choose a shorter date range');
    const badView = await usage({
      utilityType: 'electricity',
      view: 'weekly',
      from: '2026-08-01',
      toDate: '2026-08-02',
    });
    expect(badView.statusCode).toBe(400);
  });
});

describe('yearly view', () => {
  it('totals the bill periods of each year, newest first', async () => {
    const response = await demo.post('/oracle/transactionYearDetails', {
      type: 'usage',
      accountId,
      utilityType: 'electricity',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const monthly = (
      await usage({ utilityType: 'electricity', view: 'monthly', from: '2017-01-01', toDate: '2026-10-15' })
    ).json();
    const billed = monthly.periods.filter((p: Period) => p.costCents !== null);
    expect(body.years.map((y: { year: number }) => y.year)).toEqual(
      [...new Set(billed.map((p: Period) => Number(p.periodEnd.slice(0, 4))))].sort().reverse(),
    );
    expect(sum(body.years.map((y: { quantity: number }) => y.quantity))).toBeCloseTo(
      sum(billed.map((p: Period) => p.quantity)),
      2,
    );
    expect(sum(body.years.map((y: { costCents: number }) => y.costCents))).toBe(
      sum(billed.map((p: Period) => p.costCents ?? 0)),
    );
  });
});

describe('an uploaded Green Button file', () => {
  const SAMPLE = new URL('../green-button/test-files/sample_electric_15min_14days.xml', import.meta.url);

  async function upload(xml: string) {
    const [tenant] = await world.t.database.handle.db.select().from(tenants).limit(1);
    const response = await world.t.app.inject({
      method: 'POST',
      url: '/api/usage/greenButton/upload?name=old-home.xml',
      headers: {
        authorization: basicAuthorization(tenant?.appClientId ?? '', tenant?.appClientSecret ?? ''),
        [ACCESS_TOKEN_HEADER]: world.demo.accessToken,
        'content-type': 'application/xml',
      },
      payload: xml,
    });
    expect(response.statusCode).toBe(200);
    return response.json().uploadId as string;
  }

  it('is drawn in the same views, apart from the meter, its days the sums of its readings', async () => {
    const xml = readFileSync(SAMPLE, 'utf8');
    const uploadId = await upload(xml);
    // The file's own readings, read with a regular expression: 1,340 quarter-hours in Wh (uom 72, ×10⁰).
    const values = [...xml.matchAll(/<IntervalReading>[\s\S]*?<value>(\d+)<\/value>/g)].map((m) =>
      Number(m[1]),
    );
    expect(values).toHaveLength(1340);
    const range = { from: '2012-02-28', toDate: '2012-03-31' };
    const daily = (await usage({ utilityType: 'electricity', view: 'daily', uploadId, ...range })).json();
    expect(daily.uploadId).toBe(uploadId);
    expect(daily.tou).toBeNull();
    expect(sum(daily.days.map((d: Day) => d.importWh))).toBe(sum(values));
    expect(daily.days.every((d: Day) => d.energyCostCents === null && d.averageTempC === null)).toBe(true);
    const quarter = (
      await usage({ utilityType: 'electricity', view: 'interval', resolution: 15, uploadId, ...range })
    ).json();
    expect(sum(quarter.intervals.flatMap((d: IntervalDay) => d.importWh))).toBe(sum(values));
    const monthly = (await usage({ utilityType: 'electricity', view: 'monthly', uploadId, ...range })).json();
    expect(sum(monthly.periods.map((p: Period) => p.quantity))).toBeCloseTo(sum(values) / 1000, 3);
    expect(monthly.periods.every((p: Period) => p.costCents === null)).toBe(true);
    const years = (
      await demo.post('/oracle/transactionYearDetails', {
        type: 'usage',
        accountId,
        utilityType: 'electricity',
        uploadId,
      })
    ).json();
    expect(years.years.map((y: { year: number }) => y.year)).toEqual([2012]);
    // Gas on an electricity file, or another customer's account beside it: not found.
    const gas = await usage({ utilityType: 'gas', view: 'monthly', uploadId, ...range });
    expect(gas.statusCode).toBe(404);
    expect(gas.json().message).toBe('Upload not found');
    const foreign = await usage({
      accountId: world.other.accountId,
      utilityType: 'electricity',
      view: 'daily',
      uploadId,
      ...range,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('is not another customer’s to see', async () => {
    const uploadId = await upload(readFileSync(SAMPLE, 'utf8'));
    const response = await world.other.api.post('/oracle/transactionDetails', {
      type: 'usage',
      accountId: world.other.accountId,
      utilityType: 'electricity',
      view: 'daily',
      uploadId,
      from: '2012-03-01',
      toDate: '2012-03-05',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Upload not found');
  });
});

describe('scoping', () => {
  it('answers another customer’s account as one that does not exist', async () => {
    const other = world.other.accountId;
    for (const response of [
      await usage({
        accountId: other,
        utilityType: 'electricity',
        view: 'daily',
        from: '2026-08-01',
        toDate: '2026-08-02',
      }),
      await demo.post('/oracle/transactionYearDetails', {
        type: 'usage',
        accountId: other,
        utilityType: 'electricity',
      }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Account not found');
    }
    const anonymous = await world.anonymous.post('/oracle/transactionDetails', {
      type: 'usage',
      accountId,
      utilityType: 'electricity',
      view: 'monthly',
      from: '2026-01-01',
      toDate: '2026-02-01',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives another utility’s customer nothing of this one’s usage or Green Button data', async () => {
    const host = 'portal.other-utility.test';
    const db = world.t.database.handle.db;
    const other = await insertTenant(db, { isDefault: false, domains: [host] });
    const user = await insertUser(db, other.tenant.id);
    world.t.app.tenants.invalidate();
    const theirs = caller(world.t, other, '10.8.8.8', await signedInToken(world.t, other.tenant.id, user.id));
    const onTheirHost = { host };
    const range = { from: '2026-08-01', toDate: '2026-08-02' };
    for (const response of [
      await theirs.post(
        '/oracle/transactionDetails',
        { type: 'usage', accountId, utilityType: 'electricity', view: 'daily', ...range },
        onTheirHost,
      ),
      await theirs.post(
        '/oracle/transactionYearDetails',
        { type: 'usage', accountId, utilityType: 'electricity' },
        onTheirHost,
      ),
      await theirs.post(
        '/usage/greenButton/export',
        { accountId, utilityType: 'electricity', format: 'csv', ...range },
        onTheirHost,
      ),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Account not found');
    }
    const uploads = await theirs.get('/usage/greenButton/uploads', onTheirHost);
    expect(uploads.json().uploads).toEqual([]);
    // Demo's own session is not a session of the other utility.
    const crossed = await demo.post(
      '/oracle/transactionDetails',
      { type: 'usage', accountId, utilityType: 'electricity', view: 'daily', ...range },
      onTheirHost,
    );
    expect([401, 404]).toContain(crossed.statusCode);
  });

  it('still answers the transaction history without a type', async () => {
    const response = await demo.post('/oracle/transactionDetails', { accountId, filterType: 'C1BL' });
    expect(response.statusCode).toBe(200);
    expect(response.json().transactions.length).toBeGreaterThan(0);
  });
});
