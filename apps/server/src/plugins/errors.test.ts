import { Writable } from 'node:stream';
import { messages } from '@gridfront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, refreshTokens } from '../db/schema/index.ts';
import { createTestApp, insertTenant, type TenantFixture, type TestApp } from '../test/index.ts';
import { HttpError } from './errors.ts';

const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
let tenant: TenantFixture;

beforeAll(async () => {
  t = await createTestApp({ fastify: { logger: { level: 'error', stream: logStream } } });
  tenant = await insertTenant(t.database.handle.db);
  t.app.get('/api/test-outage', async () => {
    throw new HttpError(503, 'The billing system is not answering');
  });
  t.app.get('/api/test-fault', async () => {
    throw new Error('database password is hunter2 at /srv/secret/path.ts:42');
  });
});
afterAll(() => t.close());

describe('error answers', () => {
  it('answers unknown API, ML and payment paths with JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['POST', '/ml/no-such-thing'],
      ['DELETE', '/pay/no/such/thing?x=1'],
      ['POST', '/some-page'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { authorization: tenant.authorization } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `Route ${method}:${url.split('?')[0]} not found`,
      });
    }
  });

  it('answers bad input with 400, the spec message of the first field, and writes nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: tenant.authorization },
      payload: { username: '   ', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: messages.usernameRequired,
      fields: { username: messages.usernameRequired, password: messages.passwordRequired },
    });
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: tenant.authorization },
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toBe(messages.usernameRequired);
    const onlyUsername = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: tenant.authorization },
      payload: { username: 'someone' },
    });
    expect(onlyUsername.json()).toMatchObject({
      message: messages.passwordRequired,
      fields: { password: messages.passwordRequired },
    });

    const db = t.database.handle.db;
    expect(await db.select().from(auditLog)).toEqual([]);
    expect(await db.select().from(refreshTokens)).toEqual([]);
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: tenant.authorization, 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('hides a fault behind 500 with a request id and logs it with the request context', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test-fault' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(response.headers['x-request-id']).toBe(body.requestId);
    expect(response.body).not.toMatch(/hunter2|secret|\.ts:42|at /);

    const logged = logLines.find((line) => line.reqId === body.requestId && line.msg === 'request failed');
    expect(logged).toMatchObject({
      level: 50,
      err: { message: expect.stringContaining('hunter2') },
      req: { method: 'GET', url: '/api/test-fault' },
    });
  });

  it('keeps the status and message of a deliberate server-side failure', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test-outage' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The billing system is not answering',
      requestId: response.headers['x-request-id'],
    });
  });
});
