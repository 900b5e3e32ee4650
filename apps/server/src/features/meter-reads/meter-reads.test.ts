// Interval reads through the one module that stores them, on PGlite: days written, merged into
// month rows and read back exactly; and the migration that turned a real utility's day rows
// (interval_reads, int4 arrays) into month rows loses nothing, on PGlite and on a PostgreSQL server.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { applyMigrations } from '../../db/migrate.ts';
import { mulberry32 } from '../../domain/random/prng.ts';
import { seedDemoUtility } from '../../seed/index.ts';
import { startThrowawayPostgres } from '../../test/throwaway-postgres.ts';
import { type IntervalDay, readDayTotals, readIntervalDays, writeIntervalDays } from './meter-reads.ts';

let handle: DatabaseHandle;
let tenantId: string;
let meterId: string;
let solarMeterId: string;

async function rows<T>(query: string, on: DatabaseHandle = handle): Promise<T[]> {
  const result = await on.db.execute(sql.raw(query));
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Migrates and seeds three accounts (one of them the solar demo home); returns a plain and a solar meter. */
async function seeded(on: DatabaseHandle) {
  await applyMigrations(on);
  await seedDemoUtility(on.db, { accounts: 3, seed: 11, months: 2, now: new Date('2026-03-10T12:00:00Z') });
  const meters = await rows<{ id: string; tenant_id: string; bidirectional: boolean }>(
    `select id, tenant_id, bidirectional from meters where utility_type = 'electricity' order by bidirectional`,
    on,
  );
  const plain = meters.find((m) => !m.bidirectional);
  const solar = meters.find((m) => m.bidirectional);
  if (!plain || !solar) throw new Error('the seed has a solar and a plain electric meter');
  return { tenantId: plain.tenant_id, meterId: plain.id, solarMeterId: solar.id };
}

beforeAll(async () => {
  handle = await openDatabase({});
  ({ tenantId, meterId, solarMeterId } = await seeded(handle));
});

afterAll(async () => {
  await handle?.close();
});

const sum = (values: ArrayLike<number>) => Array.from(values).reduce((total, v) => total + v, 0);

function randomDay(date: string, count: number, seed: number, solar: boolean): IntervalDay {
  const random = mulberry32(seed);
  const importWh = Array.from({ length: count }, () => Math.round(400 * random()));
  return {
    date,
    importWh,
    exportWh: solar ? importWh.map((v, i) => (i % 3 === 0 ? v : 0)) : null,
    generationWh: solar ? importWh.map((v) => v * 2) : null,
    estimated: seed % 2 === 0,
  };
}

const asStored = (day: IntervalDay) => ({
  date: day.date,
  importWh: Array.from(day.importWh),
  exportWh: day.exportWh && Array.from(day.exportWh),
  generationWh: day.generationWh && Array.from(day.generationWh),
  estimated: day.estimated ?? false,
});

describe('meter reads', () => {
  it('writes days into month rows, keeps a day already stored, and reads them back exactly', async () => {
    // 2024: 10 March has 92 intervals and 3 November 100 (America/Chicago); both months get a gap.
    const first = [
      randomDay('2024-03-09', 96, 1, true),
      randomDay('2024-03-10', 92, 2, true),
      randomDay('2024-03-12', 96, 3, true),
      randomDay('2024-11-03', 100, 4, true),
    ];
    const written = await handle.db.transaction((tx) => writeIntervalDays(tx, tenantId, solarMeterId, first));
    expect(written).toBe(4);
    const again = [randomDay('2024-03-10', 92, 99, true), randomDay('2024-03-11', 96, 5, true)];
    expect(await handle.db.transaction((tx) => writeIntervalDays(tx, tenantId, solarMeterId, again))).toBe(1);
    const expected = [first[0], first[1], again[1], first[2], first[3]].map((d) =>
      asStored(d as IntervalDay),
    );
    expect(await readIntervalDays(handle.db, solarMeterId, '2024-03-01', '2024-11-30')).toEqual(expected);
    expect(await readIntervalDays(handle.db, solarMeterId, '2024-03-10', '2024-03-11')).toEqual(
      expected.slice(1, 3),
    );
    expect(await readDayTotals(handle.db, solarMeterId, '2024-03-11', '2024-12-31')).toEqual(
      expected.slice(2).map((day) => ({
        date: day.date,
        importWh: sum(day.importWh),
        exportWh: sum(day.exportWh ?? []),
        generationWh: sum(day.generationWh ?? []),
        estimated: day.estimated,
      })),
    );
    const [months] = await rows<{ count: number }>(
      `select count(*)::int as count from interval_months where meter_id = '${solarMeterId}' and month < '2025-01-01'`,
    );
    expect(months?.count).toBe(2);
  });

  it('gives a meter without solar no export and no generation', async () => {
    const day = randomDay('2023-06-15', 96, 7, false);
    await handle.db.transaction((tx) => writeIntervalDays(tx, tenantId, meterId, [day]));
    expect(await readIntervalDays(handle.db, meterId, '2023-06-15', '2023-06-15')).toEqual([asStored(day)]);
    expect(await readDayTotals(handle.db, meterId, '2023-06-01', '2023-06-30')).toEqual([
      { date: '2023-06-15', importWh: sum(day.importWh), exportWh: 0, generationWh: null, estimated: false },
    ]);
  });
});

/** Puts the database back before 0011 with day rows of the meter, migrates, and checks every reading. */
async function convertsDayRows(on: DatabaseHandle, tenant: string, meter: string) {
  const stored = await readIntervalDays(on.db, meter, '2026-01-01', '2026-12-31');
  expect(stored.length).toBeGreaterThan(30);
  const big = [2 ** 31 - 1, -(2 ** 31), 0, -5, 1_000_000_000, 7];
  const odd: IntervalDay[] = [
    { ...randomDay('2020-03-08', 92, 21, true), estimated: true },
    // Import and export both non-zero in an interval: kept apart.
    { date: '2020-03-09', importWh: [5, 0, 3], exportWh: [1, 0, 0], generationWh: null },
    { date: '2020-03-31', importWh: big, exportWh: null, generationWh: null },
    { ...randomDay('2020-11-01', 100, 22, false), estimated: true },
  ];
  // Back to the state before 0011: the day table holds a real utility's reads (no generation then).
  const before = [...stored, ...odd].map((d) => ({ ...d, generationWh: null }));
  const literal = (values: ArrayLike<number> | null) =>
    values ? `'{${Array.from(values).join(',')}}'` : 'null';
  await on.exec(`
      drop table interval_months;
      create table interval_reads (
        tenant_id uuid not null references tenants(id) on delete cascade,
        meter_id uuid not null references meters(id) on delete cascade,
        read_date date not null, import_wh integer[] not null, export_wh integer[],
        import_total_wh integer not null, export_total_wh integer default 0 not null,
        estimated boolean default false not null, primary key (meter_id, read_date));
      insert into interval_reads values ${before
        .map(
          (d) =>
            `('${tenant}', '${meter}', '${d.date}', ${literal(d.importWh)}, ${literal(d.exportWh)}, 0, 0, ${d.estimated ? 'true' : 'false'})`,
        )
        .join(',\n')};
    `);
  // 0011 itself, as the migrator runs it (later migrations are already applied and stay so).
  await on.exec(readFileSync(new URL('../../../drizzle/0011_interval_months.sql', import.meta.url), 'utf8'));
  const after = await readIntervalDays(on.db, meter, '2000-01-01', '2100-01-01');
  expect(after).toEqual(before.map((d) => asStored(d)).sort((a, b) => (a.date < b.date ? -1 : 1)));
  const totals = await readDayTotals(on.db, meter, '2020-03-01', '2020-03-31');
  expect(totals.map((t) => [t.date, t.importWh, t.exportWh, t.generationWh, t.estimated])).toEqual([
    ['2020-03-08', sum(odd[0]?.importWh ?? []), sum(odd[0]?.exportWh ?? []), null, true],
    ['2020-03-09', 8, 1, null, false],
    ['2020-03-31', sum(big), 0, null, false],
  ]);
  const [leftover] = await rows<{ count: number }>(
    `select count(*)::int as count from pg_proc where proname like 'gridfront_0011%'`,
    on,
  );
  expect(leftover?.count).toBe(0);
}

describe('migration 0011', () => {
  it('converts day rows with int4 arrays into month rows without losing a reading (PGlite)', async () => {
    await convertsDayRows(handle, tenantId, solarMeterId);
  });

  it('does the same on a PostgreSQL server', async () => {
    const cluster = await startThrowawayPostgres();
    const server = await openDatabase({ databaseUrl: cluster.url, poolSize: 2 });
    try {
      const meters = await seeded(server);
      await convertsDayRows(server, meters.tenantId, meters.solarMeterId);
    } finally {
      await server.close();
      await cluster.destroy();
    }
  }, 120_000);
});
