// A throwaway PostgreSQL cluster with the demo utility seeded and several connection pools on it:
// the database two (or more) server instances share in the multi-instance tests.
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { DEFAULT_SEED, seedDemoUtility } from '../seed/index.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres.ts';

export interface SeededCluster {
  cluster: ThrowawayPostgres;
  /** One pool per instance, the first used to migrate and seed. */
  handles: DatabaseHandle[];
  /** Closes the pools and deletes the cluster. */
  destroy(): Promise<void>;
}

export async function startSeededCluster(options: {
  accounts: number;
  now: Date;
  pools?: number;
}): Promise<SeededCluster> {
  const cluster = await startThrowawayPostgres();
  const handles: DatabaseHandle[] = [];
  for (let index = 0; index < (options.pools ?? 2); index += 1) {
    handles.push(await openDatabase({ databaseUrl: cluster.url, poolSize: 4 }));
  }
  const [first] = handles;
  if (!first) throw new Error('a seeded cluster needs at least one pool');
  await applyMigrations(first);
  await seedDemoUtility(first.db, {
    accounts: options.accounts,
    seed: DEFAULT_SEED,
    months: 3,
    now: options.now,
  });
  return {
    cluster,
    handles,
    async destroy() {
      for (const handle of handles) await handle.close();
      await cluster.destroy();
    },
  };
}
