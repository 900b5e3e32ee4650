// A PostgreSQL restart under a running server: the server must live through it, say 503 from
// /readyz while the database is away, and serve every request that arrives once it is back. The
// test brings its own cluster, so it runs in the embedded-database pass too.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { applyMigrations } from '../../db/migrate.ts';
import { insertTenant, type TenantFixture, testConfig } from '../../test/index.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../test/throwaway-postgres.ts';

let cluster: ThrowawayPostgres;
let handle: DatabaseHandle;
let app: FastifyInstance;
let tenant: TenantFixture;
const logged: string[] = [];

beforeAll(async () => {
  cluster = await startThrowawayPostgres();
  handle = await openDatabase({ databaseUrl: cluster.url, poolSize: 4, log: (line) => logged.push(line) });
  await applyMigrations(handle);
  tenant = await insertTenant(handle.db);
  app = await buildApp({ config: testConfig({}, cluster.url), database: handle }, { logger: false });
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
  await cluster?.destroy();
});

const readiness = () => app.inject({ method: 'GET', url: '/readyz' });
const tenantCall = () =>
  app.inject({ method: 'GET', url: '/api/tenant', headers: { authorization: tenant.authorization } });

describe('a database restart under a running server', () => {
  it('answers 503 while the database is away and recovers by itself, losing no later request', async () => {
    // Several connections open and idle in the pool, as on a server that has been busy.
    const warm = await Promise.all([tenantCall(), tenantCall(), tenantCall(), readiness()]);
    expect(warm.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);

    await cluster.stop();
    const away = await readiness();
    expect(away.statusCode).toBe(503);
    expect(away.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Database unavailable',
    });
    expect((await tenantCall()).statusCode).toBeGreaterThanOrEqual(500);

    await cluster.start();
    // Every request from the moment the database accepts connections again is served.
    const back = await Promise.all([
      readiness(),
      tenantCall(),
      tenantCall(),
      tenantCall(),
      tenantCall(),
      tenantCall(),
      readiness(),
    ]);
    expect(back.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(back[1]?.json().name).toBe(tenant.tenant.name);
    for (let i = 0; i < 5; i += 1) expect((await tenantCall()).statusCode).toBe(200);

    // The dropped connections were noticed, reported and replaced, not fatal.
    expect(logged.some((line) => line.startsWith('Database connection lost'))).toBe(true);
  });
});
