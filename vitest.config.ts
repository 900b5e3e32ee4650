import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The end-to-end files that `npm run test:db` repeats on PostgreSQL (it sets E2E_DATABASE_ONLY=1):
 * the flows whose promise rests on what the database does with concurrent writes through the whole
 * running product. A payment commits whole and a retry never doubles it (payments); sign-up, the
 * username and password changes and the lockouts (identity); a service request, its trail and an
 * agent's assignment (service-requests, staff-queue); the notice scheduler's claims (notifications);
 * the tenant CLIs writing through their own connections (tenant-onboarding). Every other file ran on
 * the embedded database in `npm test`: those that check how the portal is built, delivered and drawn
 * write nothing, and the rest read or write through routes whose statements the server's own tests
 * run on PostgreSQL in the same job (`vitest run --project server`), several instances included. A
 * second database would repeat the browser's part of them, not what the database does: 5½ of CI's
 * 32 minutes.
 */
const DATABASE_E2E = [
  'payments',
  'identity',
  'service-requests',
  'staff-queue',
  'notifications',
  'tenant-onboarding',
].map((name) => `apps/portal/e2e/${name}.e2e.ts`);
// A renamed file must not drop out of the PostgreSQL run unnoticed.
for (const file of DATABASE_E2E) {
  if (!existsSync(join(import.meta.dirname, file)))
    throw new Error(`vitest.config.ts: ${file} does not exist`);
}

const portalRoot = join(import.meta.dirname, 'apps/portal');

/**
 * The portal's test files that replace a module (vi.mock) or start afresh from new module instances
 * (vi.resetModules, to test module state): they run isolated, each in a fresh module registry, so
 * the stand-in or the fresh instance never reaches another file. Found by reading the files, so a
 * new one is isolated without being listed. The rest share their modules within a worker (below).
 */
const PORTAL_MOCKING_TESTS = readdirSync(join(portalRoot, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) =>
    /\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(join(portalRoot, 'src', file), 'utf8')),
  )
  .map((file) => join('src', file));

const portalProject = {
  extends: 'apps/portal/vite.config.ts',
  test: {
    root: 'apps/portal',
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20_000,
  },
} as const;

// One runner, five projects: pure contracts, server (fastify.inject on the configured database),
// portal components (jsdom; those that mock a module apart), and end-to-end in Debian's Chromium
// against a started server.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, so a 2-core machine (CI's) ran the unit
    // files one at a time while the tests spent much of their time waiting on PGlite's files and
    // timers: two workers took `npm run test:unit` from 447 s to 265 s there (2026-11-28; in a
    // clean clone's `.ci/run`, 424 s to 286 s). Each file has its own database
    // (apps/server/src/test/test-database.ts) and its own ports, so files do not share state. The
    // end-to-end files still run one at a time (fileParallelism below).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // The files of a worker share their modules: each loaded the whole app again, 143 s of the
          // PostgreSQL run's 402 (CI, 2026-11-27); without isolation 10 s. It holds because no server
          // test mocks a module or keeps state in one (the five that spy or stub restore it): each
          // builds its own app on its own database from loadConfig's arguments (config.ts reads
          // process.env only when called).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      // The files of a worker share their modules and their jsdom window: each file in a fresh one
      // spent 81 s of the project's 189 making windows and 13 s loading modules; shared, 47 s in
      // all (2026-11-27). It holds because each test renders into its own container, which its
      // file's afterEach removes (cleanup, or unmount), and starts its own store; what a file leaves
      // in storage or cookies the setup clears when the file ends (src/test/setup.ts). The files
      // that replace a module run isolated, in 'portal-mocks'.
      {
        ...portalProject,
        test: {
          ...portalProject.test,
          name: 'portal',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...PORTAL_MOCKING_TESTS],
          isolate: false,
        },
      },
      {
        ...portalProject,
        test: { ...portalProject.test, name: 'portal-mocks', include: PORTAL_MOCKING_TESTS },
      },
      {
        test: { name: 'widget', root: 'apps/widget', include: ['src/**/*.test.ts'], environment: 'jsdom' },
      },
      {
        test: {
          name: 'e2e',
          include: process.env.E2E_DATABASE_ONLY === '1' ? DATABASE_E2E : ['apps/portal/e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          // One worker runs the files in turn and loads Playwright and the helpers once, not once per
          // file (about 0.8 s each). Each file connects to the run's browser and makes its own contexts.
          isolate: false,
          // A browser on a busy 2-core machine can take longer than the default second to settle.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          globalSetup: ['apps/portal/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
