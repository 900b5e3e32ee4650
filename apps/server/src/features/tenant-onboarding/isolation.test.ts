// Issue 14, isolation: two utilities on two host names share one database. Every API call of the
// product, enumerated from the OpenAPI document (so a new call is covered as soon as it exists), is
// driven on the second utility's host with the first utility's ids in every parameter and body
// field that takes one, first with the first utility's own tokens (refused: a token of one is not a
// token of the other) and then with the second utility's customer, agent and administrator. No
// answer may carry anything of the first utility, no answer may be a server error, and afterwards
// not one of the first utility's rows has changed.
import { ACCESS_TOKEN_HEADER, basicAuthorization } from '@gridfront/contracts';
import { and, eq, getTableColumns, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import {
  assistantSettings,
  bills,
  kbArticles,
  payments,
  tariffs,
  tenants,
  users,
} from '../../db/schema/index.ts';
import { signedInToken } from '../../test/account-test-kit.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import { insertUser } from '../../test/fixtures.ts';
import { createTenant } from './create-tenant.ts';

const B_HOST = 'portal.second-utility.test';

let world: BillingTestWorld;
let aTenantId: string;
let bTenantId: string;
let bAuthorization: string;
/** The first utility's values, by the parameter or field names that take them. */
const aValues: Record<string, string> = {};
/** Strings that must never appear in an answer on the second utility's host. */
const aMarkers = new Set<string>();
let aWidgetToken = '';
const bTokens: Record<'customer' | 'agent' | 'admin', string> = { customer: '', agent: '', admin: '' };

/** Every table with a tenant_id column, as drizzle knows them. */
function tenantTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter(
    (value): value is PgTable => is(value, PgTable) && 'tenantId' in getTableColumns(value),
  );
}

/** One checksum per table of the rows of a tenant: any insert, update or delete changes it. */
async function fingerprint(tenantId: string): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of tenantTables()) {
    const { name } = getTableConfig(table);
    const result = await world.t.database.handle.db.execute(
      sql`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as sum
          from ${sql.identifier(name)} t where t.tenant_id = ${tenantId}`,
    );
    const rows = Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows;
    sums[name] = (rows[0] as { sum: string }).sum;
  }
  return sums;
}

beforeAll(async () => {
  world = await createBillingTestWorld();
  const db = world.t.database.handle.db;
  aTenantId = world.tenantId;
  const [aTenant] = await db.select().from(tenants).where(eq(tenants.id, aTenantId));
  if (!aTenant) throw new Error('no first tenant');

  // The second utility, as an operator creates it; its staff and a customer whose username is
  // the first utility's demo login (a user name may exist in both).
  const created = await createTenant(db, { name: 'Second Utility', domain: B_HOST });
  if (created.status !== 'created') throw new Error('not created');
  bAuthorization = basicAuthorization(created.clientId, created.clientSecret);
  const [bAdmin] = await db.select().from(users).where(eq(users.tenantId, created.tenantId));
  const bCustomer = await insertUser(db, created.tenantId, {
    username: 'demo',
    withAccount: true,
    withProfile: true,
  });
  const bAgent = await insertUser(db, created.tenantId, { username: 'agent' });
  await db.update(users).set({ role: 'agent' }).where(eq(users.id, bAgent.id));
  bTokens.customer = await signedInToken(world.t, created.tenantId, bCustomer.id);
  bTokens.agent = await signedInToken(world.t, created.tenantId, bAgent.id);
  bTokens.admin = await signedInToken(world.t, created.tenantId, bAdmin?.id ?? '');
  bTenantId = created.tenantId;
  world.t.app.tenants.invalidate();

  // The first utility's ids, numbers and keys.
  const [bill] = await db.select().from(bills).where(eq(bills.accountId, world.demo.accountId)).limit(1);
  const [payment] = await db.select().from(payments).where(eq(payments.tenantId, aTenantId)).limit(1);
  const [article] = await db.select().from(kbArticles).where(eq(kbArticles.tenantId, aTenantId)).limit(1);
  const [tariff] = await db.select().from(tariffs).where(eq(tariffs.tenantId, aTenantId)).limit(1);
  const [settings] = await db
    .select()
    .from(assistantSettings)
    .where(eq(assistantSettings.tenantId, aTenantId));
  Object.assign(aValues, {
    accountId: world.demo.accountId,
    accountNumber: world.demo.accountNumber,
    accountNo: world.demo.accountNumber,
    userId: world.demo.userId,
    billId: bill?.id ?? '',
    billNumber: bill?.billNumber ?? '',
    paymentId: payment?.id ?? '',
    slug: article?.slug ?? '',
    language: article?.language ?? 'en',
    apiKey: settings?.apiKey ?? '',
    account: world.demo.accountNumber,
    tariffId: tariff?.id ?? '',
  });
  for (const value of [
    aTenantId,
    aTenant.name,
    aTenant.appClientId,
    world.demo.accountId,
    world.demo.accountNumber,
    world.demo.userId,
    world.other.accountNumber,
    bill?.id,
    bill?.billNumber,
    payment?.id,
    settings?.apiKey,
    article?.title,
  ]) {
    if (value) aMarkers.add(value);
  }
  const [demoUser] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, aTenantId), eq(users.id, world.demo.userId)));
  if (demoUser) aMarkers.add(demoUser.email);

  // A widget session of the first utility's demo customer, made on its own host.
  const tokens = await world.t.app.inject({
    method: 'POST',
    url: '/ml/create-tokens',
    headers: { [ACCESS_TOKEN_HEADER]: world.demo.accessToken },
    payload: { apiKey: settings?.apiKey },
  });
  aWidgetToken = tokens.json().token ?? '';
}, 180_000);

