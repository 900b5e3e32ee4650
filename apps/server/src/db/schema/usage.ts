import {
  boolean,
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

/**
 * Interval meter data: one row per meter per local day, each channel an array of readings in Wh
 * (96 for 15-minute meters; 92 or 100 on daylight-saving days). 100k accounts × 2 years stays
 * an ordinary table of ~73M rows instead of ~7G rows.
 */
export const intervalReads = pgTable(
  'interval_reads',
  {
    tenantId: tenantIdColumn(),
    meterId: uuid('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    readDate: date('read_date').notNull(),
    /** Energy delivered to the premise per interval, Wh. */
    importWh: integer('import_wh').array().notNull(),
    /** Energy exported to the grid per interval (rooftop solar), Wh; null without a bidirectional meter. */
    exportWh: integer('export_wh').array(),
    /** Totals kept beside the arrays so monthly and yearly sums never unnest. */
    importTotalWh: integer('import_total_wh').notNull(),
    exportTotalWh: integer('export_total_wh').notNull().default(0),
    estimated: boolean('estimated').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.meterId, t.readDate] })],
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
