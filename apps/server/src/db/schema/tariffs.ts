import { boolean, date, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { utilityType } from './enums.ts';
import { tenantIdColumn } from './tenants.ts';

/**
 * A rate schedule. `structure` follows OpenEI's Utility Rate Database (URDB) fields
 * (energyratestructure, energyweekdayschedule, fixedchargefirstmeter, …) so that real tariffs
 * can be imported as published; one tariff engine prices both bills and rate comparisons.
 */
export const tariffs = pgTable(
  'tariffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    utilityType: utilityType('utility_type').notNull(),
    sector: text('sector').notNull().default('Residential'),
    description: text('description').notNull().default(''),
    structure: jsonb('structure').$type<Record<string, unknown>>().notNull(),
    effectiveFrom: date('effective_from').notNull(),
    effectiveTo: date('effective_to'),
    sourceUri: text('source_uri'),
    /** Offered to customers: rate comparison compares against offered plans only (issue 14). */
    offered: boolean('offered').notNull().default(true),
  },
  (t) => [index('tariffs_tenant_code').on(t.tenantId, t.code)],
);
