// Runs the retention purge in every instance: shortly after start, then every hour. Instances do
// not coordinate; the purge's statements are idempotent and skip rows another instance holds.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { RetentionDays } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type PeriodicJob, startPeriodicJob } from '../../lib/periodic-job.ts';
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

export type RetentionJob = PeriodicJob<PurgeReport>;

export function startRetentionJob(options: RetentionJobOptions): RetentionJob {
  return startPeriodicJob(
    () => purgeExpiredData(options.db, options.retention, options.limits ?? DEFAULT_PURGE_LIMITS),
    {
      intervalMs: options.intervalMs ?? PURGE_INTERVAL_MS,
      firstDelayBaseMs: FIRST_PURGE_DELAY_MS,
      ...(options.firstDelayMs === undefined ? {} : { firstDelayMs: options.firstDelayMs }),
      ...(options.onReport ? { onResult: options.onReport } : {}),
      ...(options.onError ? { onError: options.onError } : {}),
    },
  );
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
