// What every test of the admin area starts from: the utility's staff and a customer, another utility
// on its own host with its own administrator (whose token must open nothing here), each signed in,
// and one way to call the API as any of them. Kept here so each test file states only what it tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCESS_TOKEN_HEADER } from '@gridfront/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { KNOWLEDGE_BASE_DIR } from '../../seed/knowledge-base/articles.ts';
import { signedInToken } from '../../test/account-test-kit.ts';
import {
  insertTenant,
  insertUser,
  type TenantFixture,
  type TestApp,
  type UserFixture,
} from '../../test/index.ts';
import { makeStaff } from '../staff/staff-test-kit.ts';

export type AdminTestRole = 'admin' | 'agent' | 'customer' | 'otherAdmin';

export interface AdminTestCast {
  other: TenantFixture;
  people: Record<AdminTestRole, UserFixture>;
  tokens: Record<AdminTestRole, string>;
}

/**
 * Inserts another utility answering on `otherHost`, then an administrator, an agent and a customer
 * (with an account) of `homeTenantId` and an administrator of the other utility, all signed in on `t`.
 */
export async function castAdminTest(
  t: TestApp,
  homeTenantId: string,
  otherHost: string,
): Promise<AdminTestCast> {
  const db = t.database.handle.db;
  const other = await insertTenant(db, { name: 'Hilltop Water', isDefault: false, domains: [otherHost] });
  t.app.tenants.invalidate();
  const people: Record<AdminTestRole, UserFixture> = {
    admin: await insertUser(db, homeTenantId, { fullName: 'Ada Admin' }),
    agent: await insertUser(db, homeTenantId, { fullName: 'Alex Agent' }),
    customer: await insertUser(db, homeTenantId, { fullName: 'Cory Customer', withAccount: true }),
    otherAdmin: await insertUser(db, other.tenant.id, { fullName: 'Olga Other' }),
  };
  await makeStaff(db, people.admin.id, 'admin');
  await makeStaff(db, people.agent.id, 'agent');
  await makeStaff(db, people.otherAdmin.id, 'admin');
  const tokens: Record<AdminTestRole, string> = {
    admin: await signedInToken(t, homeTenantId, people.admin.id),
    agent: await signedInToken(t, homeTenantId, people.agent.id),
    customer: await signedInToken(t, homeTenantId, people.customer.id),
    otherAdmin: await signedInToken(t, other.tenant.id, people.otherAdmin.id),
  };
  return { other, people, tokens };
}

export interface AdminRequest {
  /** The app's client credential (`Basic …`) of the utility called. */
  authorization: string;
  token?: string | undefined;
  payload?: unknown;
  host?: string | undefined;
  type?: string | undefined;
}

export function injectAs(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  request: AdminRequest,
) {
  return t.app.inject({
    method,
    url,
    headers: {
      authorization: request.authorization,
      ...(request.token ? { [ACCESS_TOKEN_HEADER]: request.token } : {}),
      ...(request.host ? { host: request.host } : {}),
      ...(request.type ? { 'content-type': request.type } : {}),
    },
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });
}

/** The utility's audit entries of one action. */
export function auditEntries(db: Database, tenantId: string, action: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, action)));
}

/** The shipped knowledge base as a browser reads a chosen folder (the import's request body). */
export function shippedKnowledgeFolder(): { path: string; text: string }[] {
  return ['en', 'es', 'ta', 'de'].flatMap((language) =>
    readdirSync(join(KNOWLEDGE_BASE_DIR, language))
      .filter((name) => name.endsWith('.md'))
      .map((name) => ({
        path: `knowledge-base/${language}/${name}`,
        text: readFileSync(join(KNOWLEDGE_BASE_DIR, language, name), 'utf8'),
      })),
  );
}
