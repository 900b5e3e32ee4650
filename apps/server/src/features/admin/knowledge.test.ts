// The knowledge-base editor of /admin (issue 14): list with search, create, edit, delete and a folder
// import checked like kb:import; the assistant answers from an edit at once (no restart); audited;
// administrators of this utility only.
import { adminKnowledgeMessages } from '@gridfront/contracts/admin-knowledge';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kbArticles } from '../../db/schema/index.ts';
import { createAccountTestApp } from '../../test/account-test-kit.ts';
import { insertTenant, type TenantFixture, type TestApp } from '../../test/index.ts';
import { setApiKey } from '../assistant/knowledge.ts';
import {
  type AdminTestCast,
  auditEntries,
  castAdminTest,
  injectAs,
  shippedKnowledgeFolder,
} from './admin-test-kit.ts';
import { articlesOfUpload } from './knowledge-routes.ts';

let t: TestApp;
let home: TenantFixture;
let other: TenantFixture;
const otherHost = 'power.other-knowledge.test';
let tokens: AdminTestCast['tokens'];
const WIDGET_KEY = 'gf-assist-knowledge-test';
const db = () => t.database.handle.db;

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; payload?: unknown; tenant?: TenantFixture; host?: string } = {},
) {
  const { tenant = home, ...request } = options;
  return injectAs(t, method, `/api${url}`, { authorization: tenant.authorization, ...request });
}

