// Settles payments left pending by a crash or a lost processor answer: asks the processor by the
// payment's idempotency key and writes what it says; a payment the processor never saw is marked
// failed (nothing was charged). Instances running it at once never settle a payment twice: the
// settlement is one conditional update (only while pending), and the ledger allows one entry per payment.
import { and, asc, eq, lt } from 'drizzle-orm';
import type { PaymentProcessor } from '../../adapters/payments/processor.ts';
import type { Database } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { paymentMessages, settlePayment } from './payment-service.ts';

export interface ReconcileOptions {
  /** Only payments pending for longer than this (an attempt in progress is left alone). */
  olderThanSeconds: number;
  batchSize?: number;
  /** The tenant-local date for ledger entries of the payments it settles. */
  today: (tenantId: string) => string;
  now?: Date;
}

/** Settles one batch; returns how many payments it settled. */
export async function reconcilePendingPayments(
  db: Database,
  processor: PaymentProcessor,
  options: ReconcileOptions,
): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.olderThanSeconds * 1000);
  const pending = await db
    .select({ id: payments.id, tenantId: payments.tenantId, idempotencyKey: payments.idempotencyKey })
    .from(payments)
    .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, cutoff)))
    .orderBy(asc(payments.createdAt))
    .limit(options.batchSize ?? 50);
  let settled = 0;
  for (const payment of pending) {
    // The processor is asked outside any transaction (it is a remote call); the settlement is the
    // claim: its update only applies while the payment is still pending, so of two instances
    // settling the same payment one writes and the other changes nothing.
    const outcome = await processor.lookup(payment.tenantId, payment.idempotencyKey);
    const row = await db.transaction((tx) =>
      settlePayment(
        tx,
        payment.id,
        outcome ?? { status: 'failed', reason: paymentMessages.notCharged },
        options.today(payment.tenantId),
      ),
    );
    if (row) settled += 1;
  }
  return settled;
}
