import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  uuid,
} from 'drizzle-orm/pg-core';
import { meters } from './accounts.ts';
import { tenantIdColumn } from './tenants.ts';

/** bytea as a Uint8Array on both drivers (node-postgres gives a Buffer, which is one). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * Interval meter data: one row per meter and local month. The readings (import, export and solar
 * generation, Wh per interval; 96 a day on 15-minute meters, 92 or 100 on daylight-saving days)
 * are one compact byte string (features/meter-reads/interval-codec.ts), stored out of line
 * uncompressed (STORAGE EXTERNAL: it is dense already); the per-day totals sit beside it as small
 * arrays (index = day of month − 1, null for a day without reads, cut after the last day read), so
 * daily, monthly and yearly views never touch the readings. ~173 bytes per meter-day with the
 * index instead of ~640 for a row per day with int4 arrays (README, Interval storage).
 */
export const intervalMonths = pgTable(
  'interval_months',
  {
    tenantId: tenantIdColumn(),
    meterId: uuid('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    /** First day of the local month. */
    month: date('month').notNull(),
    /** Energy delivered to the premise per day, Wh. */
    importDayWh: bigint('import_day_wh', { mode: 'number' }).array().notNull(),
    /** Energy exported per day, Wh; null when no day of the month has an export channel. */
    exportDayWh: bigint('export_day_wh', { mode: 'number' }).array(),
    /** Solar production per day, Wh; null when no day of the month has a production meter. */
    generationDayWh: bigint('generation_day_wh', { mode: 'number' }).array(),
    /** Bit d−1 set when day d's reads are estimated. */
    estimatedDays: integer('estimated_days').notNull().default(0),
    intervals: bytea('intervals').notNull(),
  },
  (t) => [primaryKey({ columns: [t.meterId, t.month] })],
);

/** Monthly (manual or drive-by) reads for gas and water meters, and register reads generally. */
export const monthlyReads = pgTable(
  'monthly_reads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    meterId: uuid('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    readDate: date('read_date').notNull(),
    /** Cumulative register value. */
    registerValue: numeric('register_value', { precision: 14, scale: 3 }).notNull(),
    /** Consumption since the previous read, in the meter's unit. */
    consumption: numeric('consumption', { precision: 14, scale: 3 }).notNull(),
    estimated: boolean('estimated').notNull().default(false),
  },
  (t) => [index('monthly_reads_meter_date').on(t.meterId, t.readDate)],
);

/** Daily weather per tenant service area; drives the demo data and weather-normalised insights. */
export const weatherDaily = pgTable(
  'weather_daily',
  {
    tenantId: tenantIdColumn(),
    day: date('day').notNull(),
    meanTempC: doublePrecision('mean_temp_c').notNull(),
    minTempC: doublePrecision('min_temp_c').notNull(),
    maxTempC: doublePrecision('max_temp_c').notNull(),
    /** Heating and cooling degree days, base 18 °C. */
    heatingDegreeDays: doublePrecision('heating_degree_days').notNull(),
    coolingDegreeDays: doublePrecision('cooling_degree_days').notNull(),
    cloudCover: doublePrecision('cloud_cover').notNull(),
    sunHours: doublePrecision('sun_hours').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);
