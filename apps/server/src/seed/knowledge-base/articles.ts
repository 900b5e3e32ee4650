// Reads the knowledge base: Markdown articles with YAML front matter, one folder per language.
// The import command and the assistant's retrieval build on these functions; the format is in README.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

export const KNOWLEDGE_BASE_LANGUAGES = ['en', 'es', 'ta', 'de'] as const;
export type KnowledgeBaseLanguage = (typeof KNOWLEDGE_BASE_LANGUAGES)[number];

/** The folder of this module, or from the bundled server (dist/) the source tree's copy. */
export const KNOWLEDGE_BASE_DIR =
  ['.', '../src/seed/knowledge-base']
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((folder) => existsSync(join(folder, 'en'))) ?? fileURLToPath(new URL('.', import.meta.url));

export const articleFrontMatterSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'kebab-case slug'),
  title: z.string().trim().min(1),
  language: z.enum(KNOWLEDGE_BASE_LANGUAGES),
  tags: z.array(z.string().trim().min(1)).min(1),
  // A string, not a Date: YAML 1.2's core schema (the yaml package's default) has no timestamps.
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
  /**
   * Optional: questions customers ask that the article answers, written in their words (colloquial,
   * regional, misspelt, code-mixed); retrieval searches them as a field of their own (issue 11).
   */
  asked: z.array(z.string().trim().min(3).max(200)).max(60).default([]),
});
export type ArticleFrontMatter = z.infer<typeof articleFrontMatterSchema>;

export interface Article extends ArticleFrontMatter {
  /** The file the article came from, relative to the knowledge base folder. */
  file: string;
  /** The Markdown after the front matter. */
  body: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/;

/** One article from its file text; throws naming the file when the front matter is missing or wrong. */
export function parseArticle(file: string, text: string): Article {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error(`${file}: no front matter between --- lines`);
  const [, yamlText = '', body = ''] = match;
  let frontMatter: unknown;
  try {
    frontMatter = parseYaml(yamlText);
  } catch (error) {
    throw new Error(`${file}: front matter is not valid YAML: ${(error as Error).message}`);
  }
  const result = articleFrontMatterSchema.safeParse(frontMatter);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`${file}: ${problems.join('; ')}`);
  }
  return { ...result.data, file, body };
}

/** Every article of one language folder, sorted by slug. */
export function readLanguageArticles(language: string, dir = KNOWLEDGE_BASE_DIR): Article[] {
  return readdirSync(join(dir, language))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseArticle(`${language}/${name}`, readFileSync(join(dir, language, name), 'utf8')));
}

/** The whole knowledge base, by language. */
export function readKnowledgeBase(dir = KNOWLEDGE_BASE_DIR): Record<KnowledgeBaseLanguage, Article[]> {
  return Object.fromEntries(
    KNOWLEDGE_BASE_LANGUAGES.map((language) => [language, readLanguageArticles(language, dir)]),
  ) as Record<KnowledgeBaseLanguage, Article[]>;
}

/**
 * The numbers a text states, as digit strings: "$1,000.50" and "1.000,50 $" both give "100050", so an
 * amount can be compared across languages whatever their separators.
 */
export function numbersIn(text: string): string[] {
  return (text.match(/\d+(?:[.,]\d+)*/g) ?? []).map((number) => number.replace(/[.,]/g, ''));
}
