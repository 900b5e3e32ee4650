// Request rate limits. The global limit is a generous per-IP flood guard kept in each instance's
// memory: behind N instances a client may get up to N× the limit, which is acceptable for a flood
// guard and costs no database write per request. Limits that must hold across instances (failed
// logins per username and per IP) are counted in PostgreSQL from the audit log: see
// features/auth/login-throttle.ts.
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, isJsonPath } from './errors.ts';

export const GLOBAL_RATE_LIMIT = { max: 600, timeWindow: 60_000 } as const;
export const tooManyRequestsMessage = 'Too many requests, please try again later.';

const rateLimitPlugin: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, {
    global: true,
    max: GLOBAL_RATE_LIMIT.max,
    timeWindow: GLOBAL_RATE_LIMIT.timeWindow,
    // Probes must keep working while a client is throttled, and the portal's files are static and
    // cacheable (a page load fetches a dozen): the limit guards the hosts that do work.
    allowList: (request) =>
      request.url === '/healthz' || request.url === '/readyz' || !isJsonPath(request.url),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new HttpError(context.statusCode, tooManyRequestsMessage), { ttl: context.ttl }),
  });
};

export const rateLimits = fp(rateLimitPlugin, { name: 'rate-limit' });
