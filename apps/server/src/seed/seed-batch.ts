// What the per-account row builders share: the seed context and a batch of rows per table.
import type { DayConditions } from '../domain/load-profile/day-conditions.ts';
import type { Random } from '../domain/random/prng.ts';
import type { WeatherDay } from '../domain/weather/daily-weather.ts';
import type { BulkLoader, Cell, IntervalSink } from './bulk-load.ts';
import type { DemoTariffCode } from './demo-tariffs.ts';
import { COLUMNS } from './seed-columns.ts';

export type SeededTable = keyof typeof COLUMNS;

export interface SeedContext {
  seed: number;
  tenantId: string;
  /** One id stream for the whole seed (mulberry32's period, 2^32 draws, covers ~1M accounts). */
  ids: Random;
  today: string;
  startDate: string;
  endDate: string;
  days: DayConditions[];
  weatherByMonth: Map<string, WeatherDay[]>;
  tariffIds: Map<DemoTariffCode, string>;
  pinHashes: string[];
  demoPinHash: string;
  userIdByAccountIndex: Map<number, string>;
}

export function timestampAt(isoDate: string, hourUtc: number): string {
  return `${isoDate}T${String(hourUtc).padStart(2, '0')}:00:00Z`;
}

export class RowBatch {
  readonly rows = new Map<SeededTable, Cell[][]>();
  push(table: SeededTable, row: Cell[]): void {
    let list = this.rows.get(table);
    if (!list) {
      list = [];
      this.rows.set(table, list);
    }
    list.push(row);
  }
  count(table: SeededTable): number {
    return this.rows.get(table)?.length ?? 0;
  }
}

/** Parent tables first: PostgreSQL checks foreign keys row by row. */
const TABLE_ORDER: SeededTable[] = [
  'customer_accounts',
  'premises',
  'services',
  'meters',
  'user_accounts',
  'monthly_reads',
  'bills',
  'bill_segments',
  'bill_line_items',
  'payments',
  'ledger_entries',
  'autopay_enrollments',
  'test_processor_sources',
];

export async function flushBatch(loader: BulkLoader, batch: RowBatch, sink: IntervalSink): Promise<void> {
  for (const table of TABLE_ORDER) {
    const rows = batch.rows.get(table);
    if (rows && rows.length > 0) await loader.insertRows(table, COLUMNS[table], rows);
  }
  await sink.flush();
}
