// The bill run on PGlite: a demo seeded in March is brought to May (reads continue the seed's own
// streams exactly, as a seed run in May would have made them), its due bills are issued once however
// often and however many at once the run goes, priced by the engine from the stored reads, with the
// ledger entries and the paperless customers' e-mails; a real utility's data is never touched.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  billLineItems,
  billSegments,
  bills,
  customerAccounts,
  intervalMonths,
  ledgerEntries,
  mailOutbox,
  meters,
  monthlyReads,
  services,
  tariffs,
  tenants,
  users,
  weatherDaily,
} from '../../db/schema/index.ts';
import { priceBillingPeriod } from '../../domain/tariffs/price-billing-period.ts';
import type { UrdbRateStructure } from '../../domain/tariffs/urdb.ts';
import { accountNumberFor } from '../../seed/account-plan.ts';
import { accountIndexFor, demoTenantIdFor } from '../../seed/generated-tenant.ts';
import { DEFAULT_SEED, DEMO_LOGIN, seedDemoUtility } from '../../seed/index.ts';
import { insertTenant } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import {
  type DayTotals,
  readDayTotals,
  readIntervalDays,
  type StoredDay,
} from '../meter-reads/meter-reads.ts';
import { runBillRun } from './bill-run.ts';

const ACCOUNTS = 6;
const PUBLIC_URL = 'https://portal.example';
// Seeded on 20 March (history from 1 January): bills for January and February exist.
const SEEDED_AT = new Date('2026-03-20T17:00:00Z');
// Run on 10 May: reads from 20 March to 9 May, and the bills of March (3 April) and April (3 May).
const RUN_AT = new Date('2026-05-10T17:00:00Z');
// A month later, by two instances at once: June's reads and May's bill.
const LATER = new Date('2026-06-10T17:00:00Z');

let t: TestApp;
let reference: TestDatabase;
let tenantId: string;
let firstRun: Awaited<ReturnType<typeof runBillRun>>;
let repeatRun: Awaited<ReturnType<typeof runBillRun>>;
let otherTenantId: string;

const db = (): Database => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoUtility(db(), { accounts: ACCOUNTS, seed: DEFAULT_SEED, months: 3, now: SEEDED_AT });
  const [tenant] = await db().select().from(tenants);
  if (!tenant) throw new Error('no tenant');
  tenantId = tenant.id;
  // The demo login reads German and gets its bills by e-mail; the account of maria.garcia does not.
  const [demoUser] = await db().select().from(users).where(eq(users.username, DEMO_LOGIN.username));
  if (!demoUser) throw new Error('no demo user');
  await db().update(users).set({ locale: 'de' }).where(eq(users.id, demoUser.id));
  await db()
    .update(customerAccounts)
    .set({ paperless: true })
    .where(eq(customerAccounts.accountNumber, accountNumberFor(0)));
  await db()
    .update(customerAccounts)
    .set({ paperless: false })
    .where(eq(customerAccounts.accountNumber, accountNumberFor(1)));
  // A real utility: its account numbers look like the demo's, it has weather, but its data is its own.
  const other = await insertTenant(db(), { isDefault: false });
  otherTenantId = other.tenant.id;
  await db().insert(weatherDaily).values({
    tenantId: otherTenantId,
    day: '2026-01-01',
    meanTempC: 1,
    minTempC: 0,
    maxTempC: 2,
    heatingDegreeDays: 17,
    coolingDegreeDays: 0,
    cloudCover: 0.5,
    sunHours: 4,
  });
  await db()
    .insert(customerAccounts)
    .values({
      tenantId: otherTenantId,
      accountNumber: accountNumberFor(2),
      pinHash: 'x',
      holderName: 'Real Customer',
      email: 'real@example.com',
      mailingAddress: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      paperless: true,
      openedOn: '2020-01-01',
    });

  firstRun = await runBillRun(db(), { publicUrl: PUBLIC_URL, now: RUN_AT });
  repeatRun = await runBillRun(db(), { publicUrl: PUBLIC_URL, now: RUN_AT });

  // What a seed run on 10 May with the same first day (1 January) makes.
  reference = await createTestDatabase();
  await seedDemoUtility(reference.handle.db, {
    accounts: ACCOUNTS,
    seed: DEFAULT_SEED,
    months: 5,
    now: RUN_AT,
  });
});

afterAll(async () => {
  await reference?.close();
  await t?.close();
});

