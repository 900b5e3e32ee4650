// A tenant's knowledge base in the database: articles, the import of a folder of Markdown files, and
// the in-process search index, rebuilt when the tenant's kb_version moved. Every change bumps the
// version in the same transaction, and every chat reads the version (one primary-key read), so each
// instance notices a change on its next request, without a restart.
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { assistantSettings, kbArticles } from '../../db/schema/index.ts';
import {
  type Article,
  KNOWLEDGE_BASE_LANGUAGES,
  readKnowledgeBase,
} from '../../seed/knowledge-base/articles.ts';
import { KnowledgeIndex } from './retrieval.ts';

export type KbArticleRow = typeof kbArticles.$inferSelect;

export interface AssistantSettings {
  tenantId: string;
  apiKey: string;
  kbVersion: number;
}

export async function settingsOf(db: Database, tenantId: string): Promise<AssistantSettings | null> {
  const [row] = await db
    .select({
      tenantId: assistantSettings.tenantId,
      apiKey: assistantSettings.apiKey,
      kbVersion: assistantSettings.kbVersion,
    })
    .from(assistantSettings)
    .where(eq(assistantSettings.tenantId, tenantId))
    .limit(1);
  return row ?? null;
}

/** Creates the tenant's assistant row with this api key (or changes the key). */
export async function setApiKey(db: Database, tenantId: string, apiKey: string): Promise<void> {
  await db
    .insert(assistantSettings)
    .values({ tenantId, apiKey })
    .onConflictDoUpdate({ target: assistantSettings.tenantId, set: { apiKey, updatedAt: new Date() } });
}

async function bumpVersion(db: Pick<Database, 'insert'>, tenantId: string): Promise<void> {
  // A tenant without a row yet gets one with a random key, which an administrator replaces.
  await db
    .insert(assistantSettings)
    .values({ tenantId, apiKey: `gf-assist-${crypto.randomUUID()}`, kbVersion: 1 })
    .onConflictDoUpdate({
      target: assistantSettings.tenantId,
      set: { kbVersion: sql`${assistantSettings.kbVersion} + 1`, updatedAt: new Date() },
    });
}

export async function listArticles(db: Database, tenantId: string): Promise<KbArticleRow[]> {
  return db
    .select()
    .from(kbArticles)
    .where(eq(kbArticles.tenantId, tenantId))
    .orderBy(asc(kbArticles.language), asc(kbArticles.slug));
}

/**
 * Writes what a change is recorded as (the audit entry) inside the change's own transaction, so an
 * article is never changed without its record, nor recorded without the change.
 */
export type RecordChange = (tx: Transaction) => Promise<void>;

export interface ArticleFields {
  slug: string;
  language: string;
  title: string;
  tags: string[];
  body: string;
  updated: string;
  /** The front matter's `asked` questions; left as stored when undefined (an editor without them). */
  asked?: string[];
}

export async function upsertArticle(
  db: Database,
  tenantId: string,
  article: ArticleFields,
  record?: RecordChange,
): Promise<KbArticleRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(kbArticles)
      .values({ tenantId, ...article })
      .onConflictDoUpdate({
        target: [kbArticles.tenantId, kbArticles.slug, kbArticles.language],
        set: {
          title: article.title,
          tags: article.tags,
          body: article.body,
          updated: article.updated,
          ...(article.asked ? { asked: article.asked } : {}),
          updatedAt: new Date(),
        },
      })
      .returning();
    await bumpVersion(tx, tenantId);
    if (!row) throw new Error('article not stored');
    await record?.(tx);
    return row;
  });
}

export async function deleteArticle(
  db: Database,
  tenantId: string,
  language: string,
  slug: string,
  record?: RecordChange,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(kbArticles)
      .where(
        and(eq(kbArticles.tenantId, tenantId), eq(kbArticles.language, language), eq(kbArticles.slug, slug)),
      )
      .returning({ id: kbArticles.id });
    if (deleted.length === 0) return false;
    await bumpVersion(tx, tenantId);
    await record?.(tx);
    return true;
  });
}

/**
 * Checks a folder's articles before anything is written: every topic in every language, the file
 * named after its slug and filed under its language. Throws naming every wrong file.
 */
