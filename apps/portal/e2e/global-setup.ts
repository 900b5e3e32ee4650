// Starts the real product once for the end-to-end run: the built portal and the server on its own
// port, on a fresh embedded database (or a fresh database on the PostgreSQL server of DATABASE_URL),
// seeded with a small demo utility, sending its mail to a real SMTP server started here.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumLaunchOptions, hasChromium } from './support/chromium.ts';
import { checkSignIns } from './support/sign-in-log.ts';
import { startSmtpCatcher } from './support/smtp-catcher.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** JSONL file with every message the server sent over SMTP (see support/mailbox.ts). */
    mailboxPath: string;
    /** A seeded utility account that no login owns yet, with its PIN, to sign up with. */
    unlinkedAccount: SeededAccount;
    /**
     * More such accounts, none of them unlinkedAccount: one for each flow that signs up its own
     * customer (identity.e2e.ts takes them from the start of the list).
     */
    unlinkedAccounts: SeededAccount[];
    /** A seeded account that the demo login owns already, with its PIN. */
    linkedAccount: SeededAccount;
    /** The Basic client credential of the seeded tenant's portal, for calls the tests make directly. */
    clientAuthorization: string;
    /** JSONL file where every page records its sign-in attempts (see support/sign-in-log.ts). */
    signInLogPath: string;
    /**
     * The run's one Chromium, to connect to (support/browser.ts connectBrowser); empty without one.
     * Starting it once instead of once per file saves a browser start-up per file.
     */
    browserEndpoint: string;
  }
}

interface SeededAccount {
  accountNumber: string;
  pin: string;
}

interface SeedPlan {
  DEFAULT_SEED: number;
  DEMO_TENANT: { appClientId: string; appClientSecret: string };
  EXTRA_DEMO_USERS: readonly { accountIndex: number }[];
  accountNumberFor: (index: number) => string;
  pinFor: (seed: number, index: number) => string;
}

// Account 0 belongs to demo and the seed's EXTRA_DEMO_USERS own a few more (1–4 and 6); the other
// accounts seeded here are nobody's.
const SEEDED_ACCOUNTS = 14;
const LINKED_ACCOUNT_INDEX = 0;
const UNLINKED_ACCOUNT_INDEX = 7;

/** The seed is deterministic: accounts and PINs come from the same functions that seeded them. */
async function seedPlan(): Promise<SeedPlan> {
  // A computed path: the server's sources are not part of the portal's type-checked project.
  const seedModule = join(repoRoot, 'apps/server/src/seed/index.ts');
  return (await import(seedModule)) as SeedPlan;
}

function seededAccount(plan: SeedPlan, index: number): SeededAccount {
  return { accountNumber: plan.accountNumberFor(index), pin: plan.pinFor(plan.DEFAULT_SEED, index) };
}

const repoRoot = resolve(import.meta.dirname, '../../..');
const port = Number(process.env.E2E_PORT ?? 8180);

const e2eDatabaseName = `gridfront_e2e_${process.pid}`;

