// Request rate limits. The global limit is a generous per-address flood guard kept in each
// instance's memory: behind N instances a client may get up to N× the limit, which is acceptable
// for a flood guard and costs no database write per request. Limits that must hold across instances
// (failed logins per username and per address) are counted in PostgreSQL from the audit log: see
// features/auth/login-throttle.ts. The address is the socket's unless TRUST_PROXY says which
// proxies to believe: behind a load balancer without it, every customer shares one limit.
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, isJsonPath } from './errors.ts';

/** The defaults of RATE_LIMIT_MAX and RATE_LIMIT_WINDOW_SECONDS (config.ts). */
export const GLOBAL_RATE_LIMIT = { max: 600, windowSeconds: 60 } as const;
export const tooManyRequestsMessage = 'Too many requests, please try again later.';

export interface RateLimitOptions {
  /** Requests per address and window; 0 turns the global limit off (route limits stay). */
  max: number;
  windowSeconds: number;
}

/** How the start-up log describes the global limit. */
export function describeGlobalRateLimit({ max, windowSeconds }: RateLimitOptions): string {
  if (max === 0) return 'Global rate limit: off (RATE_LIMIT_MAX=0)';
  return `Global rate limit: ${max} requests per ${windowSeconds} s per address`;
}

const rateLimitPlugin: FastifyPluginAsync<RateLimitOptions> = async (app, { max, windowSeconds }) => {
  await app.register(rateLimit, {
    // Off globally, the plugin still serves the limits that routes set themselves (sign-in).
    global: max > 0,
    max: max > 0 ? max : GLOBAL_RATE_LIMIT.max,
    timeWindow: windowSeconds * 1000,
    // Probes must keep working while a client is throttled, and the portal's files are static and
    // cacheable (a page load fetches a dozen): the limit guards the hosts that do work.
    allowList: (request) =>
      request.url === '/healthz' || request.url === '/readyz' || !isJsonPath(request.url),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new HttpError(context.statusCode, tooManyRequestsMessage), { ttl: context.ttl }),
  });
};

export const rateLimits = fp(rateLimitPlugin, { name: 'rate-limit' });
