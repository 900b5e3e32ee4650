// GET /ml/widget.js: the AI Assist widget (apps/widget, built into one script) for the portal and for
// any page of the utility's site (one script tag). Cached for an hour and revalidated by its ETag
// (a hash of the file), so a new release reaches browsers within the hour and costs a 304 otherwise;
// GET /ml/widget.<hash>.js is the same file under its hashed name, cached for a year.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isNotModified } from '../../plugins/built-files.ts';

/** apps/widget/dist/widget.js from this source file, or from the bundled server (apps/server/dist/). */
export function widgetScriptPath(): string {
  const candidates = ['../../../../widget/dist/widget.js', '../../widget/dist/widget.js'].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  return candidates.find((file) => existsSync(file)) ?? (candidates[0] as string);
}

interface Loaded {
  body: Buffer;
  hash: string;
  mtimeMs: number;
}

export const widgetRoutes: FastifyPluginAsync<{ file?: string }> = async (app, options) => {
  const file = options.file ?? widgetScriptPath();
  let loaded: Loaded | null = null;

  /** The built file, read again when a rebuild changed it; null when it was never built. */
  function current(): Loaded | null {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (loaded?.mtimeMs !== mtimeMs) {
      const body = readFileSync(file);
      loaded = { body, mtimeMs, hash: createHash('sha256').update(body).digest('hex').slice(0, 16) };
    }
    return loaded;
  }

  function send(request: FastifyRequest, reply: FastifyReply, script: Loaded, cacheControl: string) {
    const etag = `"${script.hash}"`;
    reply
      .header('ETag', etag)
      .header('Cache-Control', cacheControl)
      // Other pages of the utility's site load it with a script tag.
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .type('text/javascript; charset=utf-8');
    if (isNotModified(request, etag)) return reply.code(304).send();
    return reply.send(script.body);
  }

  const missing = { message: 'The widget is not built: run npm run build -w @gridfront/widget' };

  app.get('/widget.js', { schema: { hide: true } }, async (request, reply) => {
    const script = current();
    if (!script) return reply.code(404).send(missing);
    return send(request, reply, script, 'public, max-age=3600, must-revalidate');
  });

  app.get<{ Params: { hash: string } }>(
    '/widget.:hash.js',
    { schema: { hide: true } },
    async (request, reply) => {
      const script = current();
      if (!script || request.params.hash !== script.hash) return reply.code(404).send(missing);
      return send(request, reply, script, 'public, max-age=31536000, immutable');
    },
  );
};
