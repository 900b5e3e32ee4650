// JSON bodies as clients really send them: many HTTP clients (fetch wrappers, axios, mobile SDKs)
// set `Content-Type: application/json` on every POST, also on calls that take no body
// (/auth/profileDetails, /settings/tfaEnable). Fastify refuses such an empty body with 400; here it
// counts as no body at all. Calls that need a body still get their contract's validation message,
// because errors.ts validates a missing body as `{}`.
import type { FastifyInstance } from 'fastify';

/** Replaces Fastify's JSON parser with one that reads an empty (or blank) body as "no body". */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  // The default parser keeps its prototype-poisoning protection ('error' is Fastify's default).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
