import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Runs the CLI as `npm run tariff:bill` does (node --import tsx) on small files in a temp dir.
const repoRoot = fileURLToPath(new URL('../../../../../../', import.meta.url));
const cli = fileURLToPath(new URL('./tariff-bill.ts', import.meta.url));
const fixtures = fileURLToPath(new URL('../fixtures/urdb/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tariff-bill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
function file(extension: string, text: string): string {
  fileCount += 1;
  const path = join(dir, `f${fileCount}.${extension}`);
  writeFileSync(path, text);
  return path;
}

function run(...files: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', cli, ...files], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// $10/month, 0.20 $/kWh bought and 0.05 sold (net billing), 5 $/kW flat demand, $25 minimum.
const tariff = file(
  'json',
  JSON.stringify({
    items: [
      {
        label: 'test',
        fixedchargefirstmeter: 10,
        fixedchargeunits: '$/month',
        mincharge: 25,
        minchargeunits: '$/month',
        dgrules: 'Net Billing Instantaneous',
        energyratestructure: [[{ rate: 0.2, sell: 0.05, unit: 'kWh' }]],
        flatdemandstructure: [[{ rate: 5 }]],
        flatdemandmonths: new Array(12).fill(0),
      },
    ],
  }),
);

const goodLoad = [
  'start,import_kwh,export_kwh',
  '2025-01-31T23:30:00-08:00,1.0,0',
  '2025-01-31T23:45:00-08:00,2.0,0.5',
  '2025-02-01T00:00:00-08:00,0.5,0',
  '2025-02-01T00:15:00-08:00,0.25,',
].join('\n');

describe('npm run tariff:bill', () => {
  it('prints one JSON line per local calendar month with the keys in order', () => {
    const { code, stdout, stderr } = run(tariff, file('csv', `${goodLoad}\n`));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // January (23:45 −08:00 is 07:45 UTC on 1 February but January on the local clock):
    // 3 kWh, peak 2 kWh / 0.25 h = 8 kW. Fixed 10.00; energy 3 × 0.20 = 0.60; demand 8 × 5 = 40.00;
    // export 0.5 × 0.05 = 0.025 → −0.03; total 50.57, above the 25.00 minimum.
    // February: 0.75 kWh, peak 0.5 / 0.25 = 2 kW. 10.00 + 0.15 + 10.00 = 20.15 → minimum adds 4.85.
    expect(stdout).toBe(
      '{"month":"2025-01","kwh":3,"peak_kw":8,"fixed":10,"energy":0.6,"demand":40,"export_credit":-0.03,"minimum_applied":0,"total":50.57}\n' +
        '{"month":"2025-02","kwh":0.75,"peak_kw":2,"fixed":10,"energy":0.15,"demand":10,"export_credit":0,"minimum_applied":4.85,"total":25}\n',
    );
  });

  it('prices hourly reads under a sample record and notes the foreign fields it ignores', () => {
    const a6 = join(fixtures, 'tou_commercial_PGE_A-6_5a33097a682bea356b2e13f2.json');
    const load = ['start,import_kwh', '2024-07-10T14:00:00-07:00,10', '2024-07-10T15:00:00-07:00,10'].join(
      '\n',
    );
    const { code, stdout, stderr } = run(a6, file('csv', load));
    expect(code).toBe(0);
    expect(stderr).toMatch(/ignoring pdp_credit_energyratestructure/);
    // Two summer weekday peak hours: 20 × 0.55561 = 11.1122 → 11.11; plus 10.00 fixed.
    expect(stdout).toBe(
      '{"month":"2024-07","kwh":20,"peak_kw":10,"fixed":10,"energy":11.11,"demand":0,"export_credit":0,"minimum_applied":0,"total":21.11}\n',
    );
  });

  const badLoads: Array<[string, string, RegExp]> = [
    [
      'a missing column',
      'start,export_kwh\n2025-01-01T00:00:00-08:00,1',
      /line 1: missing column import_kwh/,
    ],
    ['an unknown unit', 'start,import_wh\n2025-01-01T00:00:00-08:00,1', /line 1: .*unknown unit "wh"/],
    [
      'unsorted rows',
      'start,import_kwh\n2025-01-01T01:00:00-08:00,1\n2025-01-01T00:00:00-08:00,1',
      /line 3: .*must be sorted/,
    ],
    [
      'a repeated interval',
      'start,import_kwh\n2025-01-01T00:00:00-08:00,1\n2025-01-01T00:00:00-08:00,1',
      /line 3: .*must be sorted by time, each interval once/,
    ],
    [
      'overlapping intervals',
      'start,import_kwh\n2025-01-01T00:00:00-08:00,1\n2025-01-01T00:15:00-08:00,1\n2025-01-01T00:20:00-08:00,1',
      /line 4: .*overlap/,
    ],
    [
      'an unparsable number',
      'start,import_kwh\n2025-01-01T00:00:00-08:00,1\n2025-01-01T01:00:00-08:00,abc',
      /line 3: import_kwh "abc" is not a number/,
    ],
    [
      'an unparsable date',
      'start,import_kwh\n2025-13-01T00:00:00-08:00,1\n2025-01-01T01:00:00-08:00,1',
      /line 2: .*not a valid date/,
    ],
    [
      'a time without offset',
      'start,import_kwh\n2025-01-01T00:00:00,1\n2025-01-01T01:00:00,1',
      /line 2: .*UTC offset/,
    ],
  ];
  it.each(badLoads)('rejects %s, naming the line, with exit code 1', (_, csv, message) => {
    const { code, stdout, stderr } = run(tariff, file('csv', csv));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
  });

  it('rejects a tariff field it does not implement, naming it', () => {
    const coincident = file(
      'json',
      JSON.stringify({ energyratestructure: [[{ rate: 0.1 }]], coincidentratestructure: [[{ rate: 2 }]] }),
    );
    const { code, stdout, stderr } = run(coincident, file('csv', goodLoad));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/coincidentratestructure/);
  });

  it('rejects missing arguments and unreadable files', () => {
    const usage = run(tariff);
    expect(usage).toMatchObject({ code: 1, stdout: '' });
    expect(usage.stderr).toMatch(/usage: npm run tariff:bill -- TARIFF.json LOAD.csv/);
    const missing = run(tariff, join(dir, 'missing.csv'));
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toMatch(/cannot read .*missing\.csv/);
    const notJson = run(file('json', '{'), file('csv', goodLoad));
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toMatch(/not valid JSON/);
  });
});
