import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, insertTenant, type TestDatabase } from './test/index.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  // A host is served only for a tenant that exists (the default one, on localhost).
  await insertTenant(database.handle.db);
});
afterAll(() => database.close());

/** Status codes of calls to a cheap, globally rate-limited path, each from a socket with a forwarded chain. */
async function statuses(app: FastifyInstance, calls: { socket: string; forwardedFor?: string }[]) {
  const codes: number[] = [];
  for (const call of calls) {
    const response = await app.inject({
      method: 'GET',
      url: '/ml/info',
      remoteAddress: call.socket,
      headers: call.forwardedFor ? { 'x-forwarded-for': call.forwardedFor } : {},
    });
    codes.push(response.statusCode);
  }
  return codes;
}

describe('client addresses behind proxies (TRUST_PROXY)', () => {
  it('with a hop count, counts the entry the proxy added, not what the client wrote before it', async () => {
    const t = await createTestApp({ database, env: { TRUST_PROXY: '1', RATE_LIMIT_MAX: '2' } });
    try {
      // One client behind the proxy forges a new left-most address on every call.
      const forged = [1, 2, 3].map((n) => ({ socket: '10.0.0.2', forwardedFor: `1.2.3.${n}, 203.0.113.9` }));
      expect(await statuses(t.app, forged)).toEqual([200, 200, 429]);
      // Another client behind the same proxy has its own count.
      expect(await statuses(t.app, [{ socket: '10.0.0.2', forwardedFor: '203.0.113.10' }])).toEqual([200]);
    } finally {
      await t.close();
    }
  });

  it('with proxy addresses, believes X-Forwarded-For only from those proxies', async () => {
    const t = await createTestApp({ database, env: { TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_MAX: '2' } });
    try {
      const viaProxy = [1, 2, 3].map((n) => ({
        socket: '10.0.0.2',
        forwardedFor: `1.2.3.${n}, 203.0.113.20`,
      }));
      expect(await statuses(t.app, viaProxy)).toEqual([200, 200, 429]);
      // A client reaching the server directly is counted by its socket, whatever it forwards.
      const direct = [1, 2, 3].map((n) => ({ socket: '198.51.100.4', forwardedFor: `203.0.113.${30 + n}` }));
      expect(await statuses(t.app, direct)).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('without TRUST_PROXY, ignores X-Forwarded-For altogether', async () => {
    const t = await createTestApp({ database, env: { RATE_LIMIT_MAX: '2' } });
    try {
      const calls = [1, 2, 3].map((n) => ({ socket: '198.51.100.5', forwardedFor: `203.0.113.${40 + n}` }));
      expect(await statuses(t.app, calls)).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
