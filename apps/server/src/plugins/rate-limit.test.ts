import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestApp, createTestDatabase, insertTenant, type TestDatabase } from '../test/index.ts';
import { describeGlobalRateLimit, GLOBAL_RATE_LIMIT } from './rate-limit.ts';

let database: TestDatabase;
let tenant: Awaited<ReturnType<typeof insertTenant>>;

beforeAll(async () => {
  database = await createTestDatabase();
  // A host is served only for a tenant that exists (the default one, on localhost).
  tenant = await insertTenant(database.handle.db);
});
afterAll(() => database.close());

/** Status codes of `count` calls from one address to a cheap API-host path. */
async function statuses(app: Awaited<ReturnType<typeof createTestApp>>['app'], count: number) {
  const codes: number[] = [];
  for (let i = 0; i < count; i += 1) {
    codes.push((await app.inject({ method: 'GET', url: '/ml/info', remoteAddress: '10.1.2.3' })).statusCode);
  }
  return codes;
}

describe('the global rate limit from configuration', () => {
  it('defaults to 600 requests a minute', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.rateLimit).toEqual({ max: 600, windowSeconds: 60 });
    expect(GLOBAL_RATE_LIMIT).toEqual(config.rateLimit);
  });

  it('refuses a negative limit or an empty window, naming the key', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', RATE_LIMIT_MAX: '-1' })).toThrow(/RATE_LIMIT_MAX/);
    expect(() => loadConfig({ NODE_ENV: 'test', RATE_LIMIT_WINDOW_SECONDS: '0' })).toThrow(ConfigError);
  });

  it('throttles after RATE_LIMIT_MAX requests and lets the address in again after the window', async () => {
    const t = await createTestApp({ database, env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '1' } });
    try {
      const first = await t.app.inject({ method: 'GET', url: '/ml/info', remoteAddress: '10.1.2.3' });
      expect(first.headers['x-ratelimit-limit']).toBe('3');
      expect(await statuses(t.app, 3)).toEqual([200, 200, 429]);
      // Another address has its own count.
      const other = await t.app.inject({ method: 'GET', url: '/ml/info', remoteAddress: '10.9.9.9' });
      expect(other.statusCode).toBe(200);
      await new Promise((done) => setTimeout(done, 1_100));
      expect(await statuses(t.app, 1)).toEqual([200]);
    } finally {
      await t.close();
    }
  });

  it('is off with RATE_LIMIT_MAX=0, while the sign-in route keeps its own limit', async () => {
    const t = await createTestApp({ database, env: { RATE_LIMIT_MAX: '0' } });
    try {
      const codes = await statuses(t.app, GLOBAL_RATE_LIMIT.max + 5);
      expect(codes.filter((code) => code !== 200)).toEqual([]);
      expect(describeGlobalRateLimit(t.config.rateLimit)).toMatch(/off/);

      const logins: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.1.2.4',
          headers: { authorization: tenant.authorization },
          payload: {},
        });
        logins.push(response.statusCode);
      }
      expect(logins.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });
});
