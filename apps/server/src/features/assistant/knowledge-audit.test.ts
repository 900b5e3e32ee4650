// Every way into the knowledge base writes the same audit row through recordKnowledgeChange: the
// /admin/knowledge editor and import, and the assistant's /ml/kb/articles. Each row is checked whole
// (action, who, where from, what), and none is written for a change refused or not found.
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createAccountTestApp } from '../../test/account-test-kit.ts';
import { insertTenant, type TenantFixture, type TestApp } from '../../test/index.ts';
import { type AdminTestCast, castAdminTest, shippedKnowledgeFolder } from '../admin/admin-test-kit.ts';
import { knowledgeAuditAction } from './knowledge-audit.ts';

let t: TestApp;
let home: TenantFixture;
let cast: AdminTestCast;
const db = () => t.database.handle.db;
const AGENT = 'knowledge-audit-test/1.0';

function call(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = cast.tokens.admin) {
  return t.app.inject({
    method,
    url,
    headers: {
      authorization: home.authorization,
      'x-access-token': token,
      'user-agent': AGENT,
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function knowledgeRows() {
  return db()
    .select({
      action: auditLog.action,
      userId: auditLog.userId,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, home.tenant.id), like(auditLog.action, 'admin.knowledge.%')))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

const article = {
  slug: 'audit-trail-rebate',
  language: 'en',
  title: 'Audit trail rebate',
  tags: ['rebate'],
  body: '# Audit trail rebate\n\nThe audit trail rebate pays $7.77.\n',
};

beforeAll(async () => {
  t = await createAccountTestApp();
  home = await insertTenant(db(), { name: 'Audit Power' });
  cast = await castAdminTest(t, home.tenant.id, 'power.other-knowledge-audit.test');
});
afterAll(() => t.close());

describe('knowledge-base audit rows', () => {
  it('names each change admin.knowledge.<change>', () => {
    expect(knowledgeAuditAction('create')).toBe('admin.knowledge.create');
    expect(knowledgeAuditAction('import')).toBe('admin.knowledge.import');
  });

  it('the editor, the import and /ml/kb/articles write the same rows as before, whole', async () => {
    const created = await call('POST', '/api/admin/knowledge/articles', article);
    expect(created.statusCode, created.body).toBe(201);
    const edited = await call('PUT', `/api/admin/knowledge/articles/en/${article.slug}`, {
      title: 'Audit trail rebate (2027)',
      tags: article.tags,
      body: article.body,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const viaMl = await call('PUT', '/ml/kb/articles', {
      ...article,
      title: 'Via ml',
      updated: '2026-11-26',
    });
    expect(viaMl.statusCode, viaMl.body).toBe(200);
    const removedViaMl = await call('DELETE', `/ml/kb/articles/en/${article.slug}`);
    expect(removedViaMl.statusCode, removedViaMl.body).toBe(200);
    const recreated = await call('POST', '/api/admin/knowledge/articles', article);
    expect(recreated.statusCode, recreated.body).toBe(201);
    const removed = await call('DELETE', `/api/admin/knowledge/articles/en/${article.slug}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const files = shippedKnowledgeFolder();
    const imported = await call('POST', '/api/admin/knowledge/import', { files, replace: true });
    expect(imported.statusCode, imported.body).toBe(200);

    const who = { userId: cast.people.admin.id, ip: '127.0.0.1', userAgent: AGENT };
    const slug = article.slug;
    expect(await knowledgeRows()).toEqual([
      {
        ...who,
        action: 'admin.knowledge.create',
        detail: { language: 'en', slug, title: 'Audit trail rebate' },
      },
      {
        ...who,
        action: 'admin.knowledge.update',
        detail: { language: 'en', slug, title: 'Audit trail rebate (2027)' },
      },
      {
        ...who,
        action: 'admin.knowledge.update',
        detail: { language: 'en', slug, title: 'Via ml', via: 'PUT /ml/kb/articles' },
      },
      {
        ...who,
        action: 'admin.knowledge.delete',
        detail: { language: 'en', slug, via: 'DELETE /ml/kb/articles' },
      },
      {
        ...who,
        action: 'admin.knowledge.create',
        detail: { language: 'en', slug, title: 'Audit trail rebate' },
      },
      { ...who, action: 'admin.knowledge.delete', detail: { language: 'en', slug } },
      {
        ...who,
        action: 'admin.knowledge.import',
        detail: { imported: files.length, removed: 0, replace: true, languages: ['en', 'es', 'ta', 'de'] },
      },
    ]);
  });

  it('writes nothing for a refused or missing change', async () => {
    const before = (await knowledgeRows()).length;
    const missing = await call('DELETE', '/ml/kb/articles/en/no-such-article');
    expect(missing.statusCode).toBe(404);
    const agent = await call(
      'PUT',
      '/ml/kb/articles',
      { ...article, updated: '2026-11-26' },
      cast.tokens.agent,
    );
    expect(agent.statusCode).toBe(403);
    const missingAdmin = await call('DELETE', '/api/admin/knowledge/articles/en/no-such-article');
    expect(missingAdmin.statusCode).toBe(404);
    expect(await knowledgeRows()).toHaveLength(before);
  });
});
