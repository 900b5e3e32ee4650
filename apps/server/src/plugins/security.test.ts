// The security headers are worked out once at start-up instead of by helmet on every request: they
// must be exactly what @fastify/helmet sends for the same options, on every kind of answer, and a
// route's own header must still win over them.
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertTenant, type TestApp } from '../test/index.ts';
import { FIRST_VIEW_SCRIPT_HASH } from './app-shell.ts';
import { compression } from './compress.ts';
import { HELMET_OPTIONS, security, securityHeaders } from './security.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertTenant(t.database.handle.db, { isDefault: true });
});
afterAll(() => t.close());

/** The headers @fastify/helmet sets on an answer, for comparison. */
async function helmetReference(): Promise<Record<string, string>> {
  const reference = Fastify();
  // Its own copy of helmet's option types differs from the one security.ts imports; same shape.
  await reference.register(fastifyHelmet, { global: true, ...HELMET_OPTIONS } as never);
  reference.get('/', async () => ({ ok: true }));
  const response = await reference.inject({ method: 'GET', url: '/' });
  await reference.close();
  const names = securityHeaders().set.map(([name]) => name.toLowerCase());
  expect(names.length).toBeGreaterThan(8);
  return Object.fromEntries(names.map((name) => [name, String(response.headers[name])]));
}

describe('security headers', () => {
  it('records what helmet writes, the strict policy included', () => {
    const { set } = securityHeaders();
    const byName = Object.fromEntries(set.map(([name, value]) => [name.toLowerCase(), value]));
    expect(byName['content-security-policy']).toBe(
      `default-src 'self';script-src 'self' ${FIRST_VIEW_SCRIPT_HASH};style-src 'self';img-src 'self' data: blob:;font-src 'self';connect-src 'self';worker-src 'self' blob:;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'`,
    );
    expect(byName['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(byName['x-frame-options']).toBe('DENY');
    expect(byName['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends exactly @fastify/helmet’s headers on API answers, errors and not-found paths', async () => {
    const expected = await helmetReference();
    for (const url of ['/api/tenant', '/api/oracle/getUserDetails', '/api/nothing', '/healthz']) {
      const response = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected))
        expect(response.headers[name], `${url} ${name}`).toBe(value);
    }
  });

  it('sends them on refused bodies, unknown hosts, compressed answers and faults too', async () => {
    const expected = await helmetReference();
    const answers = {
      // An invalid JSON body and a body the route's schema refuses.
      'bad JSON': await t.app.inject({
        method: 'POST',
        url: '/api/oracle/getBillDetails',
        headers: { 'content-type': 'application/json' },
        payload: '{"accountId":',
      }),
      'refused body': await t.app.inject({
        method: 'POST',
        url: '/api/oracle/getBillDetails',
        headers: { 'content-type': 'application/json' },
        payload: { accountId: 7 },
      }),
      'unknown host': await t.app.inject({ url: '/api/tenant', headers: { host: 'nobody.example' } }),
    };
    expect(answers['bad JSON'].statusCode).toBeGreaterThanOrEqual(400);
    expect(answers['unknown host'].statusCode).toBe(404);
    // The order of the application: compression, then the headers.
    const app = Fastify();
    await app.register(compression);
    await app.register(security);
    app.get('/large', async () => ({ rows: Array.from({ length: 200 }, (_, row) => ({ row })) }));
    app.get('/fault', async () => {
      throw new Error('broken');
    });
    const compressed = await app.inject({ url: '/large', headers: { 'accept-encoding': 'br' } });
    const fault = await app.inject({ url: '/fault' });
    await app.close();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(fault.statusCode).toBe(500);
    for (const [kind, response] of Object.entries({ ...answers, compressed, fault }))
      for (const [name, value] of Object.entries(expected))
        expect(response.headers[name], `${kind} ${name}`).toBe(value);
  });

  it('lets a route set its own value of one of them', async () => {
    const app = Fastify();
    await app.register(security);
    app.get('/own', async (_request, reply) =>
      reply.header('cross-origin-resource-policy', 'cross-origin').send({}),
    );
    app.get('/plain', async () => ({}));
    await app.ready();
    expect((await app.inject({ url: '/own' })).headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await app.inject({ url: '/plain' })).headers['cross-origin-resource-policy']).toBe('same-origin');
    await app.close();
  });
});
