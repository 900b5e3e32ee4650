// The built application on a fresh database, for app.inject in tests. Nothing listens on a port.

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../app.ts';
import { type AppConfig, type EnvSource, loadConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export const TEST_JWT_SECRET = 'test-secret-for-gridfront-server-tests-only-0123456789';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
  /** Closes the app, and the database when this call created it. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment keys on top of the test defaults (e.g. { PORTAL_DIST: dir, HOSTS: 'ml' }). */
  env?: EnvSource;
  /** Share a database between apps, e.g. to act as two instances; the caller then closes it. */
  database?: TestDatabase;
  fastify?: FastifyServerOptions;
}

export function testConfig(env: EnvSource = {}, databaseUrl?: string): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    DATABASE_URL: databaseUrl,
    // No portal build unless a test brings one, so results do not depend on the work tree.
    PORTAL_DIST: join(tmpdir(), 'gridfront-no-portal-build'),
    SEED_ON_EMPTY: 'false',
    // Tests run the AutoPay job themselves, at the times they choose.
    AUTOPAY_INTERVAL_SECONDS: '0',
    BILL_RUN_INTERVAL_SECONDS: '0',
    NOTIFICATIONS_INTERVAL_SECONDS: '0',
    ...env,
  });
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  try {
    const config = testConfig(options.env, database.databaseUrl);
    const app = await buildApp({ config, database: database.handle }, { logger: false, ...options.fastify });
    return {
      app,
      database,
      config,
      async close() {
        await app.close();
        if (ownsDatabase) await database.close();
      },
    };
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
}
