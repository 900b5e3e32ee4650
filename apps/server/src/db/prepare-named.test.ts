// prepareNamed: a select run as a named prepared statement. On PostgreSQL each execution after the
// first sends no Describe (the statement's type parsers are kept from its first result), so these
// check that every later execution, on every connection of the pool, reads the same values, that
// PostgreSQL's errors reach the caller as pg's own, and that a connection stays usable after one.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTenant } from '../test/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { type Database, prepareNamed } from './client.ts';
import { tenants } from './schema/index.ts';

interface Row {
  id: string;
  flag: boolean | null;
  count: number;
  text: string | null;
}

const COLUMNS = ['id', 'flag', 'count', 'text'] as const;

function tenantStatement(db: Database, name: string) {
  const query = db
    .select({
      id: sql<string>`${tenants.id}::text`,
      flag: sql<boolean | null>`case when ${sql.placeholder('flag')}::int = 1 then true
        when ${sql.placeholder('flag')}::int = 0 then false end`,
      count: sql<number>`${sql.placeholder('count')}::int + 1`,
      text: sql<string | null>`nullif(${sql.placeholder('text')}::text, '')`,
    })
    .from(tenants)
    .where(eq(tenants.id, sql.placeholder('tenantId')));
  return prepareNamed<Row>(db, query, name, COLUMNS);
}

/** The PostgreSQL error under what the driver threw (Drizzle wraps it on PGlite). */
function databaseCode(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  while (current) {
    if (typeof current.code === 'string') return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

describe('prepareNamed', () => {
  let database: TestDatabase;
  let db: Database;
  let tenantId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    tenantId = (await insertTenant(db)).tenant.id;
  });
  afterAll(() => database.close());

  it('reads the same values on every execution, many more than the pool has connections', async () => {
    const statement = tenantStatement(db, 'test_prepare_named_values');
    const inputs = Array.from({ length: 40 }, (_, index) => ({
      tenantId,
      flag: index % 3 === 2 ? null : index % 3,
      count: index,
      text: index % 2 === 0 ? `ünïcode ${index} “quoted” \\ ${'x'.repeat(index * 50)}` : '',
    }));
    // Concurrently, so that several connections run the statement for the first time at once.
    const results = await Promise.all(inputs.map((input) => statement.execute(input)));
    const again = await Promise.all(inputs.map((input) => statement.execute(input)));
    for (const rows of [results, again]) {
      expect(rows).toEqual(
        inputs.map((input) => [
          {
            id: tenantId,
            flag: input.flag === null ? null : input.flag === 1,
            count: input.count + 1,
            text: input.text === '' ? null : input.text,
          },
        ]),
      );
    }
  });

  it('answers no rows as an empty list', async () => {
    const statement = tenantStatement(db, 'test_prepare_named_none');
    const input = { tenantId: '00000000-0000-4000-8000-000000000000', flag: 1, count: 1, text: 'a' };
    expect(await statement.execute(input)).toEqual([]);
    expect(await statement.execute(input)).toEqual([]);
  });

  it("passes PostgreSQL's error to the caller, and the statement still runs after it", async () => {
    const statement = tenantStatement(db, 'test_prepare_named_error');
    const good = { tenantId, flag: 1, count: 41, text: 'fine' };
    expect(await statement.execute(good)).toEqual([{ id: tenantId, flag: true, count: 42, text: 'fine' }]);
    // Not a uuid: PostgreSQL refuses the parameter when it binds it (invalid_text_representation).
    const failures = await Promise.allSettled(
      Array.from({ length: 12 }, () => statement.execute({ ...good, tenantId: 'not-a-uuid' })),
    );
    for (const failure of failures) {
      expect(failure.status).toBe('rejected');
      if (failure.status === 'rejected') expect(databaseCode(failure.reason)).toBe('22P02');
    }
    // An error while the row is computed (division by zero) as well.
    const divide = prepareNamed<{ n: number }>(
      db,
      db
        .select({ n: sql<number>`1 / ${sql.placeholder('d')}::int` })
        .from(tenants)
        .where(eq(tenants.id, sql.placeholder('tenantId'))),
      'test_prepare_named_divide',
      ['n'],
    );
    expect(await divide.execute({ tenantId, d: 1 })).toEqual([{ n: 1 }]);
    await expect(divide.execute({ tenantId, d: 0 })).rejects.toSatisfy(
      (error: unknown) => databaseCode(error) === '22012',
    );
    expect(await divide.execute({ tenantId, d: 1 })).toEqual([{ n: 1 }]);
    const after = await Promise.all(Array.from({ length: 12 }, () => statement.execute(good)));
    expect(after).toEqual(
      Array.from({ length: 12 }, () => [{ id: tenantId, flag: true, count: 42, text: 'fine' }]),
    );
  });

  it('refuses an execution without a value for one of its placeholders', async () => {
    const statement = tenantStatement(db, 'test_prepare_named_missing');
    await expect(statement.execute({ tenantId, flag: 1, count: 1 })).rejects.toThrow();
  });
});
