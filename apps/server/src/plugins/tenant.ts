// Resolves each request's tenant (utility) from its Host: an entry of tenant_domains, else the
// default tenant (localhost, 127.0.0.1, unknown hosts). Answers are cached briefly per host so a
// page load does not cost a query per request; a changed domain takes effect within the TTL.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { tenantDomains, tenants } from '../db/schema/index.ts';
import { HttpError } from './errors.ts';

export type Tenant = typeof tenants.$inferSelect;

const CACHE_TTL_MS = 30_000;
const CACHE_MAX_HOSTS = 1_000;

declare module 'fastify' {
  interface FastifyInstance {
    tenants: TenantResolver;
  }
  interface FastifyRequest {
    /** Set by resolveRequestTenant on the host scopes; null when no tenant exists at all. */
    tenant: Tenant | null;
  }
}

export interface TenantResolver {
  forHost(hostname: string): Promise<Tenant | null>;
  /** Forget cached answers, e.g. after a tenant's settings changed. */
  invalidate(): void;
}

export function createTenantResolver(db: Database, ttlMs = CACHE_TTL_MS): TenantResolver {
  const cache = new Map<string, { tenant: Tenant | null; expiresAt: number }>();

  async function lookUp(host: string): Promise<Tenant | null> {
    const [mapped] = await db
      .select({ tenant: tenants })
      .from(tenantDomains)
      .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
      .where(eq(tenantDomains.host, host))
      .limit(1);
    if (mapped) return mapped.tenant;
    const [fallback] = await db.select().from(tenants).where(eq(tenants.isDefault, true)).limit(1);
    return fallback ?? null;
  }

  return {
    async forHost(hostname) {
      const host = normaliseHost(hostname);
      const now = Date.now();
      const hit = cache.get(host);
      if (hit && hit.expiresAt > now) return hit.tenant;
      const tenant = await lookUp(host);
      if (cache.size >= CACHE_MAX_HOSTS) cache.clear();
      // A missing tenant is not cached: it appears as soon as the seed or an admin creates it.
      if (tenant) cache.set(host, { tenant, expiresAt: now + ttlMs });
      return tenant;
    },
    invalidate() {
      cache.clear();
    },
  };
}

/** Lower-case host name without port or trailing dot ("Example.com.:8080" → "example.com"). */
export function normaliseHost(hostname: string): string {
  const host = hostname.trim().toLowerCase();
  const withoutPort = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return (withoutPort ?? '').replace(/\.$/, '');
}

/** onRequest hook for the host scopes (/api, /ml, /pay). */
export async function resolveRequestTenant(this: unknown, request: FastifyRequest): Promise<void> {
  // A request without a Host header (HTTP/1.0) gets the default tenant.
  request.tenant = await request.server.tenants.forHost(request.hostname ?? '');
}

const tenantPlugin: FastifyPluginAsync = async (app) => {
  app.decorate('tenants', createTenantResolver(app.db));
  app.decorateRequest('tenant', null);
};

export const tenant = fp(tenantPlugin, { name: 'tenant', dependencies: ['db'] });

/** The host scope has already refused requests without a tenant; this narrows the type. */
export function tenantOf(request: FastifyRequest): Tenant {
  if (!request.tenant) throw new HttpError(401, 'No utility is configured for this site');
  return request.tenant;
}
