import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, compression } from './compress.ts';

const bigAnswer = {
  bills: Array.from({ length: 60 }, (_, index) => ({ id: index, amountCents: 10_000 + index })),
};
const STREAM_PAUSE_MS = 1_500;

let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  app = Fastify();
  await app.register(compression);
  app.get('/big', async () => bigAnswer);
  app.get('/small', async () => ({ ok: true }));
  app.post('/echo', async (request) => request.body);
  app.get('/already-gzipped', async (_request, reply) =>
    reply.type('application/json').header('content-encoding', 'gzip').send(gzipSync('{"pre":true}')),
  );
  // Like a chat reply: one piece now, the rest after a pause.
  app.get<{ Querystring: { type: string } }>('/stream', (request, reply) => {
    const pieces = new PassThrough();
    reply.type(request.query.type).send(pieces);
    pieces.write('data: first\n\n');
    setTimeout(() => pieces.end('data: last\n\n'), STREAM_PAUSE_MS);
  });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

describe('compressed answers', () => {
  it('sends JSON above the threshold as brotli, or gzip, as the client prefers', async () => {
    expect(JSON.stringify(bigAnswer).length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(bigAnswer);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(bigAnswer).length / 2);

    const gzip = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(bigAnswer);

    const plain = await app.inject({ url: '/big', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(bigAnswer);
  });

  it('leaves small answers and already encoded ones as they are', async () => {
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });

    const pre = await app.inject({ url: '/already-gzipped', headers: { 'accept-encoding': 'br' } });
    expect(pre.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(pre.rawPayload).toString()).toBe('{"pre":true}');
  });

  it('does not inflate request bodies', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync('{"inflated":true}'),
    });
    expect(response.json()).not.toEqual({ inflated: true });
  });

  it('keeps streamed answers streaming: the first piece arrives before the stream ends', async () => {
    const cases = [
      // Server-sent events are never compressed; a text stream is, and is flushed piece by piece.
      { type: 'text/event-stream', acceptEncoding: 'br', expected: null },
      { type: 'text/plain', acceptEncoding: 'br', expected: 'br' },
      { type: 'text/plain', acceptEncoding: 'gzip', expected: 'gzip' },
    ];
    for (const { type, acceptEncoding, expected } of cases) {
      const started = Date.now();
      const response = await fetch(`${baseUrl}/stream?type=${encodeURIComponent(type)}`, {
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.headers.get('content-encoding'), type).toBe(expected);
      const reader = response.body?.getReader();
      if (!reader) throw new Error('no body');
      const first = await reader.read();
      const firstAfter = Date.now() - started;
      // fetch decodes the encoding itself: what arrives first is the first piece, readable.
      expect(new TextDecoder().decode(first.value), type).toContain('data: first');
      expect(firstAfter, `${type} ${acceptEncoding}`).toBeLessThan(STREAM_PAUSE_MS - 300);
      let rest = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        rest += new TextDecoder().decode(chunk.value);
      }
      expect(rest).toContain('data: last');
    }
  });
});
