import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { propertyType, serviceStatus, utilityType } from './enums.ts';
import { tariffs } from './tariffs.ts';
import { tenantIdColumn } from './tenants.ts';

/** A utility (billing) account, identified to customers by its 10-digit number and 4-digit PIN. */
export const customerAccounts = pgTable(
  'customer_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    accountNumber: text('account_number').notNull(),
    /** argon2id hash of the PIN; the PIN itself is never stored. */
    pinHash: text('pin_hash').notNull(),
    holderName: text('holder_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    mailingAddress: text('mailing_address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    paperless: boolean('paperless').notNull().default(false),
    openedOn: date('opened_on').notNull(),
    closedOn: date('closed_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_accounts_tenant_number').on(t.tenantId, t.accountNumber)],
);

/** A service location. */
export const premises = pgTable(
  'premises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    serviceAddress: text('service_address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    propertyType: propertyType('property_type').notNull().default('Residential'),
    squareFeet: integer('square_feet'),
    occupants: integer('occupants'),
    yearBuilt: integer('year_built'),
    heating: text('heating'),
    hasSolar: boolean('has_solar').notNull().default(false),
    solarKw: doublePrecision('solar_kw'),
    hasEv: boolean('has_ev').notNull().default(false),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (t) => [index('premises_account').on(t.accountId)],
);

/** A service agreement: one utility at one premise, billed on one tariff. */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    premiseId: uuid('premise_id')
      .notNull()
      .references(() => premises.id, { onDelete: 'cascade' }),
    utilityType: utilityType('utility_type').notNull(),
    tariffId: uuid('tariff_id').references(() => tariffs.id),
    status: serviceStatus('status').notNull().default('active'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
  },
  (t) => [index('services_account').on(t.accountId), index('services_premise').on(t.premiseId)],
);

export const meters = pgTable(
  'meters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    serialNumber: text('serial_number').notNull(),
    utilityType: utilityType('utility_type').notNull(),
    /** kWh, therm, gal. */
    unit: text('unit').notNull(),
    /** 15 for interval (AMI) meters; null for monthly-read meters. */
    intervalMinutes: integer('interval_minutes'),
    bidirectional: boolean('bidirectional').notNull().default(false),
    installedOn: date('installed_on').notNull(),
  },
  (t) => [
    uniqueIndex('meters_tenant_serial').on(t.tenantId, t.serialNumber),
    index('meters_service').on(t.serviceId),
  ],
);
