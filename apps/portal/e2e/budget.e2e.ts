// Issue 7: the portal's download budget, read from the build (npm run test:e2e builds first). No
// browser and no server: it follows Vite's manifest from index.html and from each route's page.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGET, type BudgetReport, formatReport, measure } from './budget.ts';

const dist = resolve(import.meta.dirname, '../dist');
const report: BudgetReport = measure(dist);
const over = (bytes: number, limit: number) => bytes > limit;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** What a load holds, largest first, so that a failure names the chunk to look at. */
const detail = (files: { file: string; bytes: number }[]) =>
  files.map(({ file, bytes }) => `${file} ${kib(bytes)}`).join(', ');

describe('download budget (issue 7)', () => {
  it.each(report.home.map((load) => [load.label, load] as const))(
    '%s: the first view needs at most the budget of JavaScript and CSS',
    (_label, load) => {
      expect(
        over(load.scriptBytes, BUDGET.homeScriptBytes),
        `${load.label} loads ${kib(load.scriptBytes)} of JavaScript (budget ${kib(BUDGET.homeScriptBytes)}): ${detail(load.scripts)}`,
      ).toBe(false);
      expect(
        over(load.styleBytes, BUDGET.homeStyleBytes),
        `${load.label} loads ${kib(load.styleBytes)} of CSS (budget ${kib(BUDGET.homeStyleBytes)}): ${detail(load.styles)}`,
      ).toBe(false);
    },
  );

  it('fetches RTK Query at idle after Home is drawn, within its budget, and not before', () => {
    expect(
      over(report.idle.scriptBytes, BUDGET.idleScriptBytes),
      `The idle fetch adds ${kib(report.idle.scriptBytes)} (budget ${kib(BUDGET.idleScriptBytes)}): ${detail(report.idle.scripts)}`,
    ).toBe(false);
    const home = [...report.homeKeys].map((key) => report.manifest[key]?.file ?? key);
    expect(report.idle.scripts.some(({ file }) => /\/query-/.test(file))).toBe(true);
    expect(home.filter((file) => /\/query-/.test(file))).toEqual([]);
  });

  it.each(report.routes.map((load) => [load.label, load] as const))(
    '%s adds at most its budget to what Home loaded',
    (_label, load) => {
      // A form page: react-hook-form ('forms') or zod ('validation', which may come after drawing).
      const limit = load.scripts.some(({ file }) => /\/(forms|validation)-/.test(file))
        ? BUDGET.formRouteScriptBytes
        : BUDGET.routeScriptBytes;
      expect(
        over(load.scriptBytes, limit),
        `${load.label} adds ${kib(load.scriptBytes)} of JavaScript (budget ${kib(limit)}): ${detail(load.scripts)}`,
      ).toBe(false);
    },
  );

  it("keeps forms, zod, the human check and the other languages out of Home's first load", () => {
    const home = [...report.homeKeys].map((key) => ({ key, file: report.manifest[key]?.file ?? key }));
    const unwanted = home.filter(
      ({ key, file }) =>
        /\/(forms|validation|altcha-loader|human-check|zod-jitless)-/.test(file) ||
        /^src\/i18n\/locales\/(es|ta|de)\.ts$/.test(key) ||
        /(^|\/)node_modules\/(zod|react-hook-form|altcha)\//.test(key),
    );
    expect(unwanted.map(({ file }) => file)).toEqual([]);
    // And each page that has a form does load them: the check above is not vacuous.
    const login = report.routes.find(({ label }) => label.endsWith('/login-page.tsx'));
    expect(login?.scripts.some(({ file }) => /\/forms-/.test(file))).toBe(true);
  });

  it('loads zod with no page before it is drawn (forms check with lazy-contract-form.ts)', () => {
    const early = report.routes
      .filter((load) => load.scripts.some(({ file }) => /\/(validation|zod-jitless)-/.test(file)))
      .map((load) => load.label);
    expect(early).toEqual([]);
    // Not vacuous: the chunk exists, and Login, a page with a form, loads react-hook-form.
    expect(Object.values(report.manifest).some(({ file }) => /\/validation-/.test(file))).toBe(true);
  });

  it("leaves zod's JSON Schema converters out of the browser's zod (vite.config.ts)", () => {
    const validation = Object.values(report.manifest).find(({ file }) => /\/validation-/.test(file));
    expect(validation, 'a validation chunk (zod)').toBeDefined();
    const code = readFileSync(resolve(dist, validation?.file ?? ''), 'utf8');
    // The stand-ins are there, and a literal of the real converter is not.
    expect(code).toContain("JSON Schema is not part of the portal's zod");
    expect(code).not.toContain('draft-2020-12');
  });

  it("gives every chunk V8's compile hint before its code (vite.config.ts, postBanner)", () => {
    const chunks = Object.values(report.manifest)
      .map(({ file }) => file)
      .filter((file) => file.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(20);
    // V8 compiles eagerly the functions after the comment; Vite's own first line (__vite__mapDeps,
    // a list of file names) may come before it.
    const late = chunks.filter((file) => {
      const lines = readFileSync(resolve(dist, file), 'utf8').split('\n', 2);
      const at = lines.indexOf('//# allFunctionsCalledOnLoad');
      return at < 0 || (at === 1 && !lines[0]?.startsWith('const __vite__mapDeps='));
    });
    expect(late).toEqual([]);
  });

  it('downloads no web font (the themes use the system font stack, Tamil included)', () => {
    const fonts = readdirSync(resolve(dist, 'assets')).filter((file) => /\.(woff2?|ttf|otf|eot)$/.test(file));
    expect(fonts).toEqual([]);
  });

  it('prints the figures for the README', () => {
    const table = formatReport(report);
    expect(table.split('\n').length).toBe(3 + report.home.length + report.routes.length);
    console.log(table);
  });
});
