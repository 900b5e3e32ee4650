// Rate comparison through the API on a seeded demo utility: every plan's year is the sum of the
// bills the tariff engine gives for the customer's own days; what-ifs, saved results, idempotent
// retries, estimates for a short history (similar homes or a Green Button upload), and scoping.
import { readFileSync } from 'node:fs';
import { and, eq, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intervalMonths, meters, rateComparisons, services, tariffs, todos } from '../../db/schema/index.ts';
import { priceBillingPeriod, type UrdbRateStructure } from '../../domain/tariffs/index.ts';
import { caller, signedInToken } from '../../test/account-test-kit.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import { insertTenant, insertUser } from '../../test/fixtures.ts';
import { readIntervalDays } from '../meter-reads/meter-reads.ts';

let world: BillingTestWorld;
const db = () => world.t.database.handle.db;

beforeAll(async () => {
  world = await createBillingTestWorld();
}, 120_000);

afterAll(async () => {
  await world?.t.close();
});

let keys = 0;
const key = () => `compare-test-${++keys}-${Date.now()}`;

interface Bill {
  periodStart: string;
  periodEnd: string;
  month: string;
  estimated: boolean;
  totalCents: number;
  differenceCents: number;
  lineItems: { amountCents: number }[];
}
interface Plan {
  tariffId: string;
  code: string;
  name: string;
  sector: string;
  current: boolean;
  rank: number;
  annualCents: number;
  annualDifferenceCents: number;
  bills: Bill[];
  whatIfEnergy: { evKwh: number; solarKwh: number; evUnservedKwh: number } | null;
}

const compare = (who = world.demo, body: Record<string, unknown> = {}) =>
  who.api.post('/gridx/compareCalculate', {
    accountId: who.accountId,
    idempotencyKey: key(),
    ...body,
  });

async function electricMeterOf(accountId: string) {
  const [row] = await db()
    .select({ meterId: meters.id, tariffId: services.tariffId })
    .from(services)
    .innerJoin(meters, eq(meters.serviceId, services.id))
    .where(and(eq(services.accountId, accountId), eq(services.utilityType, 'electricity')));
  if (!row) throw new Error('no electric meter');
  return row;
}

