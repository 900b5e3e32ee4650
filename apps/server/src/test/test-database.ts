// A fresh, migrated database for one test file, copied from the run's template (global-setup.ts).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { databaseUrlFor, type TestDatabaseTemplate } from './template.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Set on PostgreSQL: the URL of this file's own database. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

let pgliteDump: Buffer | undefined;

async function withAdmin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function copyPostgresTemplate(template: Extract<TestDatabaseTemplate, { kind: 'postgres' }>) {
  const name = `gridfront_test_${randomUUID().replaceAll('-', '')}`;
  // Copies can collide with another file's copy holding the template for a moment: retry briefly.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withAdmin(template.serverUrl, (client) =>
        client.query(`create database ${name} template ${template.templateDatabase}`),
      );
      return name;
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!busy || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('testDatabaseTemplate');
  if (template.kind === 'pglite') {
    pgliteDump ??= readFileSync(template.dumpPath);
    const handle = await openDatabase({ loadDataDir: new Blob([new Uint8Array(pgliteDump)]) });
    return { handle, databaseUrl: undefined, close: () => handle.close().catch(() => undefined) };
  }
  const name = await copyPostgresTemplate(template);
  const databaseUrl = databaseUrlFor(template.serverUrl, name);
  const handle = await openDatabase({ databaseUrl, poolSize: 5 });
  return {
    handle,
    databaseUrl,
    async close() {
      // A test may already have closed the handle (e.g. to simulate a lost database).
      await handle.close().catch(() => undefined);
      await withAdmin(template.serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}
