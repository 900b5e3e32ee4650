// Issue 14, /api/admin/knowledge: the administrators' editor of the AI Assist knowledge base (the
// same articles /ml/kb/articles serves and the assistant searches), and the browser's import of a
// folder of Markdown files, checked like `npm run kb:import`.
import { z } from 'zod';
import { assistantLanguage, kbArticleInput } from './assistant.ts';

export const adminKnowledgeQuery = z.object({
  language: assistantLanguage.optional(),
  /** Words looked for in the slug, title, tags and text (all of them, any case). */
  q: z.string().trim().max(200).optional(),
});
export type AdminKnowledgeQuery = z.infer<typeof adminKnowledgeQuery>;

export const adminKnowledgeSummary = z.object({
  slug: z.string(),
  language: assistantLanguage,
  title: z.string(),
  tags: z.array(z.string()),
  updated: z.string(),
});
export type AdminKnowledgeSummary = z.infer<typeof adminKnowledgeSummary>;

export const adminKnowledgeList = z.object({
  /** Bumped by every change; each instance re-indexes when it differs from its own. */
  version: z.number().int(),
  articles: z.array(adminKnowledgeSummary),
});
export type AdminKnowledgeList = z.infer<typeof adminKnowledgeList>;

export const adminKnowledgeKey = z.object({
  language: assistantLanguage,
  slug: kbArticleInput.shape.slug,
});

/** An article as the editor sends it; `updated` is set to today by the server. */
export const adminKnowledgeArticleInput = kbArticleInput.omit({ updated: true });
export type AdminKnowledgeArticleInput = z.infer<typeof adminKnowledgeArticleInput>;

/** The text of an edit: the key (language and slug) stays. */
export const adminKnowledgeArticleEdit = adminKnowledgeArticleInput.omit({ slug: true, language: true });
export type AdminKnowledgeArticleEdit = z.infer<typeof adminKnowledgeArticleEdit>;

export const adminKnowledgeArticle = kbArticleInput;
export type AdminKnowledgeArticle = z.infer<typeof adminKnowledgeArticle>;

export const ADMIN_KNOWLEDGE_IMPORT_MAX_FILES = 500;

/** POST /api/admin/knowledge/import: the files of a folder (paths as the browser gives them). */
export const adminKnowledgeImportRequest = z.object({
  files: z
    .array(
      z.object({
        /** e.g. "kb/en/green-tags.md", or only "green-tags.md" for loose files. */
        path: z.string().min(1).max(500),
        text: z.string().max(200_000),
      }),
    )
    .min(1, 'Choose at least one Markdown file')
    .max(ADMIN_KNOWLEDGE_IMPORT_MAX_FILES),
  /** As `kb:import --replace`: the utility's articles the files do not hold are deleted. */
  replace: z.boolean().default(false),
});
export type AdminKnowledgeImportRequest = z.input<typeof adminKnowledgeImportRequest>;

export const adminKnowledgeImportResponse = z.object({
  imported: z.number().int(),
  removed: z.number().int(),
  languages: z.array(assistantLanguage),
});
export type AdminKnowledgeImportResponse = z.infer<typeof adminKnowledgeImportResponse>;

/** 422 of an import: nothing was written; every problem names its file, as kb:import prints them. */
export const adminKnowledgeImportError = z.object({
  message: z.string(),
  problems: z.array(z.string()),
});

export { adminKnowledgeMessages } from './admin-knowledge-messages.ts';
