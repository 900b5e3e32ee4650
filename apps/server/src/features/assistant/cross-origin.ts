// The widget is embeddable on any page of the utility's own site, which may be another origin than
// the ML host (www.utility.example calling portal.utility.example/ml). Such calls are allowed only
// from the tenant's own host names (tenant_domains of the tenant this host serves), over https (or
// http on localhost); no cookies are involved (the widget token travels in Authorization), so no
// credentials are allowed. Any other origin gets no CORS headers, and the browser refuses the call.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tenantDomains } from '../../db/schema/index.ts';
import { normaliseHost } from '../../plugins/tenant.ts';

const ALLOWED_HEADERS = 'authorization, content-type, x-access-token';

async function allowedOrigin(request: FastifyRequest): Promise<string | null> {
  const origin = request.headers.origin;
  if (!origin || !request.tenant) return null;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  const host = normaliseHost(url.host);
  const local = host === 'localhost' || host === '127.0.0.1';
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) return null;
  // The same origin needs no permission.
  if (normaliseHost(request.hostname ?? '') === host) return null;
  const [row] = await request.server.db
    .select({ host: tenantDomains.host })
    .from(tenantDomains)
    .where(and(eq(tenantDomains.host, host), eq(tenantDomains.tenantId, request.tenant.id)))
    .limit(1);
  return row ? url.origin : null;
}

/** Adds the CORS answer to this plugin's routes and answers their preflight requests. */
export function allowTenantOrigins(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers.origin) return;
    reply.header('vary', 'Origin');
    const origin = await allowedOrigin(request);
    if (origin) reply.header('access-control-allow-origin', origin);
  });
  app.options('/*', { schema: { hide: true } }, async (_request, reply) => {
    if (reply.getHeader('access-control-allow-origin')) {
      reply
        .header('access-control-allow-methods', 'GET, POST, PUT, DELETE')
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '600');
    }
    return reply.code(204).send();
  });
}