describe('POST /gridx/compareCalculate', () => {
  it('prices the last 12 months under every residential plan, the current one first', async () => {
    const response = await compare();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const { tariffId } = await electricMeterOf(world.demo.accountId);
    expect(body.accountNumber).toBe(world.demo.accountNumber);
    expect(body.periods).toHaveLength(12);
    expect(body.estimatedMonths).toEqual([]);
    expect(body.estimateSource).toBeNull();
    const plans: Plan[] = body.plans;
    expect(plans[0]).toMatchObject({ tariffId, current: true, annualDifferenceCents: 0 });
    // The demo rate book offers residential customers five plans; commercial ones are left out.
    expect(plans.map((plan) => plan.code).sort()).toEqual(['E-EV', 'E-FLAT', 'E-RS', 'E-SOLAR', 'E-TOU']);
    expect(plans.every((plan) => plan.sector === 'Residential')).toBe(true);
    // The others cheapest first; ranks count the current plan too.
    const others = plans.slice(1).map((plan) => plan.annualCents);
    expect(others).toEqual([...others].sort((a, b) => a - b));
    expect(plans.map((plan) => plan.rank).sort()).toEqual([1, 2, 3, 4, 5]);
    const current = plans[0] as Plan;
    for (const plan of plans) {
      expect(plan.bills).toHaveLength(12);
      expect(plan.annualCents).toBe(plan.bills.reduce((sum, bill) => sum + bill.totalCents, 0));
      expect(plan.annualDifferenceCents).toBe(plan.annualCents - current.annualCents);
      plan.bills.forEach((bill, k) => {
        expect(bill.totalCents).toBe(bill.lineItems.reduce((sum, line) => sum + line.amountCents, 0));
        expect(bill.differenceCents).toBe(bill.totalCents - (current.bills[k]?.totalCents ?? 0));
      });
    }
  });

  it('gives each plan the bills the tariff engine prices from the customer’s own days', async () => {
    const body = (await compare()).json();
    const { meterId } = await electricMeterOf(world.demo.accountId);
    const first = body.periods[0].periodStart;
    const last = body.periods.at(-1).periodEnd;
    const days = await readIntervalDays(db(), meterId, first, last);
    for (const plan of body.plans as Plan[]) {
      const [tariff] = await db().select().from(tariffs).where(eq(tariffs.id, plan.tariffId));
      let carriedCreditKwh = 0;
      const demandHistory: { month: string; peakDemandKw: number }[] = [];
      let annual = 0;
      for (const period of body.periods) {
        const priced = priceBillingPeriod(
          tariff?.structure as unknown as UrdbRateStructure,
          {
            kind: 'intervals',
            days: days.filter((day) => day.date >= period.periodStart && day.date <= period.periodEnd),
          },
          { ...period, timeZone: body.timeZone, carriedCreditKwh, demandHistory },
        );
        carriedCreditKwh = priced.carriedCreditKwh ?? 0;
        if (priced.usage.peakDemandKw !== null)
          demandHistory.push({ month: period.month, peakDemandKw: priced.usage.peakDemandKw });
        annual += priced.totalCents;
      }
      expect(plan.annualCents, plan.code).toBe(annual);
    }
  });

  it('adds an EV and rooftop solar, showing the assumptions it used', async () => {
    const plain = (await compare()).json();
    const response = await compare(world.demo, {
      whatIfs: { ev: { milesPerYear: 12_000 }, solar: { kw: 6 } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.assumptions).toEqual({
      ev: { milesPerYear: 12_000, kwhPerMile: 0.3, chargerKw: 7.2, startHour: 22, endHour: 6 },
      solar: { kw: 6, tiltDeg: 20, azimuthDeg: 180, systemDerate: 0.82 },
      battery: null,
      shift: null,
    });
    const byCode = (plans: Plan[], code: string) => plans.find((plan) => plan.code === code) as Plan;
    const flat = byCode(body.plans, 'E-FLAT');
    // A year of charging: 12,000 miles × 0.3 kWh, over the 12 compared months (±1 day's worth).
    expect(flat.whatIfEnergy?.evKwh).toBeGreaterThan(3_500);
    expect(flat.whatIfEnergy?.evKwh).toBeLessThan(3_700);
    expect(flat.whatIfEnergy?.solarKwh).toBeGreaterThan(5_000);
    expect(byCode(plain.plans, 'E-FLAT').whatIfEnergy).toBeNull();
    // Each alone moves the year the way it must: charging adds to it, panels take from it.
    const evOnly = (await compare(world.demo, { whatIfs: { ev: { milesPerYear: 12_000 } } })).json();
    const solarOnly = (await compare(world.demo, { whatIfs: { solar: { kw: 6 } } })).json();
    expect(byCode(evOnly.plans, 'E-FLAT').annualCents).toBeGreaterThan(
      byCode(plain.plans, 'E-FLAT').annualCents,
    );
    expect(byCode(solarOnly.plans, 'E-FLAT').annualCents).toBeLessThan(
      byCode(plain.plans, 'E-FLAT').annualCents,
    );
  });

  it('refuses what-ifs out of range, naming the field, and saves nothing', async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(rateComparisons);
    const response = await compare(world.demo, { whatIfs: { ev: { milesPerYear: 10 }, solar: { kw: 90 } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      'whatIfs.ev.milesPerYear': 'Miles a year are 500–60,000',
      'whatIfs.solar.kw': 'System size is 0.5–25 kW',
    });
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(rateComparisons);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('answers a retry with the result saved the first time, and refuses another request under its key', async () => {
    const idempotencyKey = key();
    const first = await compare(world.demo, { idempotencyKey, whatIfs: { battery: { kwh: 10 } } });
    expect(first.statusCode).toBe(200);
    const again = await compare(world.demo, { idempotencyKey, whatIfs: { battery: { kwh: 10 } } });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await compare(world.demo, { idempotencyKey, whatIfs: { battery: { kwh: 12 } } });
    expect(other.statusCode).toBe(409);
    const saved = await db()
      .select()
      .from(rateComparisons)
      .where(eq(rateComparisons.idempotencyKey, idempotencyKey));
    expect(saved).toHaveLength(1);
  });

  it('answers 404 for an account that is not the caller’s', async () => {
    const response = await compare(world.other, { accountId: world.demo.accountId });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Account not found');
    const anonymous = await world.anonymous.post('/gridx/compareCalculate', {
      accountId: world.demo.accountId,
      idempotencyKey: key(),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /gridx/compareResult/{id}', () => {
  it('reopens a saved result for its owner only', async () => {
    const saved = (await compare(world.demo, { whatIfs: { shift: { share: 0.2 } } })).json();
    const reopened = await world.demo.api.get(`/gridx/compareResult/${saved.id}`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toEqual(saved);

    const theirs = await world.other.api.get(`/gridx/compareResult/${saved.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Comparison not found');
    const missing = await world.demo.api.get(`/gridx/compareResult/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(theirs.json().message);

    // Another utility's customer, on that utility's host, finds nothing either.
    const host = 'compare.other-utility.example';
    const other = await insertTenant(db(), { isDefault: false, domains: [host] });
    const user = await insertUser(db(), other.tenant.id);
    world.t.app.tenants.invalidate();
    const elsewhere = caller(
      world.t,
      other,
      '10.9.9.9',
      await signedInToken(world.t, other.tenant.id, user.id),
    );
    expect((await elsewhere.get(`/gridx/compareResult/${saved.id}`, { host })).statusCode).toBe(404);
    const asked = await elsewhere.post(
      '/gridx/compareCalculate',
      { accountId: world.demo.accountId, idempotencyKey: key() },
      { host },
    );
    expect(asked.statusCode).toBe(404);
  });
});

describe('POST /gridx/switchPlan', () => {
  it('files one service request for the staff to switch the plan; a retry answers the same one', async () => {
    const saved = (await compare()).json();
    const current = saved.plans[0] as Plan;
    const target = saved.plans[1] as Plan;
    const switchTo = (tariffId: string, idempotencyKey = key(), who = world.demo) =>
      who.api.post('/gridx/switchPlan', { compareResultId: saved.id, tariffId, idempotencyKey });

    const onCurrent = await switchTo(current.tariffId);
    expect(onCurrent.statusCode).toBe(400);
    expect(onCurrent.json().message).toBe('You are already on this plan');
    expect((await switchTo(crypto.randomUUID())).json().message).toBe(
      'This plan is not part of the comparison',
    );
    expect((await switchTo(target.tariffId, key(), world.other)).statusCode).toBe(404);

    // A plan the utility withdrew (/admin/settings) after the comparison was priced cannot be asked for.
    const withdrawn = saved.plans[2] as Plan;
    await db().update(tariffs).set({ offered: false }).where(eq(tariffs.id, withdrawn.tariffId));
    try {
      const refused = await switchTo(withdrawn.tariffId);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('The utility no longer offers this plan');
    } finally {
      await db().update(tariffs).set({ offered: true }).where(eq(tariffs.id, withdrawn.tariffId));
    }

    const idempotencyKey = key();
    const filed = await switchTo(target.tariffId, idempotencyKey);
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json()).toMatchObject({
      message: 'Your request to switch plans was sent',
      referenceNumber: expect.stringMatching(/^SR-/),
      status: 'submitted',
    });
    const again = await switchTo(target.tariffId, idempotencyKey);
    expect(again.json()).toEqual(filed.json());
    expect(again.headers['idempotent-replayed']).toBe('true');

    const rows = await db().select().from(todos).where(eq(todos.accountId, world.demo.accountId));
    const switches = rows.filter((row) => row.requestType === 'plan_switch');
    expect(switches).toHaveLength(1);
    expect(switches[0]).toMatchObject({
      referenceNumber: filed.json().referenceNumber,
      userId: world.demo.userId,
      details: expect.objectContaining({
        compareResultId: saved.id,
        tariffId: target.tariffId,
        tariffCode: target.code,
        fromTariffCode: current.code,
      }),
    });
    // The customer's list of requests shows it.
    const listed = (await world.demo.api.get('/oracle/toDoList')).json().requests;
    expect(listed.map((r: { referenceNumber: string }) => r.referenceNumber)).toContain(
      filed.json().referenceNumber,
    );

    // While it is open, another switch for the account is refused, naming the open one.
    const second = await switchTo(saved.plans[2].tariffId);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      `A request to switch plans is already open (${filed.json().referenceNumber})`,
    );
  });
});

describe('OpenAPI', () => {
  it('documents the gridx calls with their bodies and answers', async () => {
    const response = await world.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/gridx/compareCalculate',
        '/api/gridx/compareResult/{id}',
        '/api/gridx/switchPlan',
      ]),
    );
    const calculate = paths['/api/gridx/compareCalculate'].post;
    expect(Object.keys(calculate.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['accountId', 'whatIfs', 'uploadId', 'idempotencyKey']),
    );
    expect(calculate.responses['200']).toBeDefined();
  });
});

describe('a customer with less than a year of history', () => {
  // Runs last: it removes the other customer's older reads.
  it('fills the missing months from similar homes, or from the customer’s Green Button upload', async () => {
    const full = (await compare(world.other)).json();
    const { meterId } = await electricMeterOf(world.other.accountId);
    const keepFrom: string = full.periods[8].periodStart;
    await db()
      .delete(intervalMonths)
      .where(and(eq(intervalMonths.meterId, meterId), lt(intervalMonths.month, keepFrom)));

    const short = await compare(world.other);
    expect(short.statusCode, short.body).toBe(200);
    const body = short.json();
    expect(body.periods.map((p: { month: string }) => p.month)).toEqual(
      full.periods.map((p: { month: string }) => p.month),
    );
    expect(body.estimatedMonths).toEqual(full.periods.slice(0, 8).map((p: { month: string }) => p.month));
    expect(body.estimateSource).toBe('similarHomes');
    expect(body.plans[0].bills.map((bill: Bill) => bill.estimated)).toEqual([
      ...new Array(8).fill(true),
      ...new Array(4).fill(false),
    ]);
    // The months the customer has are priced exactly as before.
    expect(body.plans[0].bills.slice(8)).toEqual(full.plans[0].bills.slice(8));

    const xml = readFileSync(
      new URL(
        '../green-button/test-files/sample_electric_hourly_1year_Coastal_Multi_Family.xml',
        import.meta.url,
      ),
      'utf8',
    );
    const uploaded = await world.other.api.post('/usage/greenButton/upload?name=previous-home.xml', xml, {
      'content-type': 'application/xml',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const uploadId = uploaded.json().uploadId;
    const fromUpload = (await compare(world.other, { uploadId })).json();
    expect(fromUpload.estimateSource).toBe('upload');
    expect(fromUpload.uploadId).toBe(uploadId);
    expect(fromUpload.estimatedMonths).toEqual(body.estimatedMonths);
    // Another shape of day in the filled months gives other bills there, the same bills elsewhere.
    expect(fromUpload.plans[0].bills.slice(0, 8)).not.toEqual(body.plans[0].bills.slice(0, 8));
    expect(fromUpload.plans[0].bills.slice(8)).toEqual(body.plans[0].bills.slice(8));

    // Someone else's upload is not found.
    const notTheirs = await compare(world.demo, { uploadId });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe('Upload not found');
  });
});
