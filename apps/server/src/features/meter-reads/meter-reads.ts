// Every read and write of interval meter data goes through here (interval_months, one row per
// meter and month; see month-rows.ts and interval-codec.ts). Each read is one indexed statement on
// the primary key (meter_id, month).
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.ts';
import { intervalMonths } from '../../db/schema/index.ts';
import {
  type DayTotals,
  type IntervalDay,
  mergeIntoMonthRows,
  monthOf,
  monthRowDays,
  monthRowTotals,
  type StoredDay,
} from './month-rows.ts';

export type { DayTotals, IntervalDay, StoredDay } from './month-rows.ts';

// bigint arrays come back as float8 so both drivers give numbers (exact to 2^53) and keep the nulls.
const dayTotalColumns = {
  month: sql<string>`${intervalMonths.month}::text`,
  importDayWh: sql<(number | null)[]>`${intervalMonths.importDayWh}::float8[]`,
  exportDayWh: sql<(number | null)[] | null>`${intervalMonths.exportDayWh}::float8[]`,
  generationDayWh: sql<(number | null)[] | null>`${intervalMonths.generationDayWh}::float8[]`,
  estimatedDays: intervalMonths.estimatedDays,
};

const monthsCovering = (meterId: string, from: string, to: string) =>
  and(
    eq(intervalMonths.meterId, meterId),
    gte(intervalMonths.month, monthOf(from)),
    lte(intervalMonths.month, to),
  );

/** All days of a meter in [from, to] (local dates, inclusive), in date order, decoded. */
export async function readIntervalDays(
  db: Database | Transaction,
  meterId: string,
  from: string,
  to: string,
): Promise<StoredDay[]> {
  const rows = await db
    .select({
      month: sql<string>`${intervalMonths.month}::text`,
      estimatedDays: intervalMonths.estimatedDays,
      intervals: intervalMonths.intervals,
    })
    .from(intervalMonths)
    .where(monthsCovering(meterId, from, to))
    .orderBy(asc(intervalMonths.month));
  return rows.flatMap(monthRowDays).filter((day) => day.date >= from && day.date <= to);
}

/** Per-day totals of a meter in [from, to], in date order, without decoding the readings. */
export async function readDayTotals(
  db: Database | Transaction,
  meterId: string,
  from: string,
  to: string,
): Promise<DayTotals[]> {
  const rows = await db
    .select(dayTotalColumns)
    .from(intervalMonths)
    .where(monthsCovering(meterId, from, to))
    .orderBy(asc(intervalMonths.month));
  return rows.flatMap(monthRowTotals).filter((day) => day.date >= from && day.date <= to);
}

/** The last local date with reads of the meter in `meterId` (a column or value), as text; null without reads. */
export function lastReadDateSql(meterId: AnyPgColumn | SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select (${intervalMonths.month} + cardinality(${intervalMonths.importDayWh}) - 1)::text
    from ${intervalMonths} where ${intervalMonths.meterId} = ${meterId}
    order by ${intervalMonths.month} desc limit 1)`;
}

/**
 * Stores days of one meter (each day once); a day already stored stays as it is. Each month is
 * read, merged and written back, so writers of one meter must take turns: run it in a transaction
 * that holds the meter's row lock (as the meter catch-up does). Returns how many days were new.
 */
export async function writeIntervalDays(
  tx: Transaction,
  tenantId: string,
  meterId: string,
  days: readonly IntervalDay[],
): Promise<number> {
  if (days.length === 0) return 0;
  const months = [...new Set(days.map((day) => monthOf(day.date)))];
  const existing = await tx
    .select({
      month: sql<string>`${intervalMonths.month}::text`,
      estimatedDays: intervalMonths.estimatedDays,
      intervals: intervalMonths.intervals,
    })
    .from(intervalMonths)
    .where(and(eq(intervalMonths.meterId, meterId), inArray(intervalMonths.month, months)))
    .for('update');
  const stored = new Map(existing.map((row) => [row.month, monthRowDays(row)]));
  const { rows, newDays } = mergeIntoMonthRows(stored, days);
  for (const row of rows) {
    const values = {
      tenantId,
      meterId,
      month: row.month,
      // Arrays keep their nulls (days without reads); the column type says number[] only.
      importDayWh: row.importDayWh as number[],
      exportDayWh: row.exportDayWh as number[] | null,
      generationDayWh: row.generationDayWh as number[] | null,
      estimatedDays: row.estimatedDays,
      intervals: row.intervals,
    };
    await tx
      .insert(intervalMonths)
      .values(values)
      .onConflictDoUpdate({
        target: [intervalMonths.meterId, intervalMonths.month],
        set: {
          importDayWh: values.importDayWh,
          exportDayWh: values.exportDayWh,
          generationDayWh: values.generationDayWh,
          estimatedDays: values.estimatedDays,
          intervals: values.intervals,
        },
      });
  }
  return newDays;
}
