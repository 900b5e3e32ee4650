import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { tenantDomains, tenants } from '../db/schema/index.ts';
import { createTestDatabase, insertTenant, type TenantFixture, type TestDatabase } from '../test/index.ts';
import { createTenantResolver, normaliseHost } from './tenant.ts';

let database: TestDatabase;
let home: TenantFixture;
let other: TenantFixture;

beforeAll(async () => {
  database = await createTestDatabase();
  home = await insertTenant(database.handle.db, { isDefault: true });
  other = await insertTenant(database.handle.db, { isDefault: false, domains: ['portal.other.example'] });
});
afterAll(() => database.close());

/** The database, counting the queries the resolver starts through it. */
function countingQueries(db: Database): { db: Database; queries: () => number } {
  let count = 0;
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'select' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        count += 1;
        return Reflect.apply(value, target, args);
      };
    },
  });
  return { db: counted, queries: () => count };
}

describe('tenant resolution by Host', () => {
  it('maps a configured domain to its tenant, localhost and 127.0.0.1 to the default, others to none', async () => {
    const resolver = createTenantResolver(database.handle.db);
    expect((await resolver.forHost('Portal.Other.Example.:8443'))?.id).toBe(other.tenant.id);
    expect((await resolver.forHost('localhost:8080'))?.id).toBe(home.tenant.id);
    expect((await resolver.forHost('127.0.0.1:8080'))?.id).toBe(home.tenant.id);
    expect((await resolver.forHost(''))?.id).toBe(home.tenant.id);
    expect(await resolver.forHost('unknown.example')).toBeNull();
    expect(await resolver.forHost('other.example')).toBeNull();
    expect(await resolver.forHost('x.localhost')).toBeNull();
    expect(await resolver.forHost('[::1]:8080')).toBeNull();
  });

  it('never falls back to the default tenant in production', async () => {
    const resolver = createTenantResolver(database.handle.db, 10_000, { loopbackFallback: false });
    expect(await resolver.forHost('localhost:8080')).toBeNull();
    expect(await resolver.forHost('127.0.0.1')).toBeNull();
    expect(await resolver.forHost('')).toBeNull();
    expect((await resolver.forHost('portal.other.example'))?.id).toBe(other.tenant.id);
  });

  it('neither grows nor queries per host for 10,000 distinct bogus Host headers', async () => {
    const { db, queries } = countingQueries(database.handle.db);
    const resolver = createTenantResolver(db);
    const started = Date.now();
    await resolver.forHost('localhost');
    const afterFirstLoad = queries();
    expect(afterFirstLoad).toBeGreaterThan(0);

    const resolved = new Set<string | undefined>();
    for (let i = 0; i < 10_000; i += 1) {
      resolved.add((await resolver.forHost(`bogus-${i}.attacker.example:${1000 + (i % 60_000)}`))?.id);
    }
    expect([...resolved]).toEqual([undefined]);
    // At most the one-a-second stamp check, however many hosts were sent.
    const seconds = Math.ceil((Date.now() - started) / 1000);
    expect(queries() - afterFirstLoad).toBeLessThanOrEqual(seconds);
    // What stays in memory is the configured domains, not what clients sent.
    expect(resolver.cachedHostCount()).toBe(1);
  });

  it('shares one load among requests that arrive together', async () => {
    const { db, queries } = countingQueries(database.handle.db);
    const resolver = createTenantResolver(db);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        resolver.forHost(i % 2 ? 'portal.other.example' : `x${i}.example`),
      ),
    );
    expect(answers.filter((tenant) => tenant?.id === other.tenant.id)).toHaveLength(25);
    const oneLoad = queries();
    await resolver.forHost('again.example');
    expect(queries()).toBe(oneLoad);
  });

  it('sees a new domain after the TTL or at once when invalidated', async () => {
    const resolver = createTenantResolver(database.handle.db, 60_000);
    expect(await resolver.forHost('late.other.example')).toBeNull();
    await database.handle.db
      .insert(tenantDomains)
      .values({ host: 'late.other.example', tenantId: other.tenant.id });
    try {
      resolver.invalidate();
      expect((await resolver.forHost('late.other.example'))?.id).toBe(other.tenant.id);

      const shortLived = createTenantResolver(database.handle.db, 1);
      await database.handle.db.delete(tenantDomains).where(eq(tenantDomains.host, 'late.other.example'));
      await shortLived.forHost('localhost');
      await new Promise((resolve) => setTimeout(resolve, 5));
      await database.handle.db
        .insert(tenantDomains)
        .values({ host: 'late.other.example', tenantId: other.tenant.id });
      expect((await shortLived.forHost('late.other.example'))?.id).toBe(other.tenant.id);
    } finally {
      await database.handle.db.delete(tenantDomains).where(eq(tenantDomains.host, 'late.other.example'));
    }
  });

  it("sees another instance's change within a second by a cheap stamp check, not by reloading", async () => {
    const { db, queries } = countingQueries(database.handle.db);
    const resolver = createTenantResolver(db, 60_000, { stampCheckMs: 200 });
    expect((await resolver.forHost('portal.other.example'))?.name).toBe(other.tenant.name);
    const loaded = queries();
    // Unchanged: after the check interval, one stamp query and the same map.
    await new Promise((resolve) => setTimeout(resolve, 250));
    await resolver.forHost('portal.other.example');
    expect(queries()).toBe(loaded + 1);
    await resolver.forHost('portal.other.example');
    expect(queries()).toBe(loaded + 1);
    // Another instance saves a new name: this one sees it once the interval is over.
    await database.handle.db
      .update(tenants)
      .set({ name: 'Renamed Elsewhere', updatedAt: new Date() })
      .where(eq(tenants.id, other.tenant.id));
    try {
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await resolver.forHost('portal.other.example'))?.name).toBe('Renamed Elsewhere');
      // A new domain moves the stamp too.
      await database.handle.db
        .insert(tenantDomains)
        .values({ host: 'added.other.example', tenantId: other.tenant.id });
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await resolver.forHost('added.other.example'))?.id).toBe(other.tenant.id);
    } finally {
      await database.handle.db.delete(tenantDomains).where(eq(tenantDomains.host, 'added.other.example'));
      await database.handle.db
        .update(tenants)
        .set({ name: other.tenant.name })
        .where(eq(tenants.id, other.tenant.id));
    }
  });

  it('answers null without any tenant and finds the first one as soon as it exists', async () => {
    const empty = await createTestDatabase();
    try {
      const resolver = createTenantResolver(empty.handle.db);
      expect(await resolver.forHost('localhost')).toBeNull();
      const first = await insertTenant(empty.handle.db, { isDefault: true });
      expect((await resolver.forHost('localhost'))?.id).toBe(first.tenant.id);
      const [row] = await empty.handle.db.select().from(tenants).where(eq(tenants.id, first.tenant.id));
      expect(row?.isDefault).toBe(true);
    } finally {
      await empty.close();
    }
  });
});

describe('normaliseHost', () => {
  it('drops the port and a trailing dot and lower-cases', () => {
    expect(normaliseHost('Example.COM.:8080')).toBe('example.com');
    expect(normaliseHost('[::1]:8080')).toBe('[::1]');
  });
});
