// Resolves each request's tenant (utility) from its Host: an entry of tenant_domains; outside
// production only, `localhost` and `127.0.0.1` (and a request without a Host) fall back to the
// default tenant. Any other host no tenant owns is refused with 404 (issue 14): it is never served
// as the demo. The Host header is the client's to choose,
// so nothing is cached per host: the whole domain → tenant map (a handful of rows) is loaded at most
// once per TTL and every host is looked up in it. Unknown hosts cost neither a query nor memory.
// Other instances see an administrator's change at once (issue 14): at most once a second, a request
// checks one cheap stamp (the newest tenants.updated_at and the row counts of tenants and domains)
// and reloads the map only when it moved. This instance's own changes call `app.tenants.invalidate()`.
import { count, eq, max, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { tenantDomains, tenants } from '../db/schema/index.ts';
import { HttpError } from './errors.ts';

export type Tenant = typeof tenants.$inferSelect;

const DIRECTORY_TTL_MS = 60_000;
/** How long a loaded map is trusted before its stamp is checked again. */
const STAMP_CHECK_MS = 1_000;

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
  /**
   * What forHost would answer, without waiting, while the loaded map is trusted (no stamp check
   * due); undefined when forHost has to read the database first.
   */
  forHostNow(hostname: string): Tenant | null | undefined;
  /** Forget the loaded map, e.g. after a tenant's settings or domains changed. */
  invalidate(): void;
  /** How many host names are held in memory: the configured domains, whatever clients send. */
  cachedHostCount(): number;
}

interface TenantDirectory {
  byHost: Map<string, Tenant>;
  fallback: Tenant | null;
  expiresAt: number;
  /** What loadStamp answered when the map was loaded. */
  stamp: string;
  /** Until when the map is used without checking the stamp. */
  trustedUntil: number;
}

/** Moves with every administrator change (updated_at), a new or removed tenant, a domain added or removed. */
async function loadStamp(db: Database): Promise<string> {
  const [row] = await db
    .select({
      updatedAt: max(tenants.updatedAt),
      tenants: count(),
      domains: sql<number>`(select count(*) from ${tenantDomains})`,
    })
    .from(tenants);
  return `${row?.updatedAt ? new Date(row.updatedAt).getTime() : 0}|${row?.tenants ?? 0}|${row?.domains ?? 0}`;
}

async function loadDirectory(db: Database, ttlMs: number, checkMs: number): Promise<TenantDirectory> {
  // The stamp first: a change made while the rows are read moves it again, and the next check reloads.
  const stamp = await loadStamp(db);
  const mapped = await db
    .select({ host: tenantDomains.host, tenant: tenants })
    .from(tenantDomains)
    .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId));
  const [fallback] = await db.select().from(tenants).where(eq(tenants.isDefault, true)).limit(1);
  return {
    byHost: new Map(mapped.map((row) => [normaliseHost(row.host), row.tenant])),
    fallback: fallback ?? null,
    expiresAt: Date.now() + ttlMs,
    stamp,
    trustedUntil: Date.now() + checkMs,
  };
}

/** Host names that may fall back to the default tenant outside production (issue 14). */
export const LOOPBACK_FALLBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '']);

export interface TenantResolverOptions {
  /** Whether localhost and 127.0.0.1 fall back to the default tenant: never in production. */
  loopbackFallback?: boolean;
  /** How long a loaded map is used before its stamp is checked (1 s). */
  stampCheckMs?: number;
}

