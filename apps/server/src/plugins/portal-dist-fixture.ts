// A portal build for the tests of the server's first view (app-shell.ts): a made-up index.html,
// manifest and route table around the portal's real server build of entry-server.tsx, so the views
// the shell serves are the ones the portal renders.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const PORTAL = resolve(import.meta.dirname, '../../../portal');
/** The made-up index.html: its entry script is assets/index-1.js. */
export const INDEX_HTML =
  '<!doctype html><html lang="en"><head><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';

export type ManifestEntry = { file: string; src?: string; isEntry?: boolean; css?: string[] };

/**
 * Writes the dist into a new temporary folder named after `prefix` and returns its path (the caller
 * removes it). `routes` maps paths to their page modules as the portal build's routes.json does;
 * `manifest` is Vite's manifest for index.html and those modules.
 */
export async function buildPortalDistFixture(
  prefix: string,
  routes: Record<string, string>,
  manifest: Record<string, ManifestEntry>,
): Promise<string> {
  const dist = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dist, '.vite', 'routes.json'), JSON.stringify(routes));
  const { build } = await import('vite');
  // As `npm run build` does it: the runner's NODE_ENV (test) would make the JSX development JSX.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: PORTAL,
      configFile: join(PORTAL, 'vite.config.ts'),
      logLevel: 'silent',
      build: { ssr: 'src/entry-server.tsx', outDir: join(dist, 'server-build'), emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  cpSync(join(dist, 'server-build'), join(dist, 'server'), { recursive: true });
  return dist;
}
