// Runs the bill run (meter catch-up, due bills, the demo customers' payments) shortly after start, when the seed is done,
// and then every BILL_RUN_INTERVAL_SECONDS in every instance: row locks and unique keys make that
// safe, and a server that was down catches up on what it missed.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import { runBillRun } from './bill-run.ts';

/** billRunIntervalSeconds 0: this instance runs no bill run (tests drive it themselves). */
export type BillRunJobOptions = Pick<AppConfig, 'billRunIntervalSeconds' | 'publicUrl'>;

const billRunPlugin: FastifyPluginAsync<BillRunJobOptions> = async (app, options) => {
  if (options.billRunIntervalSeconds === 0) return;
  const job = startPeriodicJob(
    () => runBillRun(app.db, { publicUrl: options.publicUrl, processor: app.paymentProcessor }),
    {
      intervalMs: options.billRunIntervalSeconds * 1000,
      firstDelayBaseMs: 2_000,
      onResult: (report) => {
        if (report.intervalDays + report.monthlyReads + report.bills + report.payments > 0)
          app.log.info(report, 'Bill run');
        if (report.mails > 0) app.mail.wake();
      },
      onError: (error) => app.log.warn({ err: error }, 'Bill run failed; it runs again at the next interval'),
    },
  );
  app.addHook('onClose', () => job.stop());
};

export const billRunJob = fp(billRunPlugin, { name: 'bill-run', dependencies: ['mail', 'payments'] });
