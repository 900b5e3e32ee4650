import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customerAccounts } from './accounts.ts';
import { users } from './identity.ts';
import { tenantIdColumn } from './tenants.ts';

/**
 * The household questionnaire of the energy insights (/net2grid, issue 12): one row per account
 * (the household at its premise), answered by any user linked to it; each answer may be null
 * ("rather not say"). The engine refines the usage breakdown with it.
 */
export const insightProfiles = pgTable('insight_profiles', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => customerAccounts.id, { onDelete: 'cascade' }),
  tenantId: tenantIdColumn(),
  householdSize: integer('household_size'),
  homeType: text('home_type'),
  floorAreaSqFt: integer('floor_area_sq_ft'),
  heatingFuel: text('heating_fuel'),
  waterHeatingFuel: text('water_heating_fuel'),
  hasEv: boolean('has_ev'),
  hasSolar: boolean('has_solar'),
  hasPool: boolean('has_pool'),
  /** Who saved the answers last. */
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
