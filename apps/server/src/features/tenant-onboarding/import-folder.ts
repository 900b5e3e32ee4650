// Issue 14, onboarding: a utility's data from a folder (format: ./README.md, example: ./example/).
// Every file is read and every row checked before anything is written; a bad row is reported as
// "file:line: field: problem" (all of them, not only the first) and nothing is loaded. When all is
// well the whole folder is loaded in ONE transaction: an import is all or nothing.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { PROPERTY_TYPES, UTILITY_TYPES } from '@gridfront/contracts';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  auditLog,
  bills,
  customerAccounts,
  ledgerEntries,
  meters,
  premises,
  services,
  tariffs,
  tenants,
} from '../../db/schema/index.ts';
import { localClock, localDayLayout, SLOT_MS } from '../../domain/calendar/local-day.ts';
import { readUrdbRecord } from '../../domain/tariffs/index.ts';
import { hashPassword } from '../auth/password.ts';
import { storeBillAnswerParts } from '../billing/bill-answer-parts.ts';
import { GreenButtonFileError, readEspiFeed } from '../green-button/espi-reader.ts';
import { interpretUpload } from '../green-button/espi-upload.ts';
import { type IntervalDay, writeIntervalDays } from '../meter-reads/meter-reads.ts';

/** A bad folder: every problem found, each "file:line: message". Nothing was written. */
export class ImportError extends Error {
  override name = 'ImportError';
  constructor(readonly problems: string[]) {
    super(
      `${problems.length} problem${problems.length === 1 ? '' : 's'} found; nothing was imported:\n${problems.join('\n')}`,
    );
  }
}

export interface ImportSummary {
  customers: number;
  premises: number;
  services: number;
  meters: number;
  tariffs: number;
  bills: number;
  /** Whole days of 15-minute reads stored from the Green Button files. */
  intervalDays: number;
  /** Days of a Green Button file left out because they were incomplete (first or last day cut). */
  partialDaysSkipped: number;
}

const date = z.iso.date('must be a date YYYY-MM-DD');
const optionalText = z.string().trim().default('');
const bool = z
  .enum(['true', 'false', 'yes', 'no', '1', '0', ''], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === 'yes' || value === '1');
const money = z
  .string()
  .regex(/^-?\d{1,9}(\.\d{1,2})?$/, 'must be an amount in dollars such as 84.12')
  .transform((value) => Math.round(Number(value) * 100));
const optionalInt = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^(\d+)?$/, 'must be a whole number')
    .transform((value) => (value === '' ? null : Number(value)))
    .refine((value) => value === null || (value >= min && value <= max), `must be between ${min} and ${max}`);

const customerRow = z.object({
  account_number: z.string().regex(/^\d{10}$/, 'must be 10 digits'),
  pin: z.string().regex(/^\d{4}$/, 'must be 4 digits'),
  holder_name: z.string().trim().min(1, 'is required'),
  email: z.email('is not a valid e-mail address'),
  phone: optionalText,
  mailing_address: z.string().trim().min(1, 'is required'),
  city: z.string().trim().min(1, 'is required'),
  state: z.string().trim().min(1, 'is required'),
  zip: z.string().regex(/^\d{5}(-\d{4})?$/, 'must be a ZIP code'),
  paperless: bool,
  opened_on: date,
});
const premiseRow = z.object({
  premise_id: z.string().trim().min(1, 'is required'),
  account_number: z.string().regex(/^\d{10}$/, 'must be 10 digits'),
  service_address: z.string().trim().min(1, 'is required'),
  city: z.string().trim().min(1, 'is required'),
  state: z.string().trim().min(1, 'is required'),
  zip: z.string().regex(/^\d{5}(-\d{4})?$/, 'must be a ZIP code'),
  property_type: z.enum(PROPERTY_TYPES, { message: `must be one of ${PROPERTY_TYPES.join(', ')}` }),
  square_feet: optionalInt(50, 1_000_000),
  has_solar: bool,
});
const serviceRow = z.object({
  service_id: z.string().trim().min(1, 'is required'),
  premise_id: z.string().trim().min(1, 'is required'),
  utility_type: z.enum(UTILITY_TYPES, { message: `must be one of ${UTILITY_TYPES.join(', ')}` }),
  tariff_code: optionalText,
  start_date: date,
});
const meterRow = z.object({
  serial_number: z.string().trim().min(1, 'is required'),
  service_id: z.string().trim().min(1, 'is required'),
  unit: z.enum(['kWh', 'therm', 'gal', 'ccf'], { message: 'must be kWh, therm, gal or ccf' }),
  interval_minutes: optionalInt(15, 15),
  installed_on: date,
});
const billRow = z.object({
  bill_number: z.string().trim().min(1, 'is required'),
  account_number: z.string().regex(/^\d{10}$/, 'must be 10 digits'),
  period_start: date,
  period_end: date,
  bill_date: date,
  due_date: date,
  current_charges: money,
  amount_due: money,
  status: z.enum(['open', 'partial', 'paid', 'void'], { message: 'must be open, partial, paid or void' }),
});

