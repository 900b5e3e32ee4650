// `npm run tariff:bill -- TARIFF.json LOAD.csv`: prices a load under a URDB record and prints one
// JSON line per calendar month. Bad input goes to stderr with exit code 1.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readUrdbRecord, validateUrdbRecord } from '../urdb.ts';
import { parseLoadCsv } from './load-csv.ts';
import { priceMonthlyBills } from './monthly-bills.ts';

function fail(message: string): never {
  process.stderr.write(`tariff:bill: ${message}\n`);
  process.exit(1);
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    fail(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function main(args: readonly string[]): void {
  const files = args.filter((arg) => arg !== '--');
  if (files.length !== 2) fail('usage: npm run tariff:bill -- TARIFF.json LOAD.csv');
  // npm runs scripts from the package root; INIT_CWD is where the user typed the command.
  const base = process.env.INIT_CWD ?? process.cwd();
  const [tariffPath, loadPath] = files.map((file) => resolve(base, file)) as [string, string];
  let json: unknown;
  try {
    json = JSON.parse(readText(tariffPath));
  } catch (error) {
    fail(`${files[0]}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  let tariff: ReturnType<typeof readUrdbRecord>;
  try {
    tariff = readUrdbRecord(json);
  } catch (error) {
    fail(`${files[0]}: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const { field, reason } of validateUrdbRecord(tariff)) {
    process.stderr.write(`tariff:bill: note: ${files[0]}: ignoring ${field} (${reason})\n`);
  }
  let readings: ReturnType<typeof parseLoadCsv>;
  try {
    readings = parseLoadCsv(readText(loadPath));
  } catch (error) {
    fail(`${files[1]}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let bills: ReturnType<typeof priceMonthlyBills>;
  try {
    bills = priceMonthlyBills(tariff, readings);
  } catch (error) {
    fail(
      `cannot price ${files[1]} under ${files[0]}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  process.stdout.write(bills.map((bill) => `${JSON.stringify(bill)}\n`).join(''));
}

main(process.argv.slice(2));
