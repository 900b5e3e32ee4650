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
 * A select as a named prepared statement. On PostgreSQL it goes straight through the pg pool as a
 * NamedExecution (below), without Drizzle's execute: its tracing spans, cache hook and result
 * mapping, and its query config with a type-parser closure, which pg copies property by property on
 * every query; about 8 % of a billing answer's CPU time. On PGlite it is Drizzle's own prepare. The
 * SQL text and its parameter order are Drizzle's on both.
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
  const statement: NamedStatementState = { name, text, parsers: undefined };
  return {
    async execute(input) {
      const values = slots.map((slot) => {
        if (slot.name === undefined) return slot.value;
        const value = input[slot.name];
        if (value === undefined) throw new Error(`No value for placeholder "${slot.name}" of ${name}`);
        return value;
      });
      // pg-pool answers a submittable given no callback with a promise of what it calls back with.
      const rows = (await (pool.query(
        new NamedExecution(statement, values) as unknown as pg.Submittable,
      ) as unknown)) as unknown[][];
      return rows.map((cells) => {
        const row: Record<string, unknown> = {};
        for (let index = 0; index < columns.length; index++) row[columns[index] as string] = cells[index];
        return row as Row;
      });
    },
  };
}

/** What a named statement keeps across its executions (and the pool's connections). */
interface NamedStatementState {
  name: string;
  text: string;
  /** Its columns' type parsers, from the first RowDescription PostgreSQL sent for it. */
  parsers: Array<(text: string) => unknown> | undefined;
}

/** The part of pg's Connection (lib/connection.js) that a query sends its messages with. */
interface WireConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
  parse(message: { text: string; name: string; types: unknown[] }): void;
  bind(message: { statement: string; values: unknown[]; valueMapper: (value: unknown) => unknown }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: Record<string, never>): void;
  sync(): void;
  close(message: { type: 'S'; name: string }): void;
  sendCopyFail(message: string): void;
}

type ExecutionCallback = (error: Error | null, rows?: unknown[][]) => void;

// pg's own conversion of a parameter to its text (null, Buffer, Date, array, object, toPostgres).
const prepareValue = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils
  .prepareValue;

/**
 * One execution of a named statement, as pg's Query would run it (parse once per connection, then
 * Bind/Execute/Sync, corked into one write; errors reach the caller as pg's DatabaseError), but
 * without asking PostgreSQL to describe the result again each time: the statement's type parsers
 * are kept from its first execution, so later ones send no Describe and parse no RowDescription
 * (a prepared statement's result columns cannot change: PostgreSQL refuses to run one whose result
 * type would). Rows come back as arrays. Also no Query, Result and promise of pg's per call. On the
 * bench database (2026-11-26, loaded machine, alternating runs) the server's CPU a transactionDetails
 * call went from 148-180 to 139-148 µs, getBillDetails from 139-160 to 120-134 µs.
 *
 * A statement whose result types changed under it (a migration on a running server) would be read
 * with the old parsers on a new connection; every prepareNamed column is text, boolean or integer.
 */
class NamedExecution {
  readonly name: string;
  readonly text: string;
  callback: ExecutionCallback | undefined;
  private readonly rows: unknown[][] = [];
  private failure: Error | undefined;
  private parsers: Array<(text: string) => unknown> | undefined;

  constructor(
    private readonly statement: NamedStatementState,
    private readonly values: unknown[],
  ) {
    this.name = statement.name;
    this.text = statement.text;
    this.parsers = statement.parsers;
  }

  /** As pg's Query.submit: an error returned here reaches handleError on the next tick. */
  submit(connection: WireConnection): Error | null {
    const { name, text } = this;
    const previous = connection.parsedStatements[name] ?? connection.submittedNamedStatements[name];
    if (previous !== undefined && previous !== text)
      return new Error(`Prepared statements must be unique - '${name}' was used for a different statement`);
    connection.stream.cork?.();
    try {
      if (previous === undefined) {
        connection.parse({ text, name, types: [] });
        connection.submittedNamedStatements[name] = text;
      }
      try {
        connection.bind({ statement: name, values: this.values, valueMapper: prepareValue });
      } catch (error) {
        connection.close({ type: 'S', name });
        connection.sync();
        this.handleError(error as Error);
        return null;
      }
      if (!this.parsers) connection.describe({ type: 'P', name: '' });
      connection.execute({});
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: { fields: Array<{ dataTypeID: number; format: string }> }): void {
    const parsers = message.fields.map((field) =>
      pg.types.getTypeParser(field.dataTypeID, field.format === 'binary' ? 'binary' : 'text'),
    ) as Array<(text: string) => unknown>;
    this.parsers = parsers;
    this.statement.parsers = parsers;
  }

  handleDataRow(message: { fields: Array<string | null> }): void {
    const parsers = this.parsers;
    if (!parsers) {
      this.failure ??= new Error(`No row description for ${this.name}`);
      return;
    }
    const { fields } = message;
    const row = new Array<unknown>(fields.length);
    try {
      for (let index = 0; index < fields.length; index++) {
        const cell = fields[index];
        row[index] =
          cell === null || cell === undefined ? null : (parsers[index] as (text: string) => unknown)(cell);
      }
    } catch (error) {
      this.failure ??= error as Error;
      return;
    }
    this.rows.push(row);
  }

  handleCommandComplete(): void {}

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: WireConnection): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {}

  handleError(error: Error): void {
    const callback = this.callback;
    this.callback = undefined;
    callback?.(this.failure ?? error);
  }

  handleReadyForQuery(): void {
    if (this.failure) {
      this.handleError(this.failure);
      return;
    }
    const callback = this.callback;
    this.callback = undefined;
    callback?.(null, this.rows);
  }
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
