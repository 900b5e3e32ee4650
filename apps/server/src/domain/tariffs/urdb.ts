// The URDB (OpenEI Utility Rate Database) rate fields the engine understands, plus a few
// Gridfront extensions (lower-case like URDB's own) so gas, water and sewer tariffs share the shape.
import { checkSupportedFields } from './urdb-fields.ts';

export interface UrdbTier {
  rate?: number;
  /** Rider / fuel adjustment added to `rate`; may be negative. */
  adj?: number;
  /** Upper bound of the tier, cumulative over the billing period, in `unit`. */
  max?: number;
  /** Export price of the period (net billing). */
  sell?: number;
  /** kWh (monthly), kWh daily, kWh/kW, kWh/kW daily; absent means per billing period. */
  unit?: string;
}

export interface UrdbRateStructure {
  label?: string;
  name?: string;
  utility?: string;
  sector?: string;
  description?: string;
  /** Net Metering (default), Net Billing Instantaneous, Net Billing Hourly, Buy All Sell All. */
  dgrules?: string;
  /** Older records: true means net metering when dgrules is absent. */
  usenetmetering?: boolean;
  energyratestructure?: UrdbTier[][];
  /** 12 × 24: month (0 = January) × local clock hour → index into energyratestructure. */
  energyweekdayschedule?: number[][];
  energyweekendschedule?: number[][];
  demandratestructure?: UrdbTier[][];
  demandweekdayschedule?: number[][];
  demandweekendschedule?: number[][];
  flatdemandstructure?: UrdbTier[][];
  /** 12 values: month → index into flatdemandstructure. */
  flatdemandmonths?: number[];
  /** kW only; hp and kVA are rejected. */
  demandrateunit?: string;
  flatdemandunit?: string;
  demandunits?: string;
  /** Minutes over which demand is averaged: 15 or 60. */
  demandwindow?: number;
  /** 12 fractions: billing demand is at least this share of the highest demand of the previous 11 months. */
  demandratchetpercentage?: number[];
  /** URDB v8 billing-demand lookback: fraction, months back (0–11), or 12 flags of months looked at. */
  lookbackpercent?: number;
  lookbackrange?: number;
  lookbackmonths?: Array<boolean | number>;
  /** 12 monthly fuel adjustments in $/kWh. */
  fueladjustmentsmonthly?: number[];
  fixedchargefirstmeter?: number;
  fixedchargeeaaddl?: number;
  /** $/month (default), $/day or $/year. */
  fixedchargeunits?: string;
  /** Legacy $/month fixed charge. */
  fixedmonthlycharge?: number;
  mincharge?: number;
  minchargeunits?: string;
  minmonthlycharge?: number;
  /** Legacy annual minimum charge ($/year). */
  annualmincharge?: number;
  // Gridfront extensions.
  /** Unit of energy quantities: kWh (default), therm, gal, kgal. */
  usageunit?: string;
  /** $/unit credited for energy exported to the grid (net billing), unless the caller gives one. */
  exportcreditrate?: number;
  /** Display names of the energy periods, e.g. "Summer on-peak". */
  energyperiodnames?: string[];
  demandperiodnames?: string[];
  /** Display name of the energy (volume) charge, e.g. "Water usage"; default "Energy charge". */
  energychargename?: string;
  /** Display name of the fixed charge, e.g. "Customer charge". */
  fixedchargename?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTierMatrix(value: unknown): boolean {
  return Array.isArray(value) && value.every((period) => Array.isArray(period) && period.every(isRecord));
}

function isSchedule(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length === 12 &&
    value.every((row) => Array.isArray(row) && row.length === 24 && row.every(Number.isInteger))
  );
}

/**
 * Checks the shape of the fields the engine reads and rejects, by name, every field that would
 * change the price but is not implemented. Returns the foreign fields it ignores (see urdb-fields).
 * Memoised per object: a tariff is checked once however many bills it prices.
 */
export function validateUrdbRecord(record: UrdbRateStructure): Array<{ field: string; reason: string }> {
  const cached = validated.get(record);
  if (cached) return cached;
  const fields = record as unknown as Record<string, unknown>;
  checkShapes(fields);
  const ignored = checkSupportedFields(fields);
  validated.set(record, ignored);
  return ignored;
}

const validated = new WeakMap<UrdbRateStructure, Array<{ field: string; reason: string }>>();

/**
 * Reads one URDB record as published: a bare record or an API response `{ items: [record] }`.
 * Throws when a field the engine uses is malformed or not supported, so a bad tariff fails at
 * import, not at billing.
 */
export function readUrdbRecord(json: unknown): UrdbRateStructure {
  const found = isRecord(json) && Array.isArray(json.items) ? json.items[0] : json;
  if (!isRecord(found)) throw new TypeError('A URDB record is a JSON object');
  // API responses spell "not set" as null: read it as absent.
  const record = Object.fromEntries(Object.entries(found).filter(([, value]) => value !== null));
  validateUrdbRecord(record as UrdbRateStructure);
  return record as UrdbRateStructure;
}

function checkShapes(record: Record<string, unknown>): void {
  for (const field of ['energyratestructure', 'demandratestructure', 'flatdemandstructure']) {
    if (record[field] !== undefined && !isTierMatrix(record[field])) {
      throw new TypeError(`URDB field ${field} must be an array of periods, each an array of tiers`);
    }
  }
  for (const field of [
    'energyweekdayschedule',
    'energyweekendschedule',
    'demandweekdayschedule',
    'demandweekendschedule',
  ]) {
    if (record[field] !== undefined && !isSchedule(record[field])) {
      throw new TypeError(`URDB field ${field} must be 12 × 24 period indexes`);
    }
  }
  // Without its schedule every hour would fall in period 0 and the other periods go unpriced.
  const needs: Array<[string, string[]]> = [
    ['energyratestructure', ['energyweekdayschedule', 'energyweekendschedule']],
    ['demandratestructure', ['demandweekdayschedule', 'demandweekendschedule']],
    ['flatdemandstructure', ['flatdemandmonths']],
  ];
  for (const [structure, schedules] of needs) {
    const periods = Array.isArray(record[structure]) ? (record[structure] as unknown[]).length : 0;
    for (const schedule of schedules) {
      if (periods > 1 && record[schedule] === undefined) {
        throw new TypeError(`URDB field ${schedule} is missing, but ${structure} has ${periods} periods`);
      }
    }
  }
}
