// A server process killed (SIGKILL) in the middle of a payment, against PostgreSQL: after the
// "restart" the reconciler leaves exactly one charge and one ledger entry when the processor had
// charged, and none when it had not. The test brings its own cluster, so it runs in both passes.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProcessor } from '../../adapters/payments/test-processor.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { applyMigrations } from '../../db/migrate.ts';
import { payments, testProcessorCharges } from '../../db/schema/index.ts';
import { insertBillingAccount } from '../../test/account-test-kit.ts';
import { insertTenant } from '../../test/index.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../test/throwaway-postgres.ts';
import { ledgerEntriesOf } from './payment-service.ts';
import { reconcilePendingPayments } from './reconciler.ts';

const child = fileURLToPath(new URL('../../test/payment-crash-child.ts', import.meta.url));

let cluster: ThrowawayPostgres;
let handle: DatabaseHandle;
let tenantId: string;
let accountId: string;

beforeAll(async () => {
  cluster = await startThrowawayPostgres();
  handle = await openDatabase({ databaseUrl: cluster.url, poolSize: 4 });
  await applyMigrations(handle);
  tenantId = (await insertTenant(handle.db)).tenant.id;
  accountId = (await insertBillingAccount(handle.db, tenantId)).id;
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await cluster?.destroy();
});

function runChild(
  crashAt: 'after-charge' | 'before-charge',
  idempotencyKey: string,
): Promise<NodeJS.Signals | null> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, ['--import', 'tsx', child], {
      env: {
        ...process.env,
        DATABASE_URL: cluster.url,
        TENANT_ID: tenantId,
        ACCOUNT_ID: accountId,
        IDEMPOTENCY_KEY: idempotencyKey,
        CRASH_AT: crashAt,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    process_.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    process_.on('error', reject);
    process_.on('exit', (code, signal) =>
      signal ? resolve(signal) : reject(new Error(`child exited ${code}: ${stderr}`)),
    );
  });
}

async function stateOf(idempotencyKey: string) {
  const [payment] = await handle.db
    .select()
    .from(payments)
    .where(eq(payments.idempotencyKey, idempotencyKey));
  const charges = await handle.db
    .select()
    .from(testProcessorCharges)
    .where(eq(testProcessorCharges.idempotencyKey, idempotencyKey));
  return {
    payment,
    charges: charges.length,
    ledger: payment ? await ledgerEntriesOf(handle.db, payment.id) : 0,
  };
}

const restart = () =>
  reconcilePendingPayments(handle.db, createTestProcessor(handle.db), {
    olderThanSeconds: 0,
    today: () => '2026-11-24',
    now: new Date(Date.now() + 1000),
  });

describe('a process killed during a payment', () => {
  it('killed between the charge and the ledger write: one charge and one ledger entry after restart', async () => {
    const key = randomUUID();
    expect(await runChild('after-charge', key)).toBe('SIGKILL');
    const before = await stateOf(key);
    expect(before.payment?.status).toBe('pending');
    expect(before.charges).toBe(1);
    expect(before.ledger).toBe(0);
    await restart();
    await restart();
    const after = await stateOf(key);
    expect(after.payment?.status).toBe('succeeded');
    expect(after.charges).toBe(1);
    expect(after.ledger).toBe(1);
  }, 60_000);

  it('killed before the processor was called: no charge and no ledger entry after restart', async () => {
    const key = randomUUID();
    expect(await runChild('before-charge', key)).toBe('SIGKILL');
    expect((await stateOf(key)).payment?.status).toBe('pending');
    await restart();
    const after = await stateOf(key);
    expect(after.payment?.status).toBe('failed');
    expect(after.charges).toBe(0);
    expect(after.ledger).toBe(0);
  }, 60_000);
});
