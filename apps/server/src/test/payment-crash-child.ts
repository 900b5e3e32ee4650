// A server process that dies by SIGKILL in the middle of a payment, for payment-crash.test.ts:
// CRASH_AT=after-charge dies once the processor has charged and before the ledger is written;
// CRASH_AT=before-charge dies after the pending payment is committed and before the processor is
// called. Run with node --import tsx; reads DATABASE_URL, TENANT_ID, ACCOUNT_ID, IDEMPOTENCY_KEY.
import type { PaymentProcessor } from '../adapters/payments/processor.ts';
import { createTestProcessor, TEST_CARDS } from '../adapters/payments/test-processor.ts';
import { openDatabase } from '../db/client.ts';
import { submitPayment } from '../features/payments/payment-service.ts';

const { DATABASE_URL, TENANT_ID, ACCOUNT_ID, IDEMPOTENCY_KEY, CRASH_AT } = process.env;
if (!DATABASE_URL || !TENANT_ID || !ACCOUNT_ID || !IDEMPOTENCY_KEY) throw new Error('missing environment');

const database = await openDatabase({ databaseUrl: DATABASE_URL, poolSize: 2 });
const real = createTestProcessor(database.db);
const die = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
};
const processor: PaymentProcessor = {
  ...real,
  async charge(request) {
    if (CRASH_AT === 'before-charge') die();
    await real.charge(request);
    return die();
  },
};
await submitPayment(database.db, processor, {
  tenantId: TENANT_ID,
  accountId: ACCOUNT_ID,
  userId: null,
  channel: 'portal',
  platformKey: 'gridfront',
  amountCents: 5_000,
  source: { card: { number: TEST_CARDS.succeeds, expMonth: 12, expYear: 2099, cvc: '123' } },
  idempotencyKey: IDEMPOTENCY_KEY,
  today: '2026-11-24',
});
