// Runs the notice scheduler (due-date reminders, past-due notices) shortly after start and then
// every NOTIFICATIONS_INTERVAL_SECONDS in every instance: the event keys make that safe, and a
// server that was down catches up on what it missed.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import { sendBillDueNotices } from './bill-due-scheduler.ts';

export interface NotificationsJobOptions {
  /** 0: this instance runs no scheduler (tests drive it themselves). */
  intervalSeconds: number;
  publicUrl: string;
}

const notificationsPlugin: FastifyPluginAsync<NotificationsJobOptions> = async (app, options) => {
  if (options.intervalSeconds === 0) return;
  const job = startPeriodicJob(() => sendBillDueNotices(app.db, { publicUrl: options.publicUrl }), {
    intervalMs: options.intervalSeconds * 1000,
    firstDelayBaseMs: 3_000,
    onResult: (report) => {
      if (report.reminders + report.pastDue > 0) {
        app.log.info(report, 'Notices sent');
        app.mail.wake();
      }
    },
    onError: (error) => app.log.warn({ err: error }, 'Notices failed; they run again at the next interval'),
  });
  app.addHook('onClose', () => job.stop());
};

export const notificationsJob = fp(notificationsPlugin, { name: 'notifications', dependencies: ['mail'] });
