// Runs once per test run: migrates ONE template database that every test file then copies, since a
// fresh migration per file would cost seconds each. PGlite (default): a dumpDataDir tarball in a
// temp file. PostgreSQL (DATABASE_URL set): a database named gridfront_test_template.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { applyMigrations, migrationsFolder } from '../db/migrate.ts';
import { databaseUrlFor, POSTGRES_TEMPLATE_DATABASE } from './template.ts';

async function preparePglite(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'gridfront-test-'));
  const client = await PGlite.create();
  try {
    await client.exec("set time zone 'UTC'");
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    const dumpPath = join(folder, 'migrated.tar');
    writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
    project.provide('testDatabaseTemplate', { kind: 'pglite', dumpPath });
  } finally {
    await client.close();
  }
  return () => rmSync(folder, { recursive: true, force: true });
}

async function preparePostgres(project: TestProject, serverUrl: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${POSTGRES_TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({
    databaseUrl: databaseUrlFor(serverUrl, POSTGRES_TEMPLATE_DATABASE),
    poolSize: 1,
  });
  try {
    await applyMigrations(handle);
  } finally {
    // A template must have no open connection when it is copied.
    await handle.close();
  }
  project.provide('testDatabaseTemplate', {
    kind: 'postgres',
    serverUrl,
    templateDatabase: POSTGRES_TEMPLATE_DATABASE,
  });
  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    try {
      await cleanup.query(`drop database if exists ${POSTGRES_TEMPLATE_DATABASE} with (force)`);
    } finally {
      await cleanup.end();
    }
  };
}

export default async function setup(project: TestProject) {
  // The harness is the one place besides config.ts that looks at the environment: it decides
  // which database server the whole run uses.
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? preparePostgres(project, serverUrl) : preparePglite(project);
}