let ip = 0;
async function ask(message: string): Promise<{ answer: string; kind: string }> {
  const remoteAddress = `10.66.0.${++ip}`;
  const tokens = await t.app.inject({
    method: 'POST',
    url: '/ml/create-tokens',
    payload: { apiKey: WIDGET_KEY },
    remoteAddress,
  });
  expect(tokens.statusCode, tokens.body).toBe(200);
  const response = await t.app.inject({
    method: 'POST',
    url: '/ml/external-chat',
    headers: { authorization: `Bearer ${tokens.json().token}` },
    payload: { message, language: 'en' },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const audits = (action: string) => auditEntries(db(), home.tenant.id, action);

beforeAll(async () => {
  t = await createAccountTestApp();
  home = await insertTenant(db(), { name: 'Lakeside Power' });
  ({ other, tokens } = await castAdminTest(t, home.tenant.id, otherHost));
  await setApiKey(db(), home.tenant.id, WIDGET_KEY);
});
afterAll(() => t.close());

describe('import a folder', () => {
  it('names every bad file like kb:import and writes nothing', async () => {
    const files = shippedKnowledgeFolder();
    const broken = files.map((file) =>
      file.path.endsWith('en/green-tags.md')
        ? { ...file, text: file.text.replace(/^language: en$/m, 'language: english') }
        : file.path.endsWith('de/autopay.md')
          ? { ...file, text: file.text.replace(/^---\n/, '') }
          : file,
    );
    const response = await call('POST', '/admin/knowledge/import', {
      token: tokens.admin,
      payload: { files: broken },
    });
    expect(response.statusCode).toBe(422);
    const { problems, message } = response.json() as { problems: string[]; message: string };
    expect(message).toMatch(/^The knowledge base was not imported:/);
    expect(problems).toContain('de/autopay.md: no front matter between --- lines');
    expect(problems.some((problem) => problem.startsWith('en/green-tags.md: language:'))).toBe(true);
    // A topic missing from one language, and a file filed under the wrong language folder.
    const misfiled = files
      .filter((file) => !file.path.endsWith('es/outages.md'))
      .map((file) =>
        file.path.endsWith('ta/quick-pay.md') ? { ...file, path: 'knowledge-base/de/quick-pay.md' } : file,
      );
    const second = (
      await call('POST', '/admin/knowledge/import', { token: tokens.admin, payload: { files: misfiled } })
    ).json() as { problems: string[] };
    expect(second.problems).toContain('es/outages.md: missing (the topic exists in another language)');
    expect(second.problems).toContain('de/quick-pay.md: language "ta" but filed under de/');
    const rows = await db().select().from(kbArticles).where(eq(kbArticles.tenantId, home.tenant.id));
    expect(rows).toHaveLength(0);
  });

  it('imports the folder (other files ignored), and --replace removes what the folder lacks', async () => {
    const files = [
      ...shippedKnowledgeFolder(),
      { path: 'knowledge-base/README.md', text: '# not an article' },
      { path: 'knowledge-base/eval-questions.json', text: '[]' },
    ];
    const response = await call('POST', '/admin/knowledge/import', {
      token: tokens.admin,
      payload: { files },
    });
    expect(response.statusCode, response.body).toBe(200);
    const perLanguage = files.filter((file) => /\/en\/[^/]+\.md$/.test(file.path)).length;
    expect(response.json()).toEqual({
      imported: perLanguage * 4,
      removed: 0,
      languages: ['en', 'es', 'ta', 'de'],
    });
    expect(await ask('What are Green Tags?')).toMatchObject({ kind: 'article' });

    // Loose files (no language folder) are filed by their front matter; --replace keeps only them.
    const loose = shippedKnowledgeFolder()
      .filter((file) => /\/(en|es|ta|de)\/(green-tags|outages)\.md$/.test(file.path))
      .map((file) => ({ path: file.path.split('/').at(-1) ?? '', text: file.text }));
    expect(articlesOfUpload(loose).problems).toEqual([]);
    const replaced = await call('POST', '/admin/knowledge/import', {
      token: tokens.admin,
      payload: { files: loose, replace: true },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ imported: 8, removed: perLanguage * 4 - 8 });
    const left = (await call('GET', '/admin/knowledge/articles', { token: tokens.admin })).json();
    expect(left.articles).toHaveLength(8);
    expect(await audits('admin.knowledge.import')).toHaveLength(2);
  });
});

describe('list, create, edit and delete', () => {
  it('lists per language and searches the words in title, tags and text', async () => {
    const german = (
      await call('GET', '/admin/knowledge/articles?language=de', { token: tokens.admin })
    ).json();
    expect(german.articles.map((a: { slug: string }) => a.slug).sort()).toEqual(['green-tags', 'outages']);
    expect(german.articles.every((a: { language: string }) => a.language === 'de')).toBe(true);
    const found = (
      await call('GET', '/admin/knowledge/articles?language=en&q=RENEWABLE%20certificate', {
        token: tokens.admin,
      })
    ).json();
    expect(found.articles.map((a: { slug: string }) => a.slug)).toEqual(['green-tags']);
    const none = (
      await call('GET', '/admin/knowledge/articles?q=zzzznothing', { token: tokens.admin })
    ).json();
    expect(none.articles).toHaveLength(0);
  });

  it('an edit is answered by the assistant at once, without a restart; audited', async () => {
    const before = (
      await call('GET', '/admin/knowledge/articles/en/green-tags', { token: tokens.admin })
    ).json();
    expect(before.body).toContain('$1.50 per month');
    const edited = before.body.replace('$1.50 per month', '$2.25 per month');
    const saved = await call('PUT', '/admin/knowledge/articles/en/green-tags', {
      token: tokens.admin,
      payload: { title: before.title, tags: before.tags, body: edited },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().updated).toBe(new Date().toISOString().slice(0, 10));
    const answer = await ask('How much does a Green Tags block cost?');
    expect(answer.answer).toContain('$2.25');
    expect(answer.answer).not.toContain('$1.50');
    const [entry] = await audits('admin.knowledge.update');
    expect(entry?.detail).toMatchObject({ language: 'en', slug: 'green-tags' });
  });

  it('creates an article (409 for a taken slug), finds it in chat, deletes it (404 after)', async () => {
    const article = {
      slug: 'zebrafrost-rebate',
      language: 'en',
      title: 'Zebrafrost rebate',
      tags: ['rebate', 'zebrafrost'],
      body: '# Zebrafrost rebate\n\nThe zebrafrost rebate pays $12.34 for every heat pump.\n',
    };
    expect((await ask('how much is the zebrafrost rebate')).kind).toBe('declined');
    const created = await call('POST', '/admin/knowledge/articles', {
      token: tokens.admin,
      payload: article,
    });
    expect(created.statusCode, created.body).toBe(201);
    const again = await call('POST', '/admin/knowledge/articles', { token: tokens.admin, payload: article });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(adminKnowledgeMessages.exists);
    expect((await ask('how much is the zebrafrost rebate')).answer).toContain('$12.34');
    const removed = await call('DELETE', '/admin/knowledge/articles/en/zebrafrost-rebate', {
      token: tokens.admin,
    });
    expect(removed.statusCode).toBe(200);
    expect((await ask('how much is the zebrafrost rebate')).kind).toBe('declined');
    const gone = await call('DELETE', '/admin/knowledge/articles/en/zebrafrost-rebate', {
      token: tokens.admin,
    });
    expect(gone.statusCode).toBe(404);
    const missing = await call('PUT', '/admin/knowledge/articles/en/zebrafrost-rebate', {
      token: tokens.admin,
      payload: { title: 'x', tags: ['x'], body: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(await audits('admin.knowledge.create')).toHaveLength(1);
    expect(await audits('admin.knowledge.delete')).toHaveLength(1);
  });
});

describe('who may edit', () => {
  it('answers 403 to agents and guests, and to another utility’s admin on this host', async () => {
    for (const token of [undefined, tokens.agent, tokens.otherAdmin]) {
      expect((await call('GET', '/admin/knowledge/articles', { token })).statusCode).toBe(403);
      const put = await call('PUT', '/admin/knowledge/articles/en/green-tags', {
        token,
        payload: { title: 'Taken', tags: ['x'], body: 'Taken over' },
      });
      expect(put.statusCode).toBe(403);
    }
  });

  it('another utility’s admin on their own host sees and changes only their own (empty) base', async () => {
    const theirs = await call('GET', '/admin/knowledge/articles', {
      token: tokens.otherAdmin,
      tenant: other,
      host: otherHost,
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().articles).toHaveLength(0);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { title: 'Taken', tags: ['x'], body: 'Taken over' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, '/admin/knowledge/articles/en/green-tags', {
        token: tokens.otherAdmin,
        tenant: other,
        host: otherHost,
        payload,
      });
      expect(response.statusCode, method).toBe(404);
    }
    const [row] = await db()
      .select()
      .from(kbArticles)
      .where(
        and(
          eq(kbArticles.tenantId, home.tenant.id),
          eq(kbArticles.slug, 'green-tags'),
          eq(kbArticles.language, 'en'),
        ),
      );
    expect(row?.body).toContain('$2.25');
  });
});
