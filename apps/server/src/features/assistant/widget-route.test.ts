import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { widgetRoutes, widgetScriptPath } from './widget-route.ts';

async function appWith(file: string) {
  const app = Fastify();
  await app.register(widgetRoutes, { prefix: '/ml', file });
  return app;
}

describe('GET /ml/widget.js', () => {
  it('serves the built script with an ETag, an hour of caching and its hashed name for a year', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'widget-')), 'widget.js');
    writeFileSync(file, 'console.log("first")');
    const app = await appWith(file);
    const first = await app.inject({ url: '/ml/widget.js' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('console.log("first")');
    expect(first.headers['content-type']).toMatch(/^text\/javascript/);
    expect(first.headers['cache-control']).toBe('public, max-age=3600, must-revalidate');
    expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);

    const again = await app.inject({ url: '/ml/widget.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const hashed = await app.inject({ url: `/ml/widget.${etag.slice(1, -1)}.js` });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/ml/widget.0123456789abcdef.js' })).statusCode).toBe(404);

    // A rebuild is picked up without a restart, under a new ETag.
    writeFileSync(file, 'console.log("second")');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const rebuilt = await app.inject({ url: '/ml/widget.js', headers: { 'if-none-match': etag } });
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.body).toBe('console.log("second")');
    expect(rebuilt.headers.etag).not.toBe(etag);
    await app.close();
  });

  it('answers 404 naming the build when the widget was never built', async () => {
    const app = await appWith(join(tmpdir(), 'no-such-dir', 'widget.js'));
    const response = await app.inject({ url: '/ml/widget.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/npm run build -w @gridfront\/widget/);
    await app.close();
  });

  it('finds apps/widget/dist/widget.js from the source tree', () => {
    expect(widgetScriptPath()).toMatch(/apps[\\/]widget[\\/]dist[\\/]widget\.js$/);
  });
});