type Rows<S extends z.ZodType> = Array<{ line: number; row: z.output<S> }>;

/** Reads one CSV file of the folder with its header; rows that fail the schema become problems. */
function readCsv<S extends z.ZodObject>(
  dir: string,
  file: string,
  schema: S,
  problems: string[],
  required: boolean,
  /** Every row as written, the refused ones too: references to a refused row are not reported again. */
  written: Array<Record<string, string>> = [],
): Rows<S> {
  const path = join(dir, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    if (required) problems.push(`${file}: the file is missing`);
    return [];
  }
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parse(text, { columns: true, info: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    problems.push(`${file}${line ? `:${line}` : ''}: ${(error as Error).message}`);
    return [];
  }
  const expected = Object.keys(schema.shape);
  const header = records[0] ? Object.keys(records[0].record) : [];
  const missing = expected.filter((column) => !header.includes(column) && !isOptionalColumn(schema, column));
  if (records.length > 0 && missing.length > 0) {
    problems.push(`${file}:1: missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
    return [];
  }
  const rows: Rows<S> = [];
  for (const { record, info } of records) {
    written.push(record);
    const parsed = schema.safeParse(Object.fromEntries(expected.map((key) => [key, record[key] ?? ''])));
    if (parsed.success) rows.push({ line: info.lines, row: parsed.data });
    else
      for (const issue of parsed.error.issues) {
        problems.push(`${file}:${info.lines}: ${issue.path.join('.')}: ${issue.message}`);
      }
  }
  return rows;
}

function isOptionalColumn(schema: z.ZodObject, column: string): boolean {
  return schema.shape[column]?.safeParse('').success ?? false;
}

/** Reports every value of `key` seen twice in a file. */
function checkUnique<T>(
  file: string,
  rows: Array<{ line: number; row: T }>,
  key: (row: T) => string,
  what: string,
  problems: string[],
) {
  const seen = new Map<string, number>();
  for (const { line, row } of rows) {
    const value = key(row);
    const first = seen.get(value);
    if (first !== undefined) problems.push(`${file}:${line}: ${what} ${value} is already on line ${first}`);
    else seen.set(value, line);
  }
}

interface TariffFile {
  code: string;
  file: string;
  name: string;
  sector: string;
  description: string;
  effectiveFrom: string;
  sourceUri: string | null;
  structure: Record<string, unknown>;
}

function readTariffs(dir: string, problems: string[]): TariffFile[] {
  const folder = join(dir, 'tariffs');
  let names: string[];
  try {
    names = readdirSync(folder)
      .filter((name) => extname(name) === '.json')
      .sort();
  } catch {
    return [];
  }
  const found: TariffFile[] = [];
  for (const name of names) {
    const file = `tariffs/${name}`;
    try {
      const record = readUrdbRecord(JSON.parse(readFileSync(join(folder, name), 'utf8')));
      const fields = record as unknown as Record<string, unknown>;
      const start =
        typeof fields.startdate === 'number'
          ? new Date(fields.startdate * 1000)
          : typeof fields.startdate === 'string' && /^\d{4}-\d{2}-\d{2}/.test(fields.startdate)
            ? new Date(`${fields.startdate.slice(0, 10)}T00:00:00Z`)
            : null;
      found.push({
        code: basename(name, '.json'),
        file,
        name: typeof fields.name === 'string' && fields.name ? fields.name : basename(name, '.json'),
        sector: typeof fields.sector === 'string' && fields.sector ? fields.sector : 'Residential',
        description: typeof fields.description === 'string' ? fields.description : '',
        effectiveFrom: start ? start.toISOString().slice(0, 10) : '2000-01-01',
        sourceUri: typeof fields.uri === 'string' ? fields.uri : null,
        structure: fields,
      });
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
    }
  }
  return found;
}

interface ReadsFile {
  serial: string;
  file: string;
  days: IntervalDay[];
  partialDays: number;
}

/** Green Button readings → whole local days of 15-minute Wh, in the utility's time zone. */
function readGreenButton(dir: string, timeZone: string, problems: string[]): ReadsFile[] {
  const folder = join(dir, 'readings');
  let names: string[];
  try {
    names = readdirSync(folder)
      .filter((name) => extname(name) === '.xml')
      .sort();
  } catch {
    return [];
  }
  const found: ReadsFile[] = [];
  for (const name of names) {
    const file = `readings/${name}`;
    try {
      const upload = interpretUpload(readEspiFeed(readFileSync(join(folder, name), 'utf8')));
      if (upload.utilityType !== 'electricity') {
        throw new GreenButtonFileError('only electricity interval reads (Wh) are imported');
      }
      const byDay = new Map<string, { importWh: (number | null)[]; exportWh: (number | null)[] | null }>();
      for (const reading of upload.readings) {
        if (reading.duration !== SLOT_MS / 1000) {
          throw new GreenButtonFileError(
            `a reading starting at ${new Date(reading.start * 1000).toISOString()} lasts ${reading.duration} s; this import takes 15-minute (900 s) intervals`,
          );
        }
        const startMs = reading.start * 1000;
        const day = localClock(startMs, timeZone).isoDate;
        const layout = localDayLayout(day, timeZone);
        const slot = Math.round((startMs - layout.startUtcMs) / SLOT_MS);
        let entry = byDay.get(day);
        if (!entry) {
          entry = { importWh: new Array(layout.slotCount).fill(null), exportWh: null };
          byDay.set(day, entry);
        }
        if (reading.direction === 'export') {
          entry.exportWh ??= new Array(layout.slotCount).fill(null);
          entry.exportWh[slot] = reading.value;
        } else entry.importWh[slot] = reading.value;
      }
      const days: IntervalDay[] = [];
      let partialDays = 0;
      for (const [day, entry] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
        const complete =
          entry.importWh.every((value) => value !== null) &&
          (entry.exportWh === null || entry.exportWh.every((value) => value !== null));
        if (!complete) {
          partialDays += 1;
          continue;
        }
        days.push({
          date: day,
          importWh: entry.importWh as number[],
          exportWh: entry.exportWh as number[] | null,
          generationWh: null,
        });
      }
      found.push({ serial: basename(name, '.xml'), file, days, partialDays });
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
    }
  }
  return found;
}

/** Loads the folder into the tenant (id or slug). Throws ImportError, with nothing written, on any problem. */
export async function importTenantFolder(
  db: Database,
  tenantRef: string,
  dir: string,
): Promise<ImportSummary> {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new ImportError([`${dir}: not a folder`]);
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(tenantRef);
  const [tenant] = await db
    .select({ id: tenants.id, timeZone: tenants.timeZone, name: tenants.name })
    .from(tenants)
    .where(isUuid ? eq(tenants.id, tenantRef) : eq(tenants.slug, tenantRef))
    .limit(1);
  if (!tenant) throw new ImportError([`No tenant with id or slug "${tenantRef}"`]);

  const problems: string[] = [];
  const writtenCustomers: Array<Record<string, string>> = [];
  const writtenPremises: Array<Record<string, string>> = [];
  const writtenServices: Array<Record<string, string>> = [];
  const customers = readCsv(dir, 'customers.csv', customerRow, problems, true, writtenCustomers);
  const premiseRows = readCsv(dir, 'premises.csv', premiseRow, problems, false, writtenPremises);
  const serviceRows = readCsv(dir, 'services.csv', serviceRow, problems, false, writtenServices);
  const meterRows = readCsv(dir, 'meters.csv', meterRow, problems, false);
  const billRows = readCsv(dir, 'bills.csv', billRow, problems, false);
  const tariffFiles = readTariffs(dir, problems);
  const readFiles = readGreenButton(dir, tenant.timeZone, problems);

  // Keys unique within the folder, and references that resolve within it.
  checkUnique('customers.csv', customers, (r) => r.account_number, 'account number', problems);
  checkUnique('premises.csv', premiseRows, (r) => r.premise_id, 'premise_id', problems);
  checkUnique('services.csv', serviceRows, (r) => r.service_id, 'service_id', problems);
  checkUnique('meters.csv', meterRows, (r) => r.serial_number, 'meter serial number', problems);
  checkUnique('bills.csv', billRows, (r) => r.bill_number, 'bill number', problems);
  const accountNumbers = new Set(customers.map(({ row }) => row.account_number));
  const premiseById = new Map(premiseRows.map(({ row }) => [row.premise_id, row]));
  const serviceById = new Map(serviceRows.map(({ row }) => [row.service_id, row]));
  const meterBySerial = new Map(meterRows.map(({ row }) => [row.serial_number, row]));
  const tariffCodes = new Set(tariffFiles.map((t) => t.code));
  // A reference to a row that was refused above is not a second problem.
  const writtenAccounts = new Set(writtenCustomers.map((record) => record.account_number));
  const writtenPremiseIds = new Set(writtenPremises.map((record) => record.premise_id));
  const writtenServiceIds = new Set(writtenServices.map((record) => record.service_id));
  for (const { line, row } of premiseRows) {
    if (!writtenAccounts.has(row.account_number))
      problems.push(`premises.csv:${line}: account_number: ${row.account_number} is not in customers.csv`);
  }
  for (const { line, row } of serviceRows) {
    if (!writtenPremiseIds.has(row.premise_id))
      problems.push(`services.csv:${line}: premise_id: ${row.premise_id} is not in premises.csv`);
    if (row.tariff_code && !tariffCodes.has(row.tariff_code))
      problems.push(
        `services.csv:${line}: tariff_code: ${row.tariff_code} has no file tariffs/${row.tariff_code}.json`,
      );
  }
  for (const { line, row } of meterRows) {
    const service = serviceById.get(row.service_id);
    if (!service) {
      if (!writtenServiceIds.has(row.service_id))
        problems.push(`meters.csv:${line}: service_id: ${row.service_id} is not in services.csv`);
    } else if ((service.utility_type === 'electricity') !== (row.unit === 'kWh'))
      problems.push(`meters.csv:${line}: unit: ${row.unit} does not fit a ${service.utility_type} service`);
  }
  for (const { line, row } of billRows) {
    if (!writtenAccounts.has(row.account_number))
      problems.push(`bills.csv:${line}: account_number: ${row.account_number} is not in customers.csv`);
    if (row.period_end < row.period_start)
      problems.push(`bills.csv:${line}: period_end: ${row.period_end} is before period_start`);
    if (row.due_date < row.bill_date)
      problems.push(`bills.csv:${line}: due_date: ${row.due_date} is before bill_date`);
  }
  for (const reads of readFiles) {
    const meter = meterBySerial.get(reads.serial);
    if (!meter) problems.push(`${reads.file}: no meter with serial number ${reads.serial} in meters.csv`);
    else if (meter.interval_minutes !== 15)
      problems.push(`${reads.file}: meter ${reads.serial} is not an interval meter (interval_minutes 15)`);
  }

  // Keys that must not exist in the tenant already (a second import of the same folder is refused).
  const existingAccounts = accountNumbers.size
    ? await db
        .select({ n: customerAccounts.accountNumber })
        .from(customerAccounts)
        .where(
          and(
            eq(customerAccounts.tenantId, tenant.id),
            inArray(customerAccounts.accountNumber, [...accountNumbers]),
          ),
        )
    : [];
  const takenAccounts = new Set(existingAccounts.map((row) => row.n));
  for (const { line, row } of customers) {
    if (takenAccounts.has(row.account_number))
      problems.push(
        `customers.csv:${line}: account_number: ${row.account_number} exists in this utility already`,
      );
  }
  const serials = [...meterBySerial.keys()];
  const takenSerials = new Set(
    serials.length
      ? (
          await db
            .select({ s: meters.serialNumber })
            .from(meters)
            .where(and(eq(meters.tenantId, tenant.id), inArray(meters.serialNumber, serials)))
        ).map((row) => row.s)
      : [],
  );
  for (const { line, row } of meterRows) {
    if (takenSerials.has(row.serial_number))
      problems.push(`meters.csv:${line}: serial_number: ${row.serial_number} exists in this utility already`);
  }
  const billNumbers = billRows.map(({ row }) => row.bill_number);
  const takenBills = new Set(
    billNumbers.length
      ? (
          await db
            .select({ b: bills.billNumber })
            .from(bills)
            .where(and(eq(bills.tenantId, tenant.id), inArray(bills.billNumber, billNumbers)))
        ).map((row) => row.b)
      : [],
  );
  for (const { line, row } of billRows) {
    if (takenBills.has(row.bill_number))
      problems.push(`bills.csv:${line}: bill_number: ${row.bill_number} exists in this utility already`);
  }
  if (problems.length > 0) throw new ImportError(problems);

  // PINs are hashed before the transaction (argon2 is slow; no lock is held meanwhile).
  const pinHashes = await Promise.all(customers.map(({ row }) => hashPassword(row.pin)));

  const summary: ImportSummary = {
    customers: customers.length,
    premises: premiseRows.length,
    services: serviceRows.length,
    meters: meterRows.length,
    tariffs: tariffFiles.length,
    bills: billRows.length,
    intervalDays: 0,
    partialDaysSkipped: readFiles.reduce((total, file) => total + file.partialDays, 0),
  };
  const tenantId = tenant.id;
  await db.transaction(async (tx) => {
    const tariffIds = new Map<string, string>();
    for (const tariff of tariffFiles) {
      const [row] = await tx
        .insert(tariffs)
        .values({
          tenantId,
          code: tariff.code,
          name: tariff.name,
          utilityType: 'electricity',
          sector: tariff.sector,
          description: tariff.description,
          structure: tariff.structure,
          effectiveFrom: tariff.effectiveFrom,
          sourceUri: tariff.sourceUri,
        })
        .returning({ id: tariffs.id });
      if (row) tariffIds.set(tariff.code, row.id);
    }
    const accountIds = new Map<string, string>();
    if (customers.length > 0) {
      const inserted = await tx
        .insert(customerAccounts)
        .values(
          customers.map(({ row }, i) => ({
            tenantId,
            accountNumber: row.account_number,
            pinHash: pinHashes[i] as string,
            holderName: row.holder_name,
            email: row.email,
            phone: row.phone,
            mailingAddress: row.mailing_address,
            city: row.city,
            state: row.state,
            zip: row.zip,
            paperless: row.paperless,
            openedOn: row.opened_on,
          })),
        )
        .returning({ id: customerAccounts.id, accountNumber: customerAccounts.accountNumber });
      for (const row of inserted) accountIds.set(row.accountNumber, row.id);
    }
    const premiseIds = new Map<string, string>();
    for (const { row } of premiseRows) {
      const [inserted] = await tx
        .insert(premises)
        .values({
          tenantId,
          accountId: accountIds.get(row.account_number) as string,
          serviceAddress: row.service_address,
          city: row.city,
          state: row.state,
          zip: row.zip,
          propertyType: row.property_type,
          squareFeet: row.square_feet,
          hasSolar: row.has_solar,
        })
        .returning({ id: premises.id });
      if (inserted) premiseIds.set(row.premise_id, inserted.id);
    }
    const serviceIds = new Map<string, string>();
    for (const { row } of serviceRows) {
      const premise = premiseById.get(row.premise_id);
      const [inserted] = await tx
        .insert(services)
        .values({
          tenantId,
          accountId: accountIds.get(premise?.account_number ?? '') as string,
          premiseId: premiseIds.get(row.premise_id) as string,
          utilityType: row.utility_type,
          tariffId: row.tariff_code ? (tariffIds.get(row.tariff_code) ?? null) : null,
          startDate: row.start_date,
        })
        .returning({ id: services.id });
      if (inserted) serviceIds.set(row.service_id, inserted.id);
    }
    const meterIds = new Map<string, string>();
    for (const { row } of meterRows) {
      const service = serviceById.get(row.service_id);
      const [inserted] = await tx
        .insert(meters)
        .values({
          tenantId,
          serviceId: serviceIds.get(row.service_id) as string,
          serialNumber: row.serial_number,
          utilityType: service?.utility_type ?? 'electricity',
          unit: row.unit,
          intervalMinutes: row.interval_minutes,
          installedOn: row.installed_on,
        })
        .returning({ id: meters.id });
      if (inserted) meterIds.set(row.serial_number, inserted.id);
    }
    const importedBillIds: string[] = [];
    for (const { row } of billRows) {
      const accountId = accountIds.get(row.account_number) as string;
      const [bill] = await tx
        .insert(bills)
        .values({
          tenantId,
          accountId,
          billNumber: row.bill_number,
          periodStart: row.period_start,
          periodEnd: row.period_end,
          billDate: row.bill_date,
          dueDate: row.due_date,
          currentChargesCents: row.current_charges,
          amountDueCents: row.amount_due,
          status: row.status,
        })
        .returning({ id: bills.id });
      await tx.insert(ledgerEntries).values({
        tenantId,
        accountId,
        entryDate: row.bill_date,
        kind: 'bill',
        transactionType: 'C1BL',
        description: `Bill for ${row.period_start} to ${row.period_end}`,
        amountCents: row.current_charges,
        billId: bill?.id ?? null,
      });
      if (bill) importedBillIds.push(bill.id);
    }
    // Each bill's stored getBillDetails parts (bill-answer-parts.ts), as the bill run writes them,
    // once every bill is in (Quick Stats read last year's bill): without them getBillDetails works
    // the imported customers' answers out in full on every call.
    for (const billId of importedBillIds) await storeBillAnswerParts(tx, billId);
    for (const reads of readFiles) {
      summary.intervalDays += await writeIntervalDays(
        tx,
        tenantId,
        meterIds.get(reads.serial) as string,
        reads.days,
      );
    }
    await tx.insert(auditLog).values({
      tenantId,
      action: 'tenant.import',
      userAgent: 'tenant:import',
      detail: { ...summary },
    });
  });
  return summary;
}
