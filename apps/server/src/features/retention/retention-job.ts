// Runs the retention purge in every instance: shortly after start, then every hour. Instances do
// not coordinate; the purge's statements are idempotent and skip rows another instance holds.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { RetentionDays } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { DEFAULT_PURGE_LIMITS, type PurgeLimits, type PurgeReport, purgeExpiredData } from './purge.ts';

export const PURGE_INTERVAL_MS = 60 * 60_000;
/** After start-up settles; jittered so instances started together do not purge in step. */
const FIRST_PURGE_DELAY_MS = 60_000;

export interface RetentionJobOptions {
  db: Database;
  retention: RetentionDays;
  limits?: PurgeLimits;
  intervalMs?: number;
  firstDelayMs?: number;
  onReport?: (report: PurgeReport) => void;
  onError?: (error: unknown) => void;
}

export interface RetentionJob {
  /** One purge now (or the one already running); used by tests. */
  runOnce(): Promise<PurgeReport>;
  stop(): Promise<void>;
}

export function startRetentionJob(options: RetentionJobOptions): RetentionJob {
  let running: Promise<PurgeReport> | undefined;
  let stopped = false;

  function runOnce(): Promise<PurgeReport> {
    running ??= purgeExpiredData(
      options.db,
      options.retention,
      options.limits ?? DEFAULT_PURGE_LIMITS,
    ).finally(() => {
      running = undefined;
    });
    return running;
  }

  function tick() {
    // A purge slower than the interval is not joined again: each run is reported once.
    if (stopped || running) return;
    runOnce().then(options.onReport, options.onError);
  }

  const first = setTimeout(tick, options.firstDelayMs ?? FIRST_PURGE_DELAY_MS * (1 + Math.random()));
  const timer = setInterval(tick, options.intervalMs ?? PURGE_INTERVAL_MS);
  first.unref();
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

const retentionPlugin: FastifyPluginAsync<{ retention: RetentionDays }> = async (app, { retention }) => {
  const job = startRetentionJob({
    db: app.db,
    retention,
    onReport: (report) => {
      if (Object.values(report).some((count) => count > 0))
        app.log.info({ purged: report }, 'retention purge');
    },
    onError: (error) => app.log.warn({ err: error }, 'retention purge failed; it runs again in an hour'),
  });
  app.addHook('onClose', () => job.stop());
};

/** Starts the purge with the app and stops it (waiting for a running batch) when the app closes. */
export const retentionJob = fp(retentionPlugin, { name: 'retention', dependencies: ['db'] });
