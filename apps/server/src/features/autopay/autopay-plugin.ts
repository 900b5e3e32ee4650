// Runs the AutoPay job (notices, then due withdrawals) every minute in every instance: claims and
// unique keys make that safe, and a restarted server catches up on what fell due while it was down.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import { runAutopay } from './autopay-runner.ts';

export interface AutopayJobOptions {
  /** 0: this instance runs no AutoPay (tests drive it themselves). */
  intervalSeconds: number;
  /** The portal's address, for the notices' unsubscribe links. */
  publicUrl: string;
}

const autopayPlugin: FastifyPluginAsync<AutopayJobOptions> = async (app, options) => {
  if (options.intervalSeconds === 0) return;
  const job = startPeriodicJob(
    () => runAutopay(app.db, app.paymentProcessor, new Date(), options.publicUrl),
    {
      intervalMs: options.intervalSeconds * 1000,
      firstDelayBaseMs: 10_000,
      onResult: ({ scheduled, processed }) => {
        if (scheduled + processed > 0) app.log.info({ scheduled, processed }, 'AutoPay run');
        if (scheduled + processed > 0) app.mail.wake();
      },
      onError: (error) => app.log.warn({ err: error }, 'AutoPay run failed; it runs again in a minute'),
    },
  );
  app.addHook('onClose', () => job.stop());
};

export const autopayJob = fp(autopayPlugin, { name: 'autopay', dependencies: ['payments', 'mail'] });
