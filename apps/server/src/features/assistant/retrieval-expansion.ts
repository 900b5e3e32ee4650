// Query expansion: words and phrases customers write, each with the words the articles use for the
// same thing ("smell gas" → gas leak emergency). The lists are data, kept beside the articles in
// apps/server/src/seed/knowledge-base/query-expansion.json, one object per language; a utility that
// writes its own articles can write its own list. Unlike PHRASES (stop-words.ts), an expansion does
// not replace the customer's words: it adds the articles' words to the search, and the customer's
// words it explains no longer count as unknown when those added words match.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '@gridfront/contracts';
import { z } from 'zod';
import { KNOWLEDGE_BASE_DIR } from '../../seed/knowledge-base/articles.ts';

export const EXPANSION_FILE = 'query-expansion.json';

const languageList = z.record(z.string().min(1), z.string().min(1));
const fileSchema = z.object({
  en: languageList,
  es: languageList,
  de: languageList,
  ta: languageList,
});

export interface Expansion {
  /** The customer's words (lower case) the entry matched. */
  matched: string[];
  /** The articles' words to add to the search. */
  adds: string[];
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');

export class QueryExpander {
  private readonly entries: Record<Language, { pattern: RegExp; key: string; adds: string }[]>;

  constructor(lists: Record<Language, Record<string, string>>) {
    const build = (language: Language) =>
      Object.entries(lists[language]).map(([key, adds]) => {
        const folded = fold(key.toLowerCase()).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        // Tamil joins case endings to a word: its keys match the start of a word.
        const pattern =
          language === 'ta'
            ? new RegExp(`(?<![\\p{L}\\p{M}])${folded}[\\p{L}\\p{M}]*`, 'u')
            : new RegExp(`(?<![\\p{L}\\p{N}])${folded}(?![\\p{L}\\p{N}])`, 'u');
        return { pattern, key, adds };
      });
    this.entries = { en: build('en'), es: build('es'), de: build('de'), ta: build('ta') };
  }

  expand(language: Language, question: string): Expansion[] {
    const text = fold(question.toLowerCase().normalize('NFC'));
    const found: Expansion[] = [];
    for (const { pattern, adds } of this.entries[language]) {
      const match = pattern.exec(text);
      if (match) found.push({ matched: match[0].split(/\s+/).filter(Boolean), adds: adds.split(/\s+/) });
    }
    return found;
  }
}

let demo: QueryExpander | null = null;

/** The knowledge base folder's list (empty when the file is absent); read once. */
export function knowledgeBaseExpander(): QueryExpander {
  if (!demo) {
    const file = join(KNOWLEDGE_BASE_DIR, EXPANSION_FILE);
    const raw = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
    const { _about: _, ...lists } = raw;
    demo = new QueryExpander(existsSync(file) ? fileSchema.parse(lists) : { en: {}, es: {}, de: {}, ta: {} });
  }
  return demo;
}
