// For bench:web: the floor under its figures. A proxy in front of the portal's server that sends
// each page as the server renders it, minus every <script> and <link rel="modulepreload">: the same
// first view, stylesheets, fonts and images, and nothing to run. Lighthouse on it measures what this
// machine, this Chromium and Lighthouse's simulation give a page that runs no JavaScript at all.
// Lighthouse multiplies the wall time of the page's tasks, waits for a core included, so on a
// machine short of cores even such a page shows blocking time (issue 7: a route's TBT less this
// floor is what the portal's own code adds).
// Everything else passes through byte for byte, compressed as the server sent it.
import { createServer, request, type Server } from 'node:http';
import { brotliCompressSync } from 'node:zlib';

/** The page without what would run in it: script elements, whether inline or not, and preloads of modules. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi, '');
}

/** Listens on `port` (127.0.0.1) and forwards every request to `target` (http://host:port). */
export function startNoScriptProxy(target: string, port: number): Promise<Server> {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const page = (incoming.headers.accept ?? '').includes('text/html');
    const brotli = /\bbr\b/.test(String(incoming.headers['accept-encoding'] ?? ''));
    const headers = { ...incoming.headers, host: upstream.host };
    // A page is rewritten, so it is asked for uncompressed, and compressed again as the server
    // would have sent it: the page's bytes on the simulated network stay what they are.
    if (page) headers['accept-encoding'] = 'identity';
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        const isHtml = page && (answer.headers['content-type'] ?? '').startsWith('text/html');
        if (!isHtml) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.from(withoutScripts(Buffer.concat(chunks).toString('utf8')));
          const body = brotli ? brotliCompressSync(html) : html;
          const { 'content-length': _length, 'transfer-encoding': _chunked, ...rest } = answer.headers;
          outgoing.writeHead(answer.statusCode ?? 502, {
            ...rest,
            ...(brotli ? { 'content-encoding': 'br' } : {}),
            'content-length': body.length,
          });
          outgoing.end(body);
        });
      },
    );
    forwarded.on('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`no-script proxy: ${error.message}`);
    });
    incoming.pipe(forwarded);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
