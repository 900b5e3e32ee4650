// Seeds the demo utility: tenant, rate book, weather, customers with 15-minute electric data,
// monthly gas and water reads, bills priced by the tariff engine, payments, ledger and AutoPay.
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { paymentPlatforms, tariffs, tenantDomains, tenants, users } from '../db/schema/index.ts';
import { addDays, addMonths, todayIn } from '../domain/calendar/local-day.ts';
import { prepareDay } from '../domain/load-profile/day-conditions.ts';
import { hashSeed, mulberry32, randomUuid } from '../domain/random/prng.ts';
import { dailyWeather, RIVERBEND_CLIMATE, type WeatherDay } from '../domain/weather/daily-weather.ts';
import { seedDemoAssistant } from '../features/assistant/knowledge.ts';
import { storeAccountAnswers } from '../features/billing/account-answers.ts';
import { storeBillAnswerParts } from '../features/billing/bill-answer-parts.ts';
import { storeAccountBalances, storeLedgerAnswers } from '../features/billing/ledger-answers.ts';
import { storeLineItemsJson } from '../features/billing/line-items-json.ts';
import { PIN_POOL_SIZE, pinFor, planAccount } from './account-plan.ts';
import { addAccountRows } from './account-rows.ts';
import { bulkLoaderFor, type Cell } from './bulk-load.ts';
import { DEMO_TARIFFS, type DemoTariffCode } from './demo-tariffs.ts';
import {
  DEMO_DOMAINS,
  DEMO_LOGIN,
  DEMO_PAYMENT_PLATFORMS,
  DEMO_TENANT,
  DEMO_TIME_ZONE,
  EXTRA_DEMO_USERS,
  STAFF_DEMO_USERS,
} from './demo-tenant.ts';
import { flushBatch, RowBatch, type SeedContext, timestampAt } from './seed-batch.ts';
import { COLUMNS } from './seed-columns.ts';
import { logWith, type SeedLog } from './seed-log.ts';

export interface SeedOptions {
  accounts: number;
  seed: number;
  /** Months of history ending yesterday, the current (partial) month included. */
  months?: number;
  log?: SeedLog;
  /** "Now" for the history's end; defaults to the current time. */
  now?: Date;
}

export interface SeedSummary {
  tenantId: string;
  accounts: number;
  intervalRows: number;
  bills: number;
  payments: number;
  startDate: string;
  endDate: string;
  seconds: number;
}

/** OWASP's minimum argon2id parameters (m = 19 MiB, t = 2, p = 1). */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const ACCOUNTS_PER_BATCH = 40;