export function createTenantResolver(
  db: Database,
  ttlMs = DIRECTORY_TTL_MS,
  { loopbackFallback = true, stampCheckMs = STAMP_CHECK_MS }: TenantResolverOptions = {},
): TenantResolver {
  let directory: TenantDirectory | undefined;
  // Requests that find the map expired together share one load.
  let loading: Promise<TenantDirectory> | undefined;
  // ...and one stamp check.
  let checking: Promise<boolean> | undefined;
  // Bumped by invalidate(), so that a load begun before a change does not outlive it.
  let generation = 0;

  /** Whether the loaded map is still the database's: one small query, shared by concurrent requests. */
  async function stillCurrent(loaded: TenantDirectory): Promise<boolean> {
    if (!checking) {
      const started = loadStamp(db)
        .then((stamp) => {
          if (stamp !== loaded.stamp) return false;
          loaded.trustedUntil = Date.now() + stampCheckMs;
          return true;
        })
        // The database is away: keep serving the map we have (as a failed load does).
        .catch(() => true)
        .finally(() => {
          if (checking === started) checking = undefined;
        });
      checking = started;
    }
    return checking;
  }

  async function current(): Promise<TenantDirectory> {
    const now = Date.now();
    if (directory && directory.expiresAt > now) {
      if (directory.trustedUntil > now) return directory;
      const checked = directory;
      if (await stillCurrent(checked)) return checked;
      if (directory === checked) directory = undefined;
      if (directory) return directory;
    }
    const startedIn = generation;
    if (!loading) {
      const started = loadDirectory(db, ttlMs, stampCheckMs).finally(() => {
        if (loading === started) loading = undefined;
      });
      loading = started;
    }
    const load = loading;
    try {
      const loaded = await load;
      // A database without any tenant is not remembered: one appears as soon as the seed or an
      // administrator creates it.
      if (startedIn === generation)
        directory = loaded.byHost.size > 0 || loaded.fallback ? loaded : undefined;
      return loaded;
    } catch (error) {
      // The database is away: the last map still names the right tenant; the request's own
      // queries will fail or succeed on their own.
      if (directory) return directory;
      throw error;
    }
  }

  function lookup({ byHost, fallback }: TenantDirectory, hostname: string): Tenant | null {
    const host = normaliseHost(hostname);
    const owned = byHost.get(host);
    if (owned) return owned;
    return loopbackFallback && LOOPBACK_FALLBACK_HOSTS.has(host) ? fallback : null;
  }

  return {
    async forHost(hostname) {
      return lookup(await current(), hostname);
    },
    forHostNow(hostname) {
      const now = Date.now();
      if (!directory || directory.expiresAt <= now || directory.trustedUntil <= now) return undefined;
      return lookup(directory, hostname);
    },
    invalidate() {
      generation += 1;
      directory = undefined;
      loading = undefined;
    },
    cachedHostCount() {
      return directory?.byHost.size ?? 0;
    },
  };
}

/** Lower-case host name without port or trailing dot ("Example.com.:8080" → "example.com"). */
export function normaliseHost(hostname: string): string {
  const host = hostname.trim().toLowerCase();
  const withoutPort = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return (withoutPort ?? '').replace(/\.$/, '');
}

export const UNKNOWN_HOST_MESSAGE = 'No utility is configured for this host name';

/**
 * onRequest hook for the host scopes (/api, /ml, /pay): a host no tenant owns gets 404 with a clear
 * message before any other hook or handler runs. A callback hook: while the loaded map is trusted
 * (nearly every request) the tenant is known at once, with no promise made for it.
 */
export function resolveRequestTenant(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  // A request without a Host header (HTTP/1.0) is treated as localhost.
  const hostname = request.hostname ?? '';
  const known = request.server.tenants.forHostNow(hostname);
  if (known !== undefined) {
    settleTenant(request, known, done);
    return;
  }
  request.server.tenants.forHost(hostname).then((found) => settleTenant(request, found, done), done);
}

function settleTenant(request: FastifyRequest, found: Tenant | null, done: HookHandlerDoneFunction): void {
  request.tenant = found;
  if (found) done();
  else done(new HttpError(404, UNKNOWN_HOST_MESSAGE));
}

export interface TenantPluginOptions {
  /** False in production: only configured domains resolve. */
  loopbackFallback?: boolean;
}

const tenantPlugin: FastifyPluginAsync<TenantPluginOptions> = async (app, options) => {
  app.decorate(
    'tenants',
    createTenantResolver(app.db, DIRECTORY_TTL_MS, { loopbackFallback: options.loopbackFallback ?? true }),
  );
  app.decorateRequest('tenant', null);
};

export const tenant = fp(tenantPlugin, { name: 'tenant', dependencies: ['db'] });

/** The host scope has already refused requests without a tenant; this narrows the type. */
export function tenantOf(request: FastifyRequest): Tenant {
  if (!request.tenant) throw new HttpError(401, 'No utility is configured for this site');
  return request.tenant;
}
