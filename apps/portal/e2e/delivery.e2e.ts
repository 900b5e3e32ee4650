// How the built portal travels: the compiled server sends the build's precompressed copies (brotli
// where the browser accepts it) with the right cache headers, and they decode to the files on disk.
// Plain HTTP on purpose: fetch would decode the body itself and hide what was on the wire.
import { readFileSync, statSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';

const dist = resolve(import.meta.dirname, '../dist');

interface RawResponse {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

function getRaw(path: string, acceptEncoding: string): Promise<RawResponse> {
  return new Promise((done, fail) => {
    get(new URL(path, inject('baseUrl')), { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', fail);
    }).on('error', fail);
  });
}

/** The hashed entry script that index.html loads first. */
function entryScript(): string {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const src = /<script[^>]+type="module"[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('no module script in dist/index.html');
  return src;
}

describe('delivery of the built portal', () => {
  it('sends a hashed asset as the build’s brotli copy, decoding to the file on disk, cached for a year', async () => {
    const path = entryScript();
    const onDisk = readFileSync(join(dist, path));
    const response = await getRaw(path, 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    // The copy written by the build, sent as it is (not compressed again on the fly).
    expect(response.body.length).toBe(statSync(join(dist, `${path}.br`)).size);
    expect(brotliDecompressSync(response.body).equals(onDisk)).toBe(true);
    expect(response.body.length).toBeLessThan(onDisk.length);

    const gzip = await getRaw(path, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(onDisk)).toBe(true);

    const plain = await getRaw(path, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(onDisk)).toBe(true);
  });

  it('sends the app shell of a client-side route compressed and revalidated, with the host utility’s config', async () => {
    // A path outside the route table (the staff pages): its shell has no server-rendered view
    // (issue 7; every route of the table has one), only the static frame.
    const response = await getRaw('/staff', 'br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    // The build's index.html with one line added: the utility's public configuration (issue 14),
    // compressed once per utility by the server.
    const shell = brotliDecompressSync(response.body).toString('utf8');
    const meta = /\n\s*<meta name="gridfront-config" content="[^"]*">/.exec(shell);
    expect(meta).not.toBeNull();
    // And the first view's data and preloads before </head> (issue 7): the tenant's answer and its
    // images as JSON data and the language's translations, as the build's manifest names them.
    const firstView =
      /\s*<script type="application\/json" id="gridfront-tenant">[^<]*<\/script><script type="application\/json" id="gridfront-images">[^<]*<\/script>(\s*<link rel="(?:modulepreload|preload)"[^>]*>)*/.exec(
        shell,
      );
    expect(firstView).not.toBeNull();
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
    expect(firstView?.[0]).toContain(`href="/${manifest['src/i18n/locales/en.ts'].file}"`);
    // And the static frame inside #root (issue 7), painted before the script runs, hidden from readers.
    const frame =
      /<div class="gf-frame" aria-hidden="true"><div class="gf-frame-header"><div class="gf-frame-bar"><span class="gf-frame-name">[^<]+<\/span><\/div><\/div><div class="gf-frame-main"><\/div><\/div>/.exec(
        shell,
      );
    expect(frame).not.toBeNull();
    expect(shell).toContain(`<div id="root">${frame?.[0]}</div>`);
    expect(
      shell
        .replace(meta?.[0] ?? '', '')
        .replace(firstView?.[0] ?? '', '')
        .replace(frame?.[0] ?? '', ''),
    ).toBe(readFileSync(join(dist, 'index.html'), 'utf8'));
    expect(response.body.length).toBeLessThan(Buffer.byteLength(shell));
  });

  it('compresses a large JSON answer of the API', async () => {
    const response = await getRaw('/api/docs/json', 'br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.body).toString('utf8')).openapi).toBe('3.1.0');
  });
});
