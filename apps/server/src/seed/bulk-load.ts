// Fast row loading for seeding. Embedded PGlite: COPY from an in-memory blob (binary for the
// interval months, text for the rest). PostgreSQL: INSERT … SELECT FROM unnest(text arrays) in
// large batches, so each statement carries thousands of rows with a fixed number of parameters.
// Interval days become month rows (features/meter-reads) before they are written.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import {
  buildMonthRow,
  type IntervalDay,
  type IntervalMonthRow,
  monthOf,
} from '../features/meter-reads/month-rows.ts';
import { BinaryIntervalBuffer, uuidBytes } from './copy-binary.ts';

export type Cell = string | number | boolean | null;

export interface ColumnSpec {
  name: string;
  /** SQL type to cast the text value to, e.g. uuid, date, int8, jsonb, property_type. */
  type: string;
}

export interface BulkLoader {
  kind: 'pglite' | 'postgres';
  insertRows(table: string, columns: readonly ColumnSpec[], rows: readonly Cell[][]): Promise<void>;
  /** A sink for interval days; flush() writes what it holds as interval_months rows. */
  intervalSink(tenantId: string): IntervalSink;
  query<T>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** Runs `work` with referential checks deferred where the driver allows (PGlite: replica role). */
  withFastLoad<T>(work: () => Promise<T>): Promise<T>;
}

export interface IntervalSink {
  /** The next day of a meter: a meter's days come together, in date order. */
  add(meterId: string, day: IntervalDay): void;
  /** Days held, not yet written. */
  readonly pendingRows: number;
  flush(): Promise<void>;
}

/**
 * Collects a meter's days into month rows; `write` gets each finished month. The arrays of a day
 * are kept, not copied: the seed's streams allocate new ones every day.
 */
function monthCollector(write: (meterId: string, row: IntervalMonthRow) => void) {
  let meterId = '';
  let month = '';
  let days: IntervalDay[] = [];
  let pending = 0;
  const close = () => {
    if (days.length > 0) write(meterId, buildMonthRow(days));
    days = [];
  };
  return {
    add(nextMeterId: string, day: IntervalDay) {
      if (nextMeterId !== meterId || monthOf(day.date) !== month) {
        close();
        meterId = nextMeterId;
        month = monthOf(day.date);
      }
      days.push(day);
      pending++;
    },
    get pending() {
      return pending;
    },
    /** Finishes the open month; the caller then writes everything collected. */
    finish() {
      close();
      pending = 0;
    },
  };
}

function copyText(value: Cell): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (ch) =>
    ch === '\\' ? '\\\\' : ch === '\t' ? '\\t' : ch === '\n' ? '\\n' : '\\r',
  );
}

function dbClient(db: Database): unknown {
  // Drizzle keeps the driver client on `$client`; the seed needs it for COPY and batched arrays.
  return (db as unknown as { $client?: unknown }).$client;
}

const INTERVAL_COLUMNS =
  'tenant_id, meter_id, month, import_day_wh, export_day_wh, generation_day_wh, estimated_days, intervals';

