import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestDatabase,
  insertTenant,
  type TenantFixture,
  type TestApp,
} from '../../test/index.ts';

let t: TestApp;
let tenant: TenantFixture;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await insertTenant(t.database.handle.db);
});
afterAll(() => t.close());

describe('probes and host info', () => {
  it('reports the process alive and the database ready', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers /info on each host prefix', async () => {
    for (const host of ['api', 'ml', 'pay'] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/${host}/info`,
        headers: { authorization: tenant.authorization },
      });
      expect(response.statusCode, host).toBe(200);
      expect(response.json()).toMatchObject({ host, status: 'ok' });
    }
  });

  it('mounts only the hosts it is asked to run', async () => {
    const mlOnly = await createTestApp({ env: { HOSTS: 'ml' }, database: t.database });
    try {
      expect((await mlOnly.app.inject({ method: 'GET', url: '/ml/info' })).statusCode).toBe(200);
      expect((await mlOnly.app.inject({ method: 'GET', url: '/pay/info' })).statusCode).toBe(404);
      const api = await mlOnly.app.inject({
        method: 'GET',
        url: '/api/tenant',
        headers: { authorization: tenant.authorization },
      });
      expect(api.statusCode).toBe(404);
      expect((await mlOnly.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await mlOnly.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await mlOnly.close();
    }
  });

  it('reports not ready when the database is gone', async () => {
    const database = await createTestDatabase();
    const broken = await createTestApp({ database });
    try {
      await database.handle.close();
      const response = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Database unavailable',
      });
      expect((await broken.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await broken.close();
      await database.close();
    }
  });
});