export function checkKnowledgeBase(byLanguage: Record<string, Article[]>): Article[] {
  const problems: string[] = [];
  const all = Object.values(byLanguage).flat();
  const slugs = new Set(all.map((article) => article.slug));
  for (const [language, articles] of Object.entries(byLanguage)) {
    const own = new Set(articles.map((article) => article.slug));
    for (const slug of slugs)
      if (!own.has(slug))
        problems.push(`${language}/${slug}.md: missing (the topic exists in another language)`);
    for (const article of articles) {
      if (article.language !== language)
        problems.push(`${article.file}: language "${article.language}" but filed under ${language}/`);
      if (article.file !== `${language}/${article.slug}.md`)
        problems.push(`${article.file}: slug "${article.slug}" does not match the file name`);
    }
  }
  if (problems.length > 0)
    throw new Error(`The knowledge base was not imported:\n  ${problems.join('\n  ')}`);
  return all;
}

/** Reads and checks a folder (en/, es/, ta/, de/ of Markdown files); throws naming any bad file. */
export function readKnowledgeFolder(dir: string): Article[] {
  return checkKnowledgeBase(readKnowledgeBase(dir));
}

/** Upserts the articles (and with `replace`, deletes the tenant's others) and records it, in one transaction. */
export async function importArticles(
  db: Database,
  tenantId: string,
  articles: readonly Article[],
  options: {
    replace?: boolean;
    record?: (tx: Transaction, result: { imported: number; removed: number }) => Promise<void>;
  } = {},
): Promise<{ imported: number; removed: number }> {
  return db.transaction(async (tx) => {
    let removed = 0;
    if (options.replace) {
      const keep = articles.map((article) => `${article.language}/${article.slug}`);
      const gone = await tx
        .delete(kbArticles)
        .where(
          and(
            eq(kbArticles.tenantId, tenantId),
            keep.length > 0
              ? notInArray(sql`${kbArticles.language} || '/' || ${kbArticles.slug}`, keep)
              : sql`true`,
          ),
        )
        .returning({ id: kbArticles.id });
      removed = gone.length;
    }
    for (const article of articles) {
      const fields = {
        slug: article.slug,
        language: article.language,
        title: article.title,
        tags: article.tags,
        body: article.body,
        updated: article.updated,
        asked: article.asked,
      };
      await tx
        .insert(kbArticles)
        .values({ tenantId, ...fields })
        .onConflictDoUpdate({
          target: [kbArticles.tenantId, kbArticles.slug, kbArticles.language],
          set: {
            title: fields.title,
            tags: fields.tags,
            body: fields.body,
            updated: fields.updated,
            asked: fields.asked,
            updatedAt: new Date(),
          },
        });
    }
    await bumpVersion(tx, tenantId);
    const result = { imported: articles.length, removed };
    await options.record?.(tx, result);
    return result;
  });
}

/** The demo utility's widget api key (public, like the portal's client credential); in .env.example. */
export const DEMO_ASSISTANT_API_KEY = 'gf-assist-demo-7c1e4b2a9d';

/** Gives a freshly seeded demo tenant its widget key and the shipped knowledge base. */
export async function seedDemoAssistant(db: Database, tenantId: string): Promise<void> {
  await setApiKey(db, tenantId, DEMO_ASSISTANT_API_KEY);
  await importArticles(db, tenantId, checkKnowledgeBase(readKnowledgeBase()));
}

interface CachedIndex {
  version: number;
  index: KnowledgeIndex;
}

/** Per-tenant search indexes of this process, rebuilt when the stored version differs. */
export class KnowledgeIndexes {
  private readonly cache = new Map<string, CachedIndex>();
  private readonly building = new Map<string, Promise<CachedIndex>>();

  constructor(private readonly db: Database) {}

  /** The index for this version of the tenant's knowledge base (the caller read the version). */
  async forVersion(tenantId: string, version: number): Promise<KnowledgeIndex> {
    const cached = this.cache.get(tenantId);
    if (cached && cached.version === version) return cached.index;
    const key = `${tenantId}:${version}`;
    let build = this.building.get(key);
    if (!build) {
      build = listArticles(this.db, tenantId)
        .then((rows) => ({ version, index: new KnowledgeIndex(rows) }))
        .finally(() => this.building.delete(key));
      this.building.set(key, build);
    }
    const built = await build;
    this.cache.set(tenantId, built);
    return built.index;
  }
}

export { KNOWLEDGE_BASE_LANGUAGES };