/** Runs statements on the PostgreSQL server of DATABASE_URL, outside the database under test. */
async function onPostgresServer(databaseUrl: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function freshPostgresDatabase(databaseUrl: string): Promise<string> {
  await onPostgresServer(
    databaseUrl,
    `drop database if exists ${e2eDatabaseName} with (force)`,
    `create database ${e2eDatabaseName}`,
  );
  const url = new URL(databaseUrl);
  url.pathname = `/${e2eDatabaseName}`;
  return url.toString();
}

async function waitForReady(baseUrl: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the server did not become ready at ${baseUrl} within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(repoRoot, 'apps/portal/dist/index.html'))) {
    throw new Error('apps/portal/dist is missing: run `npm run build` before the end-to-end tests');
  }
  // The compiled server, as `npm start` runs it: the tests check what ships.
  const serverEntry = join(repoRoot, 'apps/server/dist/server.js');
  if (!existsSync(serverEntry)) {
    throw new Error('apps/server/dist is missing: run `npm run build` before the end-to-end tests');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'gridfront-e2e-'));
  const mailDir = mkdtempSync(join(tmpdir(), 'gridfront-e2e-mail-'));
  const smtp = await startSmtpCatcher(join(mailDir, 'messages.jsonl'));
  const signInLogPath = join(mailDir, 'sign-ins.jsonl');
  writeFileSync(signInLogPath, '');
  const databaseUrl = process.env.DATABASE_URL
    ? await freshPostgresDatabase(process.env.DATABASE_URL)
    : undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_ACCOUNTS: String(SEEDED_ACCOUNTS),
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    // The human check's proof of work stays real but small, so each solve takes milliseconds.
    ALTCHA_COST: '50',
    ALTCHA_MAX_NUMBER: '200',
    // The flows see only what they do: no bill issued or AutoPay withdrawn by the clock mid-run
    // (both jobs have their own server tests, with several instances).
    BILL_RUN_INTERVAL_SECONDS: '0',
    AUTOPAY_INTERVAL_SECONDS: '0',
    // Notices too: notifications.e2e.ts runs the scheduler itself (POST /dev/notifications/run).
    NOTIFICATIONS_INTERVAL_SECONDS: '0',
  };
  if (databaseUrl) {
    env.DATABASE_URL = databaseUrl;
    // On PostgreSQL the server insists on a shared signing secret.
    env.JWT_SECRET ??= 'e2e-only-jwt-secret-with-at-least-32-chars';
  } else delete env.DATABASE_URL;

  const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Chromium starts while the server migrates and seeds.
  const [browserServer] = await Promise.all([
    hasChromium ? chromium.launchServer({ ...chromiumLaunchOptions, host: '127.0.0.1' }) : undefined,
    waitForReady(baseUrl, server, 180_000),
  ]);
  project.provide('browserEndpoint', browserServer?.wsEndpoint() ?? '');
  project.provide('baseUrl', baseUrl);
  project.provide('mailboxPath', smtp.mailboxPath);
  project.provide('signInLogPath', signInLogPath);
  const plan = await seedPlan();
  const linked = new Set([LINKED_ACCOUNT_INDEX, ...plan.EXTRA_DEMO_USERS.map((user) => user.accountIndex)]);
  if (linked.has(UNLINKED_ACCOUNT_INDEX)) {
    throw new Error(
      `seeded account ${UNLINKED_ACCOUNT_INDEX} has a login now: pick another unlinked account`,
    );
  }
  project.provide('unlinkedAccount', seededAccount(plan, UNLINKED_ACCOUNT_INDEX));
  const spare: SeededAccount[] = [];
  for (let index = 0; index < SEEDED_ACCOUNTS; index += 1) {
    if (!linked.has(index) && index !== UNLINKED_ACCOUNT_INDEX) spare.push(seededAccount(plan, index));
  }
  project.provide('unlinkedAccounts', spare);
  project.provide('linkedAccount', seededAccount(plan, LINKED_ACCOUNT_INDEX));
  const { appClientId, appClientSecret } = plan.DEMO_TENANT;
  project.provide(
    'clientAuthorization',
    `Basic ${Buffer.from(`${appClientId}:${appClientSecret}`).toString('base64')}`,
  );

  return async () => {
    await browserServer?.close();
    server.kill('SIGTERM');
    await new Promise((done) => {
      if (server.exitCode !== null) done(undefined);
      else server.once('exit', done);
    });
    await smtp.close();
    if (databaseUrl && process.env.DATABASE_URL) {
      await onPostgresServer(
        process.env.DATABASE_URL,
        `drop database if exists ${e2eDatabaseName} with (force)`,
      );
    }
    rmSync(dataDir, { recursive: true, force: true });
    // The run's sign-ins per user, printed; more than the budget fails the run (see sign-in-log.ts).
    const overBudget = checkSignIns(signInLogPath);
    rmSync(mailDir, { recursive: true, force: true });
    if (overBudget) {
      // vitest reports an error of the teardown but exits with 0: the run must fail.
      process.exitCode = 1;
      throw new Error(overBudget);
    }
  };
}
