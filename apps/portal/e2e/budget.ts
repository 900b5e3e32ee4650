// The portal's download budget (issue 7), measured on the build output: Vite's manifest says which
// chunks each entry loads up front (its static imports, followed to the end) and which it loads
// later (dynamic imports: the routes' pages, the languages). Sizes are gzip -9 of the files as
// built, what a browser on a slow network receives at the least.
// `node --import tsx apps/portal/e2e/budget.ts` prints the table the README shows.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budgets. README "Download budget" explains them; budget.e2e.ts enforces them. */
export const BUDGET = {
  /**
   * JavaScript a visitor's Home needs before it is drawn: entry, Home's page, one language. The
   * issue's 120 KiB, reached with Preact under React's API (Home (ta) 154.0 → 97.7 KiB; README).
   */
  homeScriptBytes: 120 * 1024,
  /** CSS the same Home needs: the issue's 15 KiB. */
  homeStyleBytes: 15 * 1024,
  /** What each further route adds to what Home loaded already. */
  routeScriptBytes: 40 * 1024,
  /**
   * The same for a page with a form: the issue's 40, reached (react-hook-form comes with the page;
   * zod, the schemas and the answers' contracts after it is drawn, lazy-contract-form.ts).
   */
  formRouteScriptBytes: 40 * 1024,
  /** What main.tsx fetches at idle once Home is drawn (RTK Query and the api): off the first view. */
  idleScriptBytes: 20 * 1024,
} as const;

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

function chunkOf(manifest: Manifest, key: string): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
  return chunk;
}

/** Manifest keys of a chunk and everything it imports statically (loaded together with it). */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunkOf(manifest, key).imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const gzipCache = new Map<string, number>();

export function gzipBytes(dist: string, file: string): number {
  const cached = gzipCache.get(file);
  if (cached !== undefined) return cached;
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  gzipCache.set(file, size);
  return size;
}

export interface Load {
  /** What is measured, e.g. "Home (en)" or a page's source file. */
  label: string;
  scripts: { file: string; bytes: number }[];
  styles: { file: string; bytes: number }[];
  scriptBytes: number;
  styleBytes: number;
}

function loadOf(
  dist: string,
  manifest: Manifest,
  label: string,
  keys: Iterable<string>,
  already = new Set<string>(),
): Load {
  const scripts = new Map<string, number>();
  const styles = new Map<string, number>();
  for (const key of keys) {
    const chunk = chunkOf(manifest, key);
    if (!already.has(chunk.file)) scripts.set(chunk.file, gzipBytes(dist, chunk.file));
    for (const css of chunk.css ?? []) if (!already.has(css)) styles.set(css, gzipBytes(dist, css));
  }
  const list = (sizes: Map<string, number>) =>
    [...sizes].map(([file, bytes]) => ({ file, bytes })).sort((a, b) => b.bytes - a.bytes);
  const sum = (sizes: Map<string, number>) => [...sizes.values()].reduce((total, bytes) => total + bytes, 0);
  return {
    label,
    scripts: list(scripts),
    styles: list(styles),
    scriptBytes: sum(scripts),
    styleBytes: sum(styles),
  };
}

/** Home's route module: the marketing page for a visitor (My Account is a chunk of its own). */
const HOME_PAGE = 'src/app/home-route.tsx';
/** Fetched by main.tsx when the browser is idle after the first view: not before Home is drawn. */
const IDLE_MODULE = 'src/lib/api/api.ts';
const LOCALE = /^src\/i18n\/locales\/(\w+)\.ts$/;
const PAGE = /^src\/features\/.+-page\.tsx$/;

export interface BudgetReport {
  /** Home's first load in each language (one language is fetched per visit). */
  home: Load[];
  /** What is fetched at idle once Home is drawn (RTK Query), beyond Home's first load (English). */
  idle: Load;
  /** Each other page: what it adds to Home's first load and the idle fetch (English). */
  routes: Load[];
  /** Manifest keys of Home's first load, for checks of what must not be in it. */
  homeKeys: Set<string>;
  manifest: Manifest;
}

export function measure(dist: string): BudgetReport {
  const manifest = readManifest(dist);
  const entryKeys = staticClosure(manifest, 'index.html');
  const pageKeys = staticClosure(manifest, HOME_PAGE);
  const locales = [
    ...new Set([...entryKeys].flatMap((key) => chunkOf(manifest, key).dynamicImports ?? [])),
  ].filter((key) => LOCALE.test(key));
  if (locales.length === 0)
    throw new Error('The entry loads no language chunk: translations are bundled again?');
  const home = locales.map((locale) => {
    const keys = new Set([...entryKeys, ...pageKeys, ...staticClosure(manifest, locale)]);
    return loadOf(dist, manifest, `Home (${LOCALE.exec(locale)?.[1]})`, keys);
  });
  const homeKeys = new Set([...entryKeys, ...pageKeys, ...staticClosure(manifest, 'src/i18n/locales/en.ts')]);
  const homeFiles = new Set(
    [...homeKeys].flatMap((key) => [chunkOf(manifest, key).file, ...(chunkOf(manifest, key).css ?? [])]),
  );
  const idleKeys = staticClosure(manifest, IDLE_MODULE);
  const idle = loadOf(dist, manifest, 'Home, at idle after drawing', idleKeys, homeFiles);
  const loadedFiles = new Set([...homeFiles, ...[...idleKeys].map((key) => chunkOf(manifest, key).file)]);
  const routes = Object.keys(manifest)
    .filter((key) => PAGE.test(key) && key !== HOME_PAGE)
    .sort()
    .map((key) => loadOf(dist, manifest, key, staticClosure(manifest, key), loadedFiles));
  return { home, idle, routes, homeKeys, manifest };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function formatReport(report: BudgetReport): string {
  const rows = [
    '| Load | JavaScript (gzip) | CSS (gzip) | Largest chunks |',
    '| --- | ---: | ---: | --- |',
    ...[...report.home, report.idle, ...report.routes].map(
      (load) =>
        `| ${load.label} | ${kib(load.scriptBytes)} | ${kib(load.styleBytes)} | ${load.scripts
          .slice(0, 3)
          .map(
            (script) =>
              `${script.file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '')} ${kib(script.bytes)}`,
          )
          .join(', ')} |`,
    ),
  ];
  return rows.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  console.log(formatReport(measure(resolve(import.meta.dirname, '../dist'))));
}
