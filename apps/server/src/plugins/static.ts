// Serves the built portal: hashed /assets/* cached for a year, index.html revalidated every time,
// and any other GET outside the JSON prefixes answered with index.html so that client-side routes
// (/usage, /settings…) load on refresh. Without a build, a plain page says how to make one.
// The build writes <file>.br and <file>.gz beside each text file; the best one the browser accepts
// is sent (br, then gzip, then the file itself; q-values honoured), from memory (built-files.ts).
// The app shell is the host's utility's own (issue 14, app-shell.ts): index.html with that utility's
// public client credential and widget key in a <meta>, compressed once per utility. A host no
// utility owns gets a 404 page, never the demo's shell. It also carries the first view's data and
// preloads (issue 7): the tenant answer, the starting language's and the path's route chunks, so it
// varies with the path (one variant per route of the table) and with Accept-Language.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AppShell, createAppShellCache, loadFirstViewRenderer, readFirstViewPlan } from './app-shell.ts';
import { ENCODINGS, isNotModified, preferredEncoding, readBuiltFiles, sendBuiltFile } from './built-files.ts';
import { sendError } from './errors.ts';
import { UNKNOWN_HOST_MESSAGE } from './tenant.ts';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';
const OTHER_FILES_CACHE = 'public, max-age=3600';

export const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Gridfront: portal not built</title></head>
<body>
<h1>The portal has not been built yet</h1>
<p>Run <code>npm run build</code>, then restart the server (or use <code>npm start</code>, which does both).</p>
<p>The API is available under <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

export const UNKNOWN_HOST_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>No utility here</title></head>
<body>
<h1>${UNKNOWN_HOST_MESSAGE}</h1>
<p>Check the address: this server answers only for the utilities configured on it.</p>
</body>
</html>
`;

/** The shell's bytes in the encoding the browser prefers (br, then gzip; q-values honoured). */
function sendShell(request: FastifyRequest, reply: FastifyReply, shell: AppShell) {
  reply
    .code(200)
    .header('cache-control', REVALIDATE_CACHE)
    .header('vary', 'Accept-Encoding, Accept-Language')
    .header('etag', shell.etag)
    .type('text/html; charset=utf-8');
  const encoding = preferredEncoding(request.headers['accept-encoding'], ENCODINGS);
  if (isNotModified(request, shell.etag)) return reply.code(304).send();
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(shell.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(shell.gzip);
  return reply.send(shell.html);
}

export interface StaticPluginOptions {
  portalDist: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a GET for a client-side route; used by the not-found handler (errors.ts). */
    serveAppShell: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
}

/** A path naming a file (has an extension, or lies under /assets) must not get index.html. */
function looksLikeFile(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(path);
}

const staticPlugin: FastifyPluginAsync<StaticPluginOptions> = async (app, options) => {
  const root = resolve(options.portalDist);
  const built = existsSync(join(root, 'index.html'));

  const shells = built
    ? createAppShellCache(
        app.db,
        readFileSync(join(root, 'index.html'), 'utf8'),
        undefined,
        readFirstViewPlan(root),
        {
          // The visitor routes' first view (issue 7), loaded in the background: start-up does not wait.
          renderer: loadFirstViewRenderer(root, (error) =>
            app.log.error({ err: error }, 'first-view renderer not loaded: shells keep the static frame'),
          ),
          onRenderError: (error, path, language) =>
            app.log.error(
              { err: error, path, language },
              'first view not rendered: the shell keeps the static frame',
            ),
        },
      )
    : null;

  if (built) {
    // One exact route per file of the build, made at start: the build does not change while the
    // server runs, and a file that appears later is not sent. An exact route is case-sensitive, so
    // another spelling of a name is simply not found. index.html is never sent as built ("/" and
    // "/index.html" are the app shell's routes below), nor is the portal's server build
    // (dist/server, the first view's renderer). Dotfiles and source maps stay private too.
    const files = readBuiltFiles(root, (path) => /^index\.html$/.test(path) || path.startsWith('server/'));
    for (const file of files) {
      // The router reads ":" and "*" in a path as parameters: a name outside the characters the
      // build uses (hashed names, the favicon) would be a pattern, not this file. None is sent.
      if (!/^[\w./~@-]+$/.test(file.url)) {
        app.log.warn({ url: file.url }, 'build file not served: its name is not a plain path');
        continue;
      }
      const cacheControl = file.url.startsWith('/assets/')
        ? IMMUTABLE_CACHE
        : file.url.endsWith('.html')
          ? REVALIDATE_CACHE
          : OTHER_FILES_CACHE;
      app.get(file.url, (request, reply) => sendBuiltFile(request, reply, file, cacheControl));
    }
  }

  app.decorate('serveAppShell', async (request: FastifyRequest, reply: FastifyReply) => {
    if (looksLikeFile(request.url) && request.url.split('?')[0] !== '/index.html') {
      return sendError(reply, 404, `Route ${request.method}:${request.url.split('?')[0]} not found`);
    }
    if (!built) {
      return reply
        .code(200)
        .header('cache-control', REVALIDATE_CACHE)
        .type('text/html; charset=utf-8')
        .send(MISSING_BUILD_PAGE);
    }
    const tenant = shells ? await app.tenants.forHost(request.hostname ?? '') : null;
    if (!shells || !tenant) {
      return reply
        .code(404)
        .header('cache-control', REVALIDATE_CACHE)
        .type('text/html; charset=utf-8')
        .send(UNKNOWN_HOST_PAGE);
    }
    const acceptLanguage = request.headers['accept-language'];
    const shell = await shells.forTenant(tenant, {
      path: request.url.split('?')[0] ?? '/',
      acceptLanguage: typeof acceptLanguage === 'string' ? acceptLanguage : undefined,
    });
    return sendShell(request, reply, shell);
  });

  if (built) {
    for (const url of ['/', '/index.html']) {
      app.get(url, (request, reply) => app.serveAppShell(request, reply));
    }
  }
};

export const portalStatic = fp(staticPlugin, { name: 'static' });