afterAll(async () => {
  await world?.t.close();
});

interface Operation {
  method: string;
  path: string;
  security: string[];
  body: JsonSchema | undefined;
  parameters: Array<{ name: string; in: string; schema?: JsonSchema; required?: boolean }>;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  minItems?: number;
  minLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
  $ref?: string;
}

let components: Record<string, JsonSchema> = {};

/** Values that pass the contracts' checks, for fields that do not name a record. */
const SAMPLE_STRINGS: Record<string, string> = {
  code: '123456',
  idempotencyKey: 'isolation-0123456789',
  attemptKey: 'isolation-0123456789abcdef',
  returnPath: '/billing',
  zip: '63101',
  serviceZip: '63101',
  phoneNo: '(555) 010-4400',
  secondaryPhnNo: '',
  mailingAddress: '1 Main St',
  serviceAddress: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  username: 'someone',
  fullName: 'Sam Someone',
  accountHolderName: 'Sam Someone',
};

function resolve(node: JsonSchema | undefined): JsonSchema | undefined {
  if (node?.$ref) return components[node.$ref.split('/').pop() ?? ''];
  return node;
}

/** A plausible value for a field: the first utility's when the field names one, else from the schema. */
function sample(name: string, raw: JsonSchema | undefined, depth = 0): unknown {
  const node = resolve(raw);
  if (name in aValues) return aValues[name];
  if (!node || depth > 6) return undefined;
  if (node.const !== undefined) return node.const;
  if (node.enum?.length) return node.enum[0];
  if (node.example !== undefined) return node.example;
  if (node.examples?.length) return node.examples[0];
  if (node.default !== undefined) return node.default;
  const variants = node.anyOf ?? node.oneOf ?? node.allOf;
  if (variants?.length)
    return sample(name, variants.find((v) => resolve(v)?.type !== 'null') ?? variants[0], depth + 1);
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node.properties ?? {})) {
        const value = sample(key, child, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'array': {
      const item = sample(name, node.items, depth + 1);
      return item === undefined ? [] : Array.from({ length: Math.max(1, node.minItems ?? 1) }, () => item);
    }
    case 'integer':
    case 'number':
      return node.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (name in SAMPLE_STRINGS) return SAMPLE_STRINGS[name];
      if (/id$/i.test(name) || node.format === 'uuid') return aValues.accountId;
      if (node.format === 'email' || /email/i.test(name)) return 'someone@example.com';
      if (node.format === 'date' || /date|from|to$/i.test(name)) return '2026-09-01';
      if (/password/i.test(name)) return 'Second@12345';
      if (/pin/i.test(name)) return '1234';
      return 'Sample text'.padEnd(Math.max(1, node.minLength ?? 1), '.');
    default:
      return undefined;
  }
}

async function operations(): Promise<Operation[]> {
  const response = await world.t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const document = response.json() as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  components = document.components?.schemas ?? {};
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const security = ((operation.security as Array<Record<string, unknown>> | undefined) ?? []).flatMap(
        (entry) => Object.keys(entry),
      );
      const content = (
        operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined
      )?.content;
      found.push({
        method: method.toUpperCase(),
        path,
        security,
        body: content?.['application/json']?.schema,
        parameters: (operation.parameters as Operation['parameters'] | undefined) ?? [],
      });
    }
  }
  // Signing out ends the identity's session: those calls go last.
  return found.sort((a, b) => Number(a.path.includes('logout')) - Number(b.path.includes('logout')));
}

function requestFor(operation: Operation) {
  let url = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = String(sample(parameter.name, parameter.schema) ?? '');
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (parameter.in === 'query' && (parameter.required || parameter.name in aValues))
      query.set(parameter.name, value);
  }
  const search = query.toString();
  return {
    url: search ? `${url}?${search}` : url,
    payload: operation.body ? (sample('body', operation.body) as object | undefined) : undefined,
  };
}

function leaked(body: string): string[] {
  return [...aMarkers].filter((marker) => body.includes(marker));
}