async function readsBySerial(database: Database, from: string) {
  const electricMeters = await database
    .select({ serial: meters.serialNumber, id: meters.id })
    .from(meters)
    .where(eq(meters.utilityType, 'electricity'))
    .orderBy(asc(meters.serialNumber));
  const rows: Array<StoredDay & { serial: string; totals: DayTotals | undefined }> = [];
  for (const meter of electricMeters) {
    const days = await readIntervalDays(database, meter.id, from, '9999-12-31');
    const totals = await readDayTotals(database, meter.id, from, '9999-12-31');
    for (const [i, day] of days.entries()) rows.push({ serial: meter.serial, ...day, totals: totals[i] });
  }
  return rows;
}

async function monthlyBySerial(database: Database) {
  return database
    .select({
      serial: meters.serialNumber,
      date: monthlyReads.readDate,
      register: monthlyReads.registerValue,
      consumption: monthlyReads.consumption,
    })
    .from(monthlyReads)
    .innerJoin(meters, eq(meters.id, monthlyReads.meterId))
    .orderBy(asc(meters.serialNumber), asc(monthlyReads.readDate));
}

/** Segments of the March and April bills by bill number and utility, with their line items. */
async function segmentsOf(database: Database, billNumbers: string[]) {
  const rows = await database
    .select({
      billNumber: bills.billNumber,
      utilityType: billSegments.utilityType,
      usageQuantity: billSegments.usageQuantity,
      amountCents: billSegments.amountCents,
      lines: sql<string>`(select string_agg(${billLineItems.kind} || ':' || ${billLineItems.description} || ':' || coalesce(${billLineItems.quantity}::text, '') || ':' || coalesce(${billLineItems.rate}::text, '') || ':' || ${billLineItems.amountCents}, '|' order by ${billLineItems.position}) from ${billLineItems} where ${billLineItems.segmentId} = ${billSegments.id})`,
    })
    .from(billSegments)
    .innerJoin(bills, eq(bills.id, billSegments.billId))
    .where(inArray(bills.billNumber, billNumbers))
    .orderBy(asc(bills.billNumber), asc(billSegments.utilityType));
  return rows;
}

const newBillNumbers = () =>
  Array.from({ length: ACCOUNTS }, (_, i) => [
    `${accountNumberFor(i)}-202603`,
    `${accountNumberFor(i)}-202604`,
  ]).flat();

describe('which tenants are generated', () => {
  it('recognises the seeded tenant by the id its seed draws, and generated account numbers', () => {
    expect(demoTenantIdFor(DEFAULT_SEED)).toBe(tenantId);
    expect(accountIndexFor(accountNumberFor(42))).toBe(42);
    expect(accountIndexFor('1234567890')).toBeNull();
  });

  it('leaves a real utility alone', async () => {
    const ownWeather = await db().select().from(weatherDaily).where(eq(weatherDaily.tenantId, otherTenantId));
    expect(ownWeather).toHaveLength(1);
    const ownBills = await db().select().from(bills).where(eq(bills.tenantId, otherTenantId));
    const ownMail = await db().select().from(mailOutbox).where(eq(mailOutbox.tenantId, otherTenantId));
    expect(ownBills).toHaveLength(0);
    expect(ownMail).toHaveLength(0);
  });
});

describe('meter catch-up', () => {
  it('reads up to yesterday that continue the seed exactly (as a seed run on that day makes them)', async () => {
    const caughtUp = await readsBySerial(db(), '2026-03-20');
    const seeded = await readsBySerial(reference.handle.db, '2026-03-20');
    // 51 days (20 March to 9 May) for each account's electric meter.
    expect(caughtUp).toHaveLength(51 * ACCOUNTS);
    expect(firstRun.intervalDays).toBe(51 * ACCOUNTS);
    expect(caughtUp.at(-1)?.date).toBe('2026-05-09');
    expect(caughtUp).toEqual(seeded);
  });

  it('monthly gas and water reads and the weather continue the same way', async () => {
    expect(await monthlyBySerial(db())).toEqual(await monthlyBySerial(reference.handle.db));
    expect(firstRun.monthlyReads).toBeGreaterThan(0);
    const weather = (database: Database) =>
      database
        .select()
        .from(weatherDaily)
        .where(eq(weatherDaily.tenantId, tenantId))
        .orderBy(asc(weatherDaily.day));
    const ours = await weather(db());
    const [refTenant] = await reference.handle.db.select().from(tenants);
    const theirs = await reference.handle.db
      .select()
      .from(weatherDaily)
      .where(eq(weatherDaily.tenantId, refTenant?.id ?? ''))
      .orderBy(asc(weatherDaily.day));
    expect(ours.map(({ tenantId: _, ...day }) => day)).toEqual(theirs.map(({ tenantId: _, ...day }) => day));
    expect(ours.at(-1)?.day).toBe('2026-05-09');
  });
});

