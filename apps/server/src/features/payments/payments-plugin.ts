// The payment processor of this process and the reconciler that settles payments left pending
// (a crash, a lost answer): at start and every minute, in every instance (settling is idempotent).
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProcessor } from '../../adapters/payments/processor.ts';
import { createTestProcessor, TEST_PROCESSOR_KEY } from '../../adapters/payments/test-processor.ts';
import type { Database } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import { localDate } from '../../domain/calendar/local-day.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import { PaymentProcessors } from './processor-registry.ts';
import { reconcilePendingPayments } from './reconciler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in test processor, which charges, refunds and keeps AutoPay's sources. */
    paymentProcessor: PaymentProcessor;
    /** Every platform's processor by platform key; hosted pages open with the active platform's. */
    paymentProcessors: PaymentProcessors;
  }
}

/** A payment younger than this may still be in the hands of the instance that took it. */
export const RECONCILE_AFTER_SECONDS = 120;
const RECONCILE_INTERVAL_MS = 60_000;

/** Each tenant's local date today, for the ledger entries of the payments a run settles. */
async function tenantToday(db: Database): Promise<(tenantId: string) => string> {
  const zones = new Map(
    (await db.select({ id: tenants.id, zone: tenants.timeZone }).from(tenants)).map((row) => [
      row.id,
      row.zone,
    ]),
  );
  const now = new Date();
  return (tenantId) => localDate(zones.get(tenantId) ?? 'UTC', now);
}

const paymentsPlugin: FastifyPluginAsync = async (app) => {
  const processor = createTestProcessor(app.db);
  app.decorate('paymentProcessor', processor);
  app.decorate('paymentProcessors', new PaymentProcessors().register(TEST_PROCESSOR_KEY, processor));
  const job = startPeriodicJob(
    async () =>
      reconcilePendingPayments(app.db, processor, {
        olderThanSeconds: RECONCILE_AFTER_SECONDS,
        today: await tenantToday(app.db),
      }),
    {
      intervalMs: RECONCILE_INTERVAL_MS,
      firstDelayBaseMs: 5_000,
      onResult: (settled) => {
        if (settled > 0) app.log.info({ settled }, 'payment reconciler settled pending payments');
      },
      onError: (error) =>
        app.log.warn({ err: error }, 'payment reconciler failed; it runs again in a minute'),
    },
  );
  app.addHook('onClose', () => job.stop());
};

/**
 * Decorates app.paymentProcessor (the built-in test processor) and app.paymentProcessors (the
 * processors by platform key, the test processor's among them), and runs the reconciler.
 */
export const paymentsCore = fp(paymentsPlugin, { name: 'payments', dependencies: ['db'] });
