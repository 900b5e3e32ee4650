import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { utilityType } from './enums.ts';
import { users } from './identity.ts';
import { tenantIdColumn } from './tenants.ts';

/**
 * A Green Button file a customer uploaded to see it on the usage charts. It belongs to the user,
 * not to an account: it may come from another utility, so it is deleted with the user.
 */
export const usageUploads = pgTable(
  'usage_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The file name as uploaded, or the feed's title. */
    name: text('name').notNull(),
    utilityType: utilityType('utility_type').notNull(),
    /** Unit of the stored values: Wh for electricity (converted from the file), else the file's unit. */
    unit: text('unit').notNull(),
    /** The file's ESPI unit-of-measure code and power of ten, kept to explain the conversion. */
    uom: integer('uom'),
    powerOfTenMultiplier: integer('power_of_ten_multiplier'),
    /** LocalTimeParameters when the file has them (seconds east of UTC; rules as ESPI encodes them). */
    tzOffsetSeconds: integer('tz_offset_seconds'),
    dstOffsetSeconds: integer('dst_offset_seconds'),
    dstStartRule: text('dst_start_rule'),
    dstEndRule: text('dst_end_rule'),
    firstReadingAt: timestamp('first_reading_at', { withTimezone: true }).notNull(),
    lastReadingAt: timestamp('last_reading_at', { withTimezone: true }).notNull(),
    /** The usual interval length; null when the file mixes lengths (monthly gas reads). */
    intervalSeconds: integer('interval_seconds'),
    readingCount: integer('reading_count').notNull(),
    /** Shown to the user beside the upload (e.g. "not schema-valid, data read anyway"). */
    warnings: text('warnings').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usage_uploads_user_created').on(t.userId, t.createdAt)],
);

/**
 * An upload's readings, one row per direction per UTC day as parallel arrays: a year of
 * 15-minute data is ~730 rows instead of ~70k, and a date range still selects whole rows.
 */
export const usageUploadReadings = pgTable(
  'usage_upload_readings',
  {
    tenantId: tenantIdColumn(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => usageUploads.id, { onDelete: 'cascade' }),
    /** 'import' (delivered to the premise) or 'export' (solar fed to the grid). */
    direction: text('direction').notNull(),
    /** Unix seconds of the first and last interval start in the row, for range selection. */
    firstStart: bigint('first_start', { mode: 'number' }).notNull(),
    lastStart: bigint('last_start', { mode: 'number' }).notNull(),
    starts: bigint('starts', { mode: 'number' }).array().notNull(),
    durations: integer('durations').array().notNull(),
    /** Wh for electricity, else the upload's unit. */
    values: doublePrecision('values').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.uploadId, t.direction, t.firstStart] }),
    check('usage_upload_readings_direction', sql`${t.direction} in ('import', 'export')`),
  ],
);