describe('two utilities on two hosts', () => {
  it('a user name may exist in both utilities', async () => {
    const db = world.t.database.handle.db;
    const named = await db
      .select({ tenantId: users.tenantId })
      .from(users)
      .where(sql`lower(${users.username}) = 'demo'`);
    expect(new Set(named.map((row) => row.tenantId)).size).toBe(2);
  });

  it('refuses the first utility’s access token on the second utility’s host, and the reverse', async () => {
    const mine = await world.t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: bAuthorization, host: B_HOST, [ACCESS_TOKEN_HEADER]: world.demo.accessToken },
    });
    expect(mine.statusCode).toBe(401);
    const theirs = await world.demo.api.get('/auth/session', {
      [ACCESS_TOKEN_HEADER]: bTokens.customer,
    });
    expect(theirs.statusCode).toBe(401);
    // The same token on its own host is good: the refusal above is the tenant's, not the token's.
    const own = await world.demo.api.get('/auth/session');
    expect(own.statusCode).toBe(200);
  });

  it('drives every API call on the second host with the first utility’s ids: refused, nothing leaked, nothing changed', async () => {
    // Every utility-owned table is watched (users, accounts, bills, payments, usage, mail, audit…).
    expect(tenantTables().length).toBeGreaterThan(25);
    const before = await fingerprint(aTenantId);
    const all = await operations();
    // The document lists the product's calls; a handful would mean it lost them.
    expect(all.length).toBeGreaterThan(60);
    const tally: Record<string, number> = {};
    const failures: string[] = [];
    const identities: Array<[string, Record<string, string>]> = [
      [
        'first utility’s customer token',
        { [ACCESS_TOKEN_HEADER]: world.demo.accessToken, authorization: `Bearer ${aWidgetToken}` },
      ],
      ['second utility’s customer', { [ACCESS_TOKEN_HEADER]: bTokens.customer }],
      ['second utility’s agent', { [ACCESS_TOKEN_HEADER]: bTokens.agent }],
      ['second utility’s administrator', { [ACCESS_TOKEN_HEADER]: bTokens.admin }],
    ];
    for (const operation of all) {
      const { url, payload } = requestFor(operation);
      // Slugs and languages are names, not records: the second utility may use the same ones.
      const carriesAnId = Object.entries(aValues)
        .filter(([name]) => name !== 'slug' && name !== 'language')
        .map(([, value]) => value)
        .filter((value) => value.length >= 8)
        .some(
          (value) =>
            value &&
            (url.includes(encodeURIComponent(value)) || JSON.stringify(payload ?? '').includes(value)),
        );
      for (const [who, headers] of identities) {
        const response = await world.t.app.inject({
          method: operation.method as 'GET',
          url,
          headers: {
            host: B_HOST,
            // /ml takes the widget's bearer token in Authorization; /api and /pay the client credential.
            ...(url.startsWith('/ml/') && headers.authorization
              ? { authorization: headers.authorization }
              : { authorization: bAuthorization }),
            ...(headers[ACCESS_TOKEN_HEADER] ? { [ACCESS_TOKEN_HEADER]: headers[ACCESS_TOKEN_HEADER] } : {}),
          },
          remoteAddress: `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          ...(payload === undefined || operation.method === 'GET' ? {} : { payload }),
        });
        if (process.env.ISOLATION_DEBUG)
          console.info(
            response.statusCode,
            operation.method,
            url,
            who,
            JSON.stringify(payload)?.slice(0, 200),
            response.body.slice(0, 160),
          );
        const key = `${response.statusCode}`;
        tally[key] = (tally[key] ?? 0) + 1;
        const what = `${operation.method} ${url} as ${who}`;
        if (response.statusCode >= 500)
          failures.push(`${what}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        const found = leaked(response.body);
        if (found.length > 0) failures.push(`${what}: ${response.statusCode} shows ${found.join(', ')}`);
        // A call that names one of the first utility's records may not succeed on the second host.
        if (
          carriesAnId &&
          response.statusCode >= 200 &&
          response.statusCode < 300 &&
          operation.method !== 'GET'
        ) {
          failures.push(`${what}: ${response.statusCode} accepted an id of the other utility`);
        }
      }
    }
    console.info(
      `isolation: ${all.length} calls × ${identities.length} identities; answers by status`,
      tally,
    );
    expect(failures).toEqual([]);
    // Refusals dominate: most calls need a user or name a record of the other utility.
    expect((tally['401'] ?? 0) + (tally['403'] ?? 0) + (tally['404'] ?? 0)).toBeGreaterThan(all.length);
    expect(await fingerprint(aTenantId)).toEqual(before);
    // Nor did the second utility's rows take in any of the first one's ids, numbers or addresses
    // (its mail, audit log, conversations, requests…).
    const copied: string[] = [];
    const markers = [...aMarkers].filter((marker) => marker.length >= 8);
    for (const table of tenantTables()) {
      const { name } = getTableConfig(table);
      for (const marker of markers) {
        // The audit log records what a request asked for (an agent's search for an account number
        // that is not there, say): the values the test sent itself may appear there, nothing else.
        if (name === 'audit_log' && Object.values(aValues).includes(marker)) continue;
        const result = await world.t.database.handle.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(name)} t
              where t.tenant_id = ${bTenantId} and strpos(t::text, ${marker}) > 0`,
        );
        const rows = Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows;
        const n = (rows[0] as { n: number }).n;
        if (n > 0) copied.push(`${name}: ${n} row(s) hold ${marker}`);
      }
    }
    expect(copied).toEqual([]);
  }, 300_000);
});