export async function seedDemoUtility(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const log = logWith(options.log);
  const months = options.months ?? 25;
  if (!Number.isInteger(options.accounts) || options.accounts < 0) {
    throw new RangeError('accounts must be a whole number ≥ 0');
  }
  // The demo login's home is account 0: it exists even when no other account is asked for.
  const accountCount = Math.max(1, options.accounts);
  if (!Number.isInteger(months) || months < 2) throw new RangeError('months must be ≥ 2');
  const loader = bulkLoaderFor(db);
  const ids = mulberry32(hashSeed(options.seed, 'ids'));
  const today = todayIn(DEMO_TIME_ZONE, options.now ?? new Date());
  const endDate = addDays(today, -1);
  const startDate = addMonths(today, -(months - 1));
  log(`Seeding ${accountCount} accounts, ${startDate} to ${endDate}, seed ${options.seed}`);

  // Hashing runs on libuv threads while the rate book and weather are written.
  const pinHashes = Promise.all(
    Array.from({ length: PIN_POOL_SIZE }, (_, slot) =>
      hash(pinFor(options.seed, slot || PIN_POOL_SIZE), ARGON2_OPTIONS),
    ),
  );
  const demoPinHash = hash(pinFor(options.seed, 0), ARGON2_OPTIONS);
  const passwordHashes = Promise.all(
    [DEMO_LOGIN, ...EXTRA_DEMO_USERS].map(() => hash(DEMO_LOGIN.password, ARGON2_OPTIONS)),
  );

  const tenantId = randomUuid(ids);
  await db.insert(tenants).values({ id: tenantId, ...DEMO_TENANT });
  await db.insert(tenantDomains).values(DEMO_DOMAINS.map((host) => ({ host, tenantId })));
  await db
    .insert(paymentPlatforms)
    .values(DEMO_PAYMENT_PLATFORMS.map((platform) => ({ ...platform, tenantId })));
  // AI Assist: the widget's api key and the shipped knowledge base (issue 11).
  await seedDemoAssistant(db, tenantId);
  const tariffIds = new Map<DemoTariffCode, string>();
  await db.insert(tariffs).values(
    DEMO_TARIFFS.map((tariff) => {
      const id = randomUuid(ids);
      tariffIds.set(tariff.code, id);
      return {
        id,
        tenantId,
        code: tariff.code,
        name: tariff.name,
        utilityType: tariff.utilityType,
        sector: tariff.sector,
        description: tariff.description,
        structure: tariff.structure as Record<string, unknown>,
        effectiveFrom: addDays(startDate, -365),
      };
    }),
  );

  const weather = dailyWeather(RIVERBEND_CLIMATE, startDate, endDate, hashSeed(options.seed, 'weather'));
  await loader.insertRows(
    'weather_daily',
    COLUMNS.weather_daily,
    weather.map((day) => [
      tenantId,
      day.date,
      day.meanTempC,
      day.minTempC,
      day.maxTempC,
      day.heatingDegreeDays,
      day.coolingDegreeDays,
      day.cloudCover,
      day.sunHours,
    ]),
  );
  const weatherByMonth = new Map<string, WeatherDay[]>();
  for (const day of weather) {
    const key = day.date.slice(0, 7);
    const list = weatherByMonth.get(key) ?? [];
    list.push(day);
    weatherByMonth.set(key, list);
  }
  const days = weather.map((day) => prepareDay(day.date, day, RIVERBEND_CLIMATE, DEMO_TIME_ZONE));

  // The demo logins.
  const hashes = await passwordHashes;
  const userIdByAccountIndex = new Map<number, string>();
  const people = [{ ...DEMO_LOGIN, accountIndex: 0 }, ...EXTRA_DEMO_USERS].filter(
    (person) => person.accountIndex < accountCount,
  );
  const userRows: Cell[][] = [];
  const profileRows: Cell[][] = [];
  people.forEach((person, i) => {
    const userId = randomUuid(ids);
    userIdByAccountIndex.set(person.accountIndex, userId);
    const plan = planAccount(options.seed, person.accountIndex);
    const created = timestampAt(addDays(startDate, 10 + i), 15);
    userRows.push([
      userId,
      tenantId,
      person.username,
      person.fullName,
      person.email,
      created,
      false,
      hashes[i] ?? '',
      'en',
      created,
      created,
      created,
    ]);
    profileRows.push([
      userId,
      tenantId,
      plan.mailingAddress,
      plan.city,
      plan.premise.serviceAddress,
      plan.state,
      plan.zip,
      plan.phone,
      '',
      created,
    ]);
  });
  await loader.insertRows('users', COLUMNS.users, userRows);
  await db.insert(users).values(
    await Promise.all(
      STAFF_DEMO_USERS.map(async (staff) => ({
        tenantId,
        username: staff.username,
        fullName: staff.fullName,
        email: staff.email,
        emailVerifiedAt: new Date(`${startDate}T12:00:00Z`),
        passwordHash: await hash(staff.password, ARGON2_OPTIONS),
        role: staff.role,
      })),
    ),
  );
  await loader.insertRows('profiles', COLUMNS.profiles, profileRows);

  const context: SeedContext = {
    seed: options.seed,
    tenantId,
    ids,
    today,
    startDate,
    endDate,
    days,
    weatherByMonth,
    tariffIds,
    pinHashes: await pinHashes,
    demoPinHash: await demoPinHash,
    userIdByAccountIndex,
  };

  let intervalRows = 0;
  let bills = 0;
  let payments = 0;
  await loader.withFastLoad(async () => {
    // On PostgreSQL the server ingests one batch while the next is generated; PGlite runs in this
    // thread, so there a batch is written before the next is built (and memory stays flat).
    const maxInFlight = loader.kind === 'postgres' ? 2 : 1;
    const inFlight: Array<Promise<void>> = [];
    let failure: unknown = null;
    for (let first = 0; first < accountCount && failure === null; first += ACCOUNTS_PER_BATCH) {
      const batch = new RowBatch();
      const sink = loader.intervalSink(tenantId);
      const last = Math.min(accountCount, first + ACCOUNTS_PER_BATCH);
      for (let index = first; index < last; index++) {
        intervalRows += addAccountRows(context, planAccount(options.seed, index), batch, sink);
      }
      bills += batch.count('bills');
      payments += batch.count('payments');
      if (inFlight.length >= maxInFlight) await inFlight.shift();
      inFlight.push(
        flushBatch(loader, batch, sink).then(
          () => {
            if (last % 200 === 0 || last === accountCount) log(`Seeded ${last} of ${accountCount} accounts`);
          },
          (error: unknown) => {
            failure ??= error;
          },
        ),
      );
    }
    await Promise.all(inFlight);
    if (failure !== null) throw failure;
  });
  // Each segment's line items as getBillDetails answers them, as the bill run writes them with a bill.
  await storeLineItemsJson(db);
  // And the parts of each bill's answer that never change (bill-answer-parts.ts).
  await storeBillAnswerParts(db);
  // The bulk load skipped the triggers that keep each account's getUserDetails answer.
  await storeAccountAnswers(db, tenantId);
  // And each ledger entry's transactionDetails item and each account's balance (ledger-answers.ts).
  await storeLedgerAnswers(db);
  await storeAccountBalances(db);
  await db.execute(sql`analyze`);
  const seconds = (performance.now() - started) / 1000;
  log(
    `Seeded ${accountCount} accounts, ${intervalRows} interval days, ${bills} bills in ${seconds.toFixed(1)} s`,
  );
  return {
    tenantId,
    accounts: accountCount,
    intervalRows,
    bills,
    payments,
    startDate,
    endDate,
    seconds,
  };
}
