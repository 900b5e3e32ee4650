// Fast row loading for seeding. Embedded PGlite: COPY from an in-memory blob (binary for the
// interval arrays, text for the rest). PostgreSQL: INSERT … SELECT FROM unnest(text arrays) in
// large batches, so each statement carries thousands of rows with a fixed number of parameters.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../db/client.ts';
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
  /** A sink for interval_reads rows; flush() writes what it holds. */
  intervalSink(tenantId: string): IntervalSink;
  query<T>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** Runs `work` with referential checks deferred where the driver allows (PGlite: replica role). */
  withFastLoad<T>(work: () => Promise<T>): Promise<T>;
}

export interface IntervalSink {
  add(
    meterId: string,
    epochDay: number,
    importWh: Int32Array,
    exportWh: Int32Array | null,
    importTotal: number,
    exportTotal: number,
  ): void;
  readonly pendingRows: number;
  flush(): Promise<void>;
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
  'tenant_id, meter_id, read_date, import_wh, export_wh, import_total_wh, export_total_wh, estimated';

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
      return {
        add(meterId, epochDay, importWh, exportWh, importTotal, exportTotal) {
          let meter = meterBytes.get(meterId);
          if (!meter) {
            meter = uuidBytes(meterId);
            meterBytes.set(meterId, meter);
          }
          buffer.add(tenant, meter, epochDay, importWh, exportWh, importTotal, exportTotal);
        },
        get pendingRows() {
          return buffer.rows;
        },
        async flush() {
          if (buffer.rows === 0) return;
          const blob = new Blob([buffer.finish().slice()]);
          buffer.reset();
          meterBytes.clear();
          await client.query(
            `copy interval_reads (${INTERVAL_COLUMNS}) from '/dev/blob' with (format binary)`,
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

function textArrayLiteral(values: Int32Array): string {
  return `{${values.join(',')}}`;
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
        { name: 'read_date', type: 'date' },
        { name: 'import_wh', type: 'int4[]' },
        { name: 'export_wh', type: 'int4[]' },
        { name: 'import_total_wh', type: 'int4' },
        { name: 'export_total_wh', type: 'int4' },
      ];
      return {
        add(meterId, epochDay, importWh, exportWh, importTotal, exportTotal) {
          const date = new Date(epochDay * 86_400_000).toISOString().slice(0, 10);
          rows.push([
            tenantId,
            meterId,
            date,
            textArrayLiteral(importWh),
            exportWh ? textArrayLiteral(exportWh) : null,
            importTotal,
            exportTotal,
          ]);
        },
        get pendingRows() {
          return rows.length;
        },
        async flush() {
          const pending = rows;
          rows = [];
          await insertRows('interval_reads', columns, pending);
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