describe('the bill run', () => {
  it('issues the March and April bills of every account once; a second run finds nothing to do', async () => {
    expect(firstRun.bills).toBe(2 * ACCOUNTS);
    expect(repeatRun).toEqual({
      weatherDays: 0,
      intervalDays: 0,
      monthlyReads: 0,
      bills: 0,
      mails: 0,
      payments: 0,
    });
    const issued = await db().select().from(bills).where(inArray(bills.billNumber, newBillNumbers()));
    expect(issued).toHaveLength(2 * ACCOUNTS);
    const april = issued.find((bill) => bill.billNumber === `${accountNumberFor(0)}-202604`);
    expect(april).toMatchObject({
      periodStart: '2026-04-01',
      periodEnd: '2026-04-30',
      billDate: '2026-05-03',
      dueDate: '2026-05-24',
      status: 'open',
    });
  });

  it('prices every segment exactly as the seed prices the same month from the same reads', async () => {
    // The reference seed billed March and April itself; segments and line items must be the same.
    expect(await segmentsOf(db(), newBillNumbers())).toEqual(
      await segmentsOf(reference.handle.db, newBillNumbers()),
    );
  });

  it('prices the electric segment by the engine from the stored April reads', async () => {
    const [electric] = await db()
      .select({ meterId: meters.id, structure: tariffs.structure, accountId: services.accountId })
      .from(meters)
      .innerJoin(services, eq(services.id, meters.serviceId))
      .innerJoin(tariffs, eq(tariffs.id, services.tariffId))
      .innerJoin(customerAccounts, eq(customerAccounts.id, services.accountId))
      .where(
        and(eq(customerAccounts.accountNumber, accountNumberFor(0)), eq(meters.utilityType, 'electricity')),
      );
    if (!electric) throw new Error('no electric meter');
    const days = await readIntervalDays(db(), electric.meterId, '2026-04-01', '2026-04-30');
    expect(days).toHaveLength(30);
    const priced = priceBillingPeriod(
      electric.structure as UrdbRateStructure,
      { kind: 'intervals', days },
      { periodStart: '2026-04-01', periodEnd: '2026-04-30', timeZone: 'America/Chicago' },
    );
    const [segment] = await db()
      .select({ amountCents: billSegments.amountCents, usageQuantity: billSegments.usageQuantity })
      .from(billSegments)
      .innerJoin(bills, eq(bills.id, billSegments.billId))
      .where(
        and(
          eq(bills.billNumber, `${accountNumberFor(0)}-202604`),
          eq(billSegments.utilityType, 'electricity'),
        ),
      );
    expect(segment?.amountCents).toBe(priced.totalCents);
    expect(Number(segment?.usageQuantity)).toBeCloseTo(priced.usage.importQuantity, 3);
  });

  it("adds up: line items to segments, segments and late fee to current charges, and the seed's balance rule", async () => {
    const issued = await db().select().from(bills).where(inArray(bills.billNumber, newBillNumbers()));
    for (const bill of issued) {
      const segments = await db().select().from(billSegments).where(eq(billSegments.billId, bill.id));
      let serviceCharges = 0;
      for (const segment of segments) {
        const lines = await db().select().from(billLineItems).where(eq(billLineItems.segmentId, segment.id));
        expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(segment.amountCents);
        serviceCharges += segment.amountCents;
      }
      const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.billId, bill.id));
      const charge = entries.filter((entry) => entry.kind === 'bill');
      const lateFee = entries.filter((entry) => entry.kind === 'late_fee');
      // One ledger entry per bill for its charges (and one for a late fee, when there is one).
      expect(charge).toHaveLength(1);
      expect(charge[0]?.amountCents).toBe(serviceCharges);
      expect(charge[0]?.entryDate).toBe(bill.billDate);
      expect(lateFee.length).toBeLessThanOrEqual(1);
      expect(bill.currentChargesCents).toBe(serviceCharges + (lateFee[0]?.amountCents ?? 0));
      expect(bill.amountDueCents).toBe(
        bill.previousBalanceCents - bill.paymentsReceivedCents + bill.currentChargesCents,
      );
    }
  });

  it('hand-checks the April bill of the demo home: its total is the sum of its printed lines', async () => {
    const [bill] = await db()
      .select()
      .from(bills)
      .where(eq(bills.billNumber, `${accountNumberFor(0)}-202604`));
    if (!bill) throw new Error('no April bill');
    const lines = await db()
      .select({
        amountCents: billLineItems.amountCents,
        quantity: billLineItems.quantity,
        rate: billLineItems.rate,
      })
      .from(billLineItems)
      .innerJoin(billSegments, eq(billSegments.id, billLineItems.segmentId))
      .where(eq(billSegments.billId, bill.id));
    // Each line is its quantity × rate in cents (rounded), and the bill's charges are the lines plus any late fee.
    for (const line of lines) {
      if (line.quantity !== null && line.rate !== null) {
        expect(
          Math.abs(line.amountCents - Number(line.quantity) * Number(line.rate) * 100),
        ).toBeLessThanOrEqual(0.5 + 1e-9);
      }
    }
    const [fee] = await db()
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.billId, bill.id), eq(ledgerEntries.kind, 'late_fee')));
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0) + Number(fee?.total ?? 0)).toBe(
      bill.currentChargesCents,
    );
  });

  it('e-mails each new bill once to paperless customers only, in their language, with amount, due date and link', async () => {
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.purpose, 'new-bill'));
    const paperless = await db()
      .select({ email: customerAccounts.email })
      .from(customerAccounts)
      .where(and(eq(customerAccounts.tenantId, tenantId), eq(customerAccounts.paperless, true)));
    expect(mails).toHaveLength(2 * paperless.length);
    expect(firstRun.mails).toBe(mails.length);
    expect(new Set(mails.map((mail) => mail.toAddress))).toEqual(new Set(paperless.map((row) => row.email)));
    expect(mails.some((mail) => mail.toAddress === 'maria.garcia@example.com')).toBe(false);
    const [april] = await db()
      .select()
      .from(bills)
      .where(eq(bills.billNumber, `${accountNumberFor(0)}-202604`));
    const demoMails = mails.filter((mail) => mail.toAddress === DEMO_LOGIN.email);
    expect(demoMails).toHaveLength(2);
    const amount = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(
      (april?.amountDueCents ?? 0) / 100,
    );
    const aprilMail = demoMails.find((mail) => mail.textBody.includes('30. April 2026'));
    expect(aprilMail?.subject).toBe('Riverbend Utilities: Ihre neue Rechnung ist da');
    expect(aprilMail?.textBody).toContain(`Fälliger Betrag: ${amount}`);
    expect(aprilMail?.textBody).toContain('Fällig am: 24. Mai 2026');
    expect(aprilMail?.textBody).toContain(`${PUBLIC_URL}/accountInfo`);
    expect(aprilMail?.htmlBody).toContain(`href="${PUBLIC_URL}/accountInfo"`);
  });

  it('two instances at once a month later: June reads and the May bill once each', async () => {
    const [one, two] = await Promise.all([
      runBillRun(db(), { publicUrl: PUBLIC_URL, now: LATER }),
      runBillRun(db(), { publicUrl: PUBLIC_URL, now: LATER }),
    ]);
    expect((one?.bills ?? 0) + (two?.bills ?? 0)).toBe(ACCOUNTS);
    expect((one?.intervalDays ?? 0) + (two?.intervalDays ?? 0)).toBe(31 * ACCOUNTS); // 10 May to 9 June
    const may = await db()
      .select({ number: bills.billNumber })
      .from(bills)
      .where(sql`${bills.billNumber} like '%-202605'`);
    expect(may).toHaveLength(ACCOUNTS);
    const mayEntries = await db()
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .innerJoin(bills, eq(bills.id, ledgerEntries.billId))
      .where(and(sql`${bills.billNumber} like '%-202605'`, eq(ledgerEntries.kind, 'bill')));
    expect(mayEntries).toHaveLength(ACCOUNTS);
    const [reads] = await db()
      .select({
        last: sql<string>`max(${intervalMonths.month} + cardinality(${intervalMonths.importDayWh}) - 1)::text`,
      })
      .from(intervalMonths);
    expect(reads?.last).toBe('2026-06-09');
    // This time the streams went on from where the first run left them (no replay): still the seed's reads.
    const later = await createTestDatabase();
    try {
      await seedDemoUtility(later.handle.db, {
        accounts: ACCOUNTS,
        seed: DEFAULT_SEED,
        months: 6,
        now: LATER,
      });
      expect(await readsBySerial(db(), '2026-05-10')).toEqual(
        await readsBySerial(later.handle.db, '2026-05-10'),
      );
      expect(await monthlyBySerial(db())).toEqual(await monthlyBySerial(later.handle.db));
      const mayBills = Array.from({ length: ACCOUNTS }, (_, i) => `${accountNumberFor(i)}-202605`);
      expect(await segmentsOf(db(), mayBills)).toEqual(await segmentsOf(later.handle.db, mayBills));
    } finally {
      await later.close();
    }
  });
});
