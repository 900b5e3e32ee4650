// Which URDB fields the engine prices, which it may ignore, and the clear error for the rest:
// a field that changes the price is either implemented or rejected by name, never skipped.
import { FOREIGN_IGNORED_FIELDS, METADATA_FIELDS, PRICED_FIELDS } from './urdb-field-names.ts';

const DGRULES = new Set([
  'Net Metering',
  'Net Billing Instantaneous',
  'Net Billing Hourly',
  'Buy All Sell All',
]);
const ENERGY_UNITS = new Set(['kwh', 'kwh daily', 'kwh/kw', 'kwh/kw daily']);
const CHARGE_UNITS = new Set(['$/month', '$/day', '$/year']);
const TIER_FIELDS = new Set(['rate', 'adj', 'max', 'sell', 'unit']);

export class UnsupportedTariffError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`Unsupported URDB field ${field}: ${message}`);
    this.name = 'UnsupportedTariffError';
  }
}

function isPresent(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function isNonZeroNumber(value: unknown): boolean {
  return typeof value === 'number' && value !== 0;
}

function checkTiers(field: string, value: unknown, energy: boolean): void {
  if (!Array.isArray(value)) return;
  value.forEach((period: unknown, p) => {
    if (!Array.isArray(period)) return;
    period.forEach((tier: unknown, t) => {
      if (typeof tier !== 'object' || tier === null) return;
      const where = `${field}[${p}][${t}]`;
      for (const [key, entry] of Object.entries(tier)) {
        if (!TIER_FIELDS.has(key)) throw new UnsupportedTariffError(`${where}.${key}`, 'unknown tier field');
        if (key !== 'unit' && typeof entry !== 'number') {
          throw new UnsupportedTariffError(
            `${where}.${key}`,
            `expected a number, got ${JSON.stringify(entry)}`,
          );
        }
      }
      const unit = (tier as { unit?: unknown }).unit;
      if (unit === undefined) return;
      const normalised = typeof unit === 'string' ? unit.trim().toLowerCase() : '';
      const known = energy ? ENERGY_UNITS.has(normalised) : normalised === 'kw';
      if (!known) {
        throw new UnsupportedTariffError(
          `${where}.unit`,
          `unit ${JSON.stringify(unit)} is not one of ${energy ? 'kWh, kWh daily, kWh/kW, kWh/kW daily' : 'kW'}`,
        );
      }
    });
  });
}

function checkScheduleIndexes(record: Record<string, unknown>, schedule: string, structure: string): void {
  const rows = record[schedule];
  if (!Array.isArray(rows)) return;
  const periods = Array.isArray(record[structure]) ? (record[structure] as unknown[]).length : 0;
  for (const [month, row] of rows.entries()) {
    const cells: unknown[] = Array.isArray(row) ? row : [row];
    for (const cell of cells) {
      if (typeof cell !== 'number' || !Number.isInteger(cell) || cell < 0 || cell >= periods) {
        throw new UnsupportedTariffError(
          schedule,
          `month ${month + 1} refers to period ${JSON.stringify(cell)}, but ${structure} has ${periods} period(s)`,
        );
      }
    }
  }
}

function checkFraction(field: string, value: unknown): void {
  const values = Array.isArray(value) ? value : [value];
  for (const entry of values) {
    if (typeof entry !== 'number' || entry < 0 || entry > 1) {
      throw new UnsupportedTariffError(field, `expected fractions from 0 to 1, got ${JSON.stringify(entry)}`);
    }
  }
}

function checkValues(record: Record<string, unknown>): void {
  const text = (field: string) => {
    const value = record[field];
    return typeof value === 'string' ? value.trim() : value;
  };
  const dgrules = text('dgrules');
  if (dgrules !== undefined && !DGRULES.has(String(dgrules))) {
    throw new UnsupportedTariffError('dgrules', `${JSON.stringify(dgrules)} is not a known metering rule`);
  }
  for (const field of ['fixedchargeunits', 'minchargeunits']) {
    const units = text(field);
    if (units !== undefined && !CHARGE_UNITS.has(String(units))) {
      throw new UnsupportedTariffError(field, `${JSON.stringify(units)} is not $/month, $/day or $/year`);
    }
  }
  for (const field of ['demandrateunit', 'flatdemandunit', 'demandunits', 'coincidentrateunit']) {
    const unit = text(field);
    if (unit !== undefined && String(unit).toLowerCase() !== 'kw') {
      throw new UnsupportedTariffError(field, `demand in ${JSON.stringify(unit)} is not supported, only kW`);
    }
  }
  for (const field of ['coincidentratestructure', 'coincidentrateschedule']) {
    if (isPresent(record[field])) {
      throw new UnsupportedTariffError(field, 'coincident peak demand charges are not supported');
    }
  }
  if (isNonZeroNumber(record.demandreactivepowercharge)) {
    throw new UnsupportedTariffError(
      'demandreactivepowercharge',
      'reactive power (kVAR) charges are not supported',
    );
  }
  const window = record.demandwindow;
  if (window !== undefined && window !== 15 && window !== 60) {
    throw new UnsupportedTariffError(
      'demandwindow',
      `a ${JSON.stringify(window)}-minute demand window is not supported`,
    );
  }
  checkTiers('energyratestructure', record.energyratestructure, true);
  checkTiers('demandratestructure', record.demandratestructure, false);
  checkTiers('flatdemandstructure', record.flatdemandstructure, false);
  checkScheduleIndexes(record, 'energyweekdayschedule', 'energyratestructure');
  checkScheduleIndexes(record, 'energyweekendschedule', 'energyratestructure');
  checkScheduleIndexes(record, 'demandweekdayschedule', 'demandratestructure');
  checkScheduleIndexes(record, 'demandweekendschedule', 'demandratestructure');
  checkScheduleIndexes(record, 'flatdemandmonths', 'flatdemandstructure');
  for (const field of ['demandratchetpercentage', 'lookbackpercent']) {
    if (record[field] !== undefined) checkFraction(field, record[field]);
  }
  const ratchets = record.demandratchetpercentage;
  if (ratchets !== undefined && (!Array.isArray(ratchets) || ratchets.length !== 12)) {
    throw new UnsupportedTariffError('demandratchetpercentage', 'expected 12 monthly fractions');
  }
  const lookbackMonths = record.lookbackmonths;
  if (lookbackMonths !== undefined && (!Array.isArray(lookbackMonths) || lookbackMonths.length !== 12)) {
    throw new UnsupportedTariffError('lookbackmonths', 'expected 12 monthly flags');
  }
  const range = record.lookbackrange;
  if (
    range !== undefined &&
    (typeof range !== 'number' || !Number.isInteger(range) || range < 0 || range > 11)
  ) {
    throw new UnsupportedTariffError(
      'lookbackrange',
      `expected 0 to 11 months, got ${JSON.stringify(range)}`,
    );
  }
  checkBillingDemandTarget(record);
  const fuel = record.fueladjustmentsmonthly;
  if (
    fuel !== undefined &&
    (!Array.isArray(fuel) || fuel.length !== 12 || !fuel.every((v) => typeof v === 'number'))
  ) {
    throw new UnsupportedTariffError('fueladjustmentsmonthly', 'expected 12 monthly $/kWh adjustments');
  }
}

/** Ratchets and lookbacks raise the billing demand of flat demand charges and kWh/kW tiers only. */
function checkBillingDemandTarget(record: Record<string, unknown>): void {
  const ratchets = Array.isArray(record.demandratchetpercentage) ? record.demandratchetpercentage : [];
  const field = ratchets.some((share) => typeof share === 'number' && share > 0)
    ? 'demandratchetpercentage'
    : isNonZeroNumber(record.lookbackpercent)
      ? 'lookbackpercent'
      : null;
  if (field === null || isPresent(record.flatdemandstructure)) return;
  const energy = Array.isArray(record.energyratestructure) ? record.energyratestructure : [];
  const perKw = energy.some(
    (period: unknown) =>
      Array.isArray(period) &&
      period.some((tier: { unit?: unknown }) =>
        String(tier?.unit ?? '')
          .toLowerCase()
          .startsWith('kwh/kw'),
      ),
  );
  if (!perKw) {
    throw new UnsupportedTariffError(
      field,
      'a ratchet or lookback on time-of-use demand charges is not supported (only on flat demand and kWh/kW tiers)',
    );
  }
}

/**
 * Throws an UnsupportedTariffError naming the first field that would change the price but is
 * unknown or not implemented. Returns the foreign (non-URDB) fields it ignored, with the reason.
 */
export function checkSupportedFields(
  record: Record<string, unknown>,
): Array<{ field: string; reason: string }> {
  const ignored: Array<{ field: string; reason: string }> = [];
  for (const field of Object.keys(record)) {
    if (METADATA_FIELDS.has(field) || PRICED_FIELDS.has(field)) continue;
    const reason = FOREIGN_IGNORED_FIELDS.get(field);
    if (reason) ignored.push({ field, reason });
    else
      throw new UnsupportedTariffError(field, 'not a URDB field the engine knows; it may change the price');
  }
  checkValues(record);
  return ignored;
}
