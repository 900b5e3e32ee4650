import { defineConfig } from 'vitest/config';

// One runner, four projects: pure contracts, server (fastify.inject on the configured database),
// portal components (jsdom), and end-to-end in Debian's Chromium against a started server.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      {
        extends: 'apps/portal/vite.config.ts',
        test: {
          name: 'portal',
          root: 'apps/portal',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: { name: 'widget', root: 'apps/widget', include: ['src/**/*.test.ts'], environment: 'jsdom' },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/portal/e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          // A browser on a busy 2-core machine can take longer than the default second to settle.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          globalSetup: ['apps/portal/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