function pgliteLoader(client: PGlite): BulkLoader {
  return {
    kind: 'pglite',
    async insertRows(table, columns, rows) {
      if (rows.length === 0) return;
      const lines: string[] = [];
      for (const row of rows) lines.push(`${row.map(copyText).join('\t')}\n`);
      const names = columns.map((c) => c.name).join(', ');
      await client.query(`copy ${table} (${names}) from '/dev/blob'`, [], { blob: new Blob(lines) });
    },
    intervalSink(tenantId) {
      const tenant = uuidBytes(tenantId);
      const buffer = new BinaryIntervalBuffer();
      const meterBytes = new Map<string, Uint8Array>();
      const months = monthCollector((meterId, row) => {
        let meter = meterBytes.get(meterId);
        if (!meter) {
          meter = uuidBytes(meterId);
          meterBytes.set(meterId, meter);
        }
        buffer.add(tenant, meter, row);
      });
      return {
        add: (meterId, day) => months.add(meterId, day),
        get pendingRows() {
          return months.pending;
        },
        async flush() {
          months.finish();
          if (buffer.rows === 0) return;
          const blob = new Blob([buffer.finish().slice()]);
          buffer.reset();
          meterBytes.clear();
          await client.query(
            `copy interval_months (${INTERVAL_COLUMNS}) from '/dev/blob' with (format binary)`,
            [],
            {
              blob,
            },
          );
        },
      };
    },
    async query<T>(sqlText: string, params: unknown[] = []) {
      return (await client.query<T>(sqlText, params)).rows;
    },
    async withFastLoad(work) {
      // Foreign keys are fired as triggers; a replica session skips them. The seed writes parents first anyway.
      await client.exec('set session_replication_role = replica');
      try {
        return await work();
      } finally {
        await client.exec('set session_replication_role = default');
      }
    },
  };
}

const PG_BATCH_ROWS = 4000;

function textArrayLiteral(values: (number | null)[] | null): string | null {
  return values && `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`;
}

function postgresLoader(pool: pg.Pool): BulkLoader {
  const insertRows = async (table: string, columns: readonly ColumnSpec[], rows: readonly Cell[][]) => {
    const names = columns.map((c) => c.name).join(', ');
    const selects = columns.map((c, i) => `c${i}::${c.type}`).join(', ');
    const unnest = columns.map((_, i) => `$${i + 1}::text[]`).join(', ');
    const aliases = columns.map((_, i) => `c${i}`).join(', ');
    const sqlText = `insert into ${table} (${names}) select ${selects} from unnest(${unnest}) as u(${aliases})`;
    for (let start = 0; start < rows.length; start += PG_BATCH_ROWS) {
      const chunk = rows.slice(start, start + PG_BATCH_ROWS);
      const params = columns.map((_, i) =>
        chunk.map((row) => {
          const value = row[i] ?? null;
          return value === null ? null : typeof value === 'boolean' ? (value ? 't' : 'f') : String(value);
        }),
      );
      await pool.query(sqlText, params);
    }
  };
  return {
    kind: 'postgres',
    insertRows,
    intervalSink(tenantId) {
      let rows: Cell[][] = [];
      const columns: ColumnSpec[] = [
        { name: 'tenant_id', type: 'uuid' },
        { name: 'meter_id', type: 'uuid' },
        { name: 'month', type: 'date' },
        { name: 'import_day_wh', type: 'int8[]' },
        { name: 'export_day_wh', type: 'int8[]' },
        { name: 'generation_day_wh', type: 'int8[]' },
        { name: 'estimated_days', type: 'int4' },
        { name: 'intervals', type: 'bytea' },
      ];
      const months = monthCollector((meterId, row) => {
        rows.push([
          tenantId,
          meterId,
          row.month,
          textArrayLiteral(row.importDayWh),
          textArrayLiteral(row.exportDayWh),
          textArrayLiteral(row.generationDayWh),
          row.estimatedDays,
          `\\x${Buffer.from(row.intervals.buffer, row.intervals.byteOffset, row.intervals.length).toString('hex')}`,
        ]);
      });
      return {
        add: (meterId, day) => months.add(meterId, day),
        get pendingRows() {
          return months.pending;
        },
        async flush() {
          months.finish();
          const pending = rows;
          rows = [];
          await insertRows('interval_months', columns, pending);
        },
      };
    },
    async query<T>(sqlText: string, params: unknown[] = []) {
      return (await pool.query(sqlText, params)).rows as T[];
    },
    withFastLoad: (work) => work(),
  };
}

export function bulkLoaderFor(db: Database): BulkLoader {
  const client = dbClient(db);
  if (client instanceof PGlite) return pgliteLoader(client);
  if (client instanceof pg.Pool) return postgresLoader(client);
  throw new TypeError('The seed needs a Drizzle database on PGlite or node-postgres');
}
