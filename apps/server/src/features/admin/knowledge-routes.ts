// /api/admin/knowledge (issue 14): the utility's administrators edit the AI Assist knowledge base in
// the browser. The articles, their storage, the version bump that makes every instance re-index on
// its next chat, and the checks of a folder import are the assistant feature's own
// (features/assistant/knowledge.ts, seed/knowledge-base/articles.ts): these routes only add the admin
// gate, search, and the audit entries. The import takes the files of a folder as the browser reads
// them and checks them exactly like `npm run kb:import`, with the same messages naming the bad file.

import { errorResponse, messageResponse } from '@gridfront/contracts';
import {
  adminKnowledgeArticle,
  adminKnowledgeArticleEdit,
  adminKnowledgeArticleInput,
  adminKnowledgeImportError,
  adminKnowledgeImportRequest,
  adminKnowledgeImportResponse,
  adminKnowledgeKey,
  adminKnowledgeList,
  adminKnowledgeMessages,
  adminKnowledgeQuery,
} from '@gridfront/contracts/admin-knowledge';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kbArticles } from '../../db/schema/index.ts';
import { sendError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import {
  type Article,
  KNOWLEDGE_BASE_LANGUAGES,
  type KnowledgeBaseLanguage,
  parseArticle,
} from '../../seed/knowledge-base/articles.ts';
import {
  checkKnowledgeBase,
  deleteArticle,
  importArticles,
  type KbArticleRow,
  listArticles,
  settingsOf,
  upsertArticle,
} from '../assistant/knowledge.ts';
import { recordKnowledgeChange } from '../assistant/knowledge-audit.ts';
import { requireAdmin } from './routes.ts';

const security = [{ clientCredential: [], accessToken: [] }];
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;
const NOT_IMPORTED = 'The knowledge base was not imported:';

function isLanguage(value: string | undefined): value is KnowledgeBaseLanguage {
  return (KNOWLEDGE_BASE_LANGUAGES as readonly string[]).includes(value ?? '');
}

function articleJson(row: KbArticleRow) {
  return {
    slug: row.slug,
    language: row.language as KnowledgeBaseLanguage,
    title: row.title,
    tags: row.tags,
    body: row.body,
    updated: row.updated,
    asked: row.asked,
  };
}

/** Every word of the query in the slug, title, tags or text, whatever the case. */
function matches(row: KbArticleRow, query: string | undefined): boolean {
  const words = (query ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [row.slug, row.title, row.tags.join(' '), row.body].join('\n').toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** Today's date (UTC) as the front matter's `updated`. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The uploaded files as kb:import reads a folder: the .md files under a language folder (en/, es/,
 * ta/, de/), named `<language>/<file>` in messages; other files are ignored, as the CLI ignores
 * them. Loose files (no language folder in any path) are filed under their front matter's language.
 */
export function articlesOfUpload(files: readonly { path: string; text: string }[]): {
  articles: Article[];
  problems: string[];
} {
  const markdown = files
    .map((file) => ({ ...file, parts: file.path.split(/[\\/]+/).filter(Boolean) }))
    .filter((file) => file.parts.at(-1)?.toLowerCase().endsWith('.md'));
  const inFolders = markdown.filter((file) => isLanguage(file.parts.at(-2)));
  const foldered = inFolders.length > 0;
  const byLanguage: Partial<Record<KnowledgeBaseLanguage, Article[]>> = {};
  const file = (language: KnowledgeBaseLanguage, article: Article) => {
    byLanguage[language] = [...(byLanguage[language] ?? []), article];
  };
  const problems: string[] = [];
  for (const upload of foldered ? inFolders : markdown) {
    const name = upload.parts.at(-1) ?? '';
    const folder = upload.parts.at(-2);
    try {
      if (foldered && isLanguage(folder)) {
        file(folder, parseArticle(`${folder}/${name}`, upload.text));
      } else {
        const parsed = parseArticle(name, upload.text);
        file(parsed.language, { ...parsed, file: `${parsed.language}/${name}` });
      }
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length > 0) return { articles: [], problems };
  try {
    return { articles: checkKnowledgeBase(byLanguage), problems: [] };
  } catch (error) {
    const lines = (error as Error).message.split('\n').slice(1);
    return { articles: [], problems: lines.map((line) => line.trim()).filter(Boolean) };
  }
}

export const knowledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  async function findRow(tenantId: string, language: string, slug: string) {
    const [row] = await app.db
      .select()
      .from(kbArticles)
      .where(
        and(eq(kbArticles.tenantId, tenantId), eq(kbArticles.language, language), eq(kbArticles.slug, slug)),
      )
      .limit(1);
    return row ?? null;
  }

  app.get(
    '/knowledge/articles',
    {
      schema: {
        tags: ['admin'],
        summary: 'The AI Assist articles of the utility, per language, searched by words',
        security,
        querystring: adminKnowledgeQuery,
        response: { 200: adminKnowledgeList, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const { language, q } = request.query;
      const [settings, rows] = await Promise.all([
        settingsOf(app.db, tenant.id),
        listArticles(app.db, tenant.id),
      ]);
      const articles = rows
        .filter((row) => (!language || row.language === language) && matches(row, q))
        .map(({ slug, language: lang, title, tags, updated }) => ({
          slug,
          language: lang as KnowledgeBaseLanguage,
          title,
          tags,
          updated,
        }));
      return { version: settings?.kbVersion ?? 0, articles };
    },
  );

  app.get(
    '/knowledge/articles/:language/:slug',
    {
      schema: {
        tags: ['admin'],
        summary: 'One article with its Markdown, for the editor',
        security,
        params: adminKnowledgeKey,
        response: { 200: adminKnowledgeArticle, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { language, slug } = request.params;
      const row = await findRow(tenantOf(request).id, language, slug);
      if (!row) return sendError(reply, 404, adminKnowledgeMessages.notFound);
      return articleJson(row);
    },
  );

  app.post(
    '/knowledge/articles',
    {
      schema: {
        tags: ['admin'],
        summary: 'Adds an article; the assistant answers from it on every instance at its next chat',
        security,
        body: adminKnowledgeArticleInput,
        response: {
          201: adminKnowledgeArticle,
          400: errorResponse,
          403: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const input = request.body;
      if (await findRow(tenant.id, input.language, input.slug)) {
        return sendError(reply, 409, adminKnowledgeMessages.exists);
      }
      const row = await upsertArticle(
        app.db,
        tenant.id,
        { ...input, updated: today() },
        recordKnowledgeChange(request, tenant.id, 'create', {
          language: input.language,
          slug: input.slug,
          title: input.title,
        }),
      );
      return reply.code(201).send(articleJson(row));
    },
  );

  app.put(
    '/knowledge/articles/:language/:slug',
    {
      schema: {
        tags: ['admin'],
        summary: 'Saves an article’s title, tags and Markdown; re-indexed without a restart',
        security,
        params: adminKnowledgeKey,
        body: adminKnowledgeArticleEdit,
        response: { 200: adminKnowledgeArticle, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const { language, slug } = request.params;
      if (!(await findRow(tenant.id, language, slug))) {
        return sendError(reply, 404, adminKnowledgeMessages.notFound);
      }
      const row = await upsertArticle(
        app.db,
        tenant.id,
        { ...request.body, language, slug, updated: today() },
        recordKnowledgeChange(request, tenant.id, 'update', { language, slug, title: request.body.title }),
      );
      return articleJson(row);
    },
  );

  app.delete(
    '/knowledge/articles/:language/:slug',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deletes an article',
        security,
        params: adminKnowledgeKey,
        response: { 200: messageResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const { language, slug } = request.params;
      const deleted = await deleteArticle(
        app.db,
        tenant.id,
        language,
        slug,
        recordKnowledgeChange(request, tenant.id, 'delete', { language, slug }),
      );
      if (!deleted) return sendError(reply, 404, adminKnowledgeMessages.notFound);
      return { message: adminKnowledgeMessages.deleted };
    },
  );

  app.post(
    '/knowledge/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary:
          'Imports a folder of Markdown articles like `npm run kb:import` (every file checked first; 422 names each bad file and nothing changes)',
        security,
        body: adminKnowledgeImportRequest,
        response: {
          200: adminKnowledgeImportResponse,
          400: errorResponse,
          403: errorResponse,
          422: adminKnowledgeImportError,
        },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const { files, replace } = request.body;
      const { articles, problems } = articlesOfUpload(files);
      if (problems.length > 0) {
        return reply.code(422).send({ message: `${NOT_IMPORTED}\n  ${problems.join('\n  ')}`, problems });
      }
      if (articles.length === 0) {
        const message = adminKnowledgeMessages.noMarkdown;
        return reply.code(422).send({ message, problems: [message] });
      }
      const languages = KNOWLEDGE_BASE_LANGUAGES.filter((language) =>
        articles.some((article) => article.language === language),
      );
      const result = await importArticles(app.db, tenant.id, articles, {
        replace,
        record: (tx, counts) =>
          recordKnowledgeChange(request, tenant.id, 'import', { ...counts, replace, languages })(tx),
      });
      return { ...result, languages };
    },
  );
};
