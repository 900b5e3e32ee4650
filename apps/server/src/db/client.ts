// Opens the one database the product runs on: embedded PGlite by default, PostgreSQL when
// DATABASE_URL is set. Both speak the same SQL and share one Drizzle schema.
import { PGlite } from '@electric-sql/pglite';
import { is, Placeholder } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { secureDataDir } from './data-dir.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool behind `db`, when on PostgreSQL. */
  pool?: pg.Pool;
  /** Runs a plain SQL string (several statements allowed); used by migrations and tests. */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; omitted means in memory. */
  dataDir?: string | undefined;
  /** A PGlite data dump (from dumpDataDir) to start from instead of initdb: tests use a migrated snapshot. */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
  /** Where to say what happened to the database out of band (a lost connection, a tightened folder). */
  log?: (line: string) => void;
}

// A connection attempt to an unreachable server fails after this instead of hanging a request.
const CONNECT_TIMEOUT_MS = 5_000;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const log = options.log ?? ((line: string) => console.warn(line));
  if (options.databaseUrl) {
    // Every session speaks UTC so that timestamps and date arithmetic agree across instances.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      options: '-c TimeZone=UTC',
    });
    keepAliveThroughRestarts(pool, log);
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    poolByDatabase.set(db, pool);
    return {
      db,
      kind: 'postgres',
      pool,
      exec: async (sqlText) => {
        await pool.query(sqlText);
      },
      close: () => pool.end(),
    };
  }
  const { dataDir } = options;
  if (dataDir) {
    const tightened = secureDataDir(dataDir);
    if (tightened > 0)
      log(`Made ${tightened} entries of ${dataDir} private to this account (they were open to others).`);
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // initdb has just written the files of a new folder world-readable: make them private at once.
  if (dataDir) secureDataDir(dataDir);
  await client.exec("set time zone 'UTC'");
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    close: async () => {
      await client.close();
      // Files PGlite created while running are private too, not only by the folder around them.
      if (dataDir) secureDataDir(dataDir);
    },
  };
}

const poolByDatabase = new WeakMap<Database, pg.Pool>();

/** A select run as a named prepared statement (see prepareNamed). */
export interface NamedStatement<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

/** What prepareNamed needs of a Drizzle select (before its own prepare). */
export interface NamedSelect<Row> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row[]> };
}

/**
 * A select as a named prepared statement. On PostgreSQL it goes straight through the pg pool as
 * `{ name, text, values }` (each connection parses it once), without Drizzle's execute: its tracing
 * spans, cache hook and result mapping, and its query config with a type-parser closure, which pg
 * copies property by property on every query; about 8 % of a billing answer's CPU time. On PGlite it
 * is Drizzle's own prepare. The SQL text and its parameter order are Drizzle's on both.
 *
 * `columns` names the select's fields in their order; each must be a plain value that pg's default
 * parsers read as Drizzle would (text, boolean, integer: not a date or timestamp, which pg would
 * turn into a Date where Drizzle keeps the text).
 */
export function prepareNamed<Row>(
  db: Database,
  query: NamedSelect<Row>,
  name: string,
  columns: readonly (keyof Row & string)[],
): NamedStatement<Row> {
  const pool = poolByDatabase.get(db);
  if (!pool) return query.prepare(name) as NamedStatement<Row>;
  const { sql: text, params } = query.toSQL();
  const slots = params.map((param) => (is(param, Placeholder) ? { name: param.name } : { value: param }));
  // pg copies a query's config (normalizeQueryConfig) with Object.getOwnPropertyDescriptors and
  // defineProperties, about 3 µs a query: the statement's own fields sit on a prototype built once,
  // so each call's config has no own property to copy, and its values go in pg's own argument.
  const config: pg.QueryArrayConfig = { name, text, rowMode: 'array' };
  return {
    async execute(input) {
      const values = slots.map((slot) => {
        if (slot.name === undefined) return slot.value;
        const value = input[slot.name];
        if (value === undefined) throw new Error(`No value for placeholder "${slot.name}" of ${name}`);
        return value;
      });
      const result = await pool.query<unknown[]>(Object.create(config) as pg.QueryArrayConfig, values);
      return result.rows.map((cells) => {
        const row: Record<string, unknown> = {};
        for (let index = 0; index < columns.length; index++) row[columns[index] as string] = cells[index];
        return row as Row;
      });
    },
  };
}

/**
 * Without an 'error' listener, a connection that PostgreSQL drops while it sits idle in the pool
 * (a restart, a failover, an administrator's pg_terminate_backend) is an uncaught error that ends
 * the process. With one, the pool discards the dead connection and opens a new one on demand, so
 * requests fail only while the server is really away. Checked-out connections get a listener too:
 * one can die between the queries of a transaction, and pg then emits the error on the client.
 */
function keepAliveThroughRestarts(pool: pg.Pool, log: (line: string) => void): void {
  pool.on('error', (error) => log(`Database connection lost (${error.message}); it will be reopened.`));
  pool.on('connect', (client) => {
    client.on('error', () => {
      // The query in flight (if any) has failed with this error; the pool drops the broken client.
    });
  });
}
