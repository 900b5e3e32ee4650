// Retrieval over one tenant's knowledge base: BM25 (MiniSearch) on the articles' sections, one index
// per language, with each language's Snowball stemmer (Tamil included, from @orama/stemmers), stop
// words removed, prefix and fuzzy matching for typos. Spanish and German terms are accent-folded;
// the question is expanded with the knowledge base folder's query-expansion.json (retrieval-expansion.ts),
// and its English product words are also looked up in the English index (articles are aligned by
// slug). An article's score is its best section's; a question is answered only when the best article
// matches well enough (see isConfident).
import { createRequire } from 'node:module';
import type { Language } from '@gridfront/contracts';
import Sanscript from '@indic-transliteration/sanscript';
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import { stemmer as spanishStemmer } from '@orama/stemmers/spanish';
import { stemmer as tamilStemmer } from '@orama/stemmers/tamil';
import dictionaryDe from 'dictionary-de';
import dictionaryEn from 'dictionary-en';
import dictionaryEs from 'dictionary-es';
import MiniSearch, { type SearchResult } from 'minisearch';
import { type KindArticle, kindSentences, type QuestionKind, unansweredKind } from './question-kinds.ts';
import { knowledgeBaseExpander, type QueryExpander } from './retrieval-expansion.ts';
import {
  COLLOQUIAL,
  PHRASES,
  ROMANISED_TAMIL,
  ROMANISED_TAMIL_ENDINGS,
  STOP_WORDS,
  SYNONYMS,
  TAMIL_SPOKEN,
  TAMIL_SPOKEN_ENDINGS,
} from './stop-words.ts';

export interface KnowledgeArticle {
  slug: string;
  language: string;
  title: string;
  tags: string[];
  body: string;
  /** Questions customers ask that the article answers, in their words (front matter `asked`). */
  asked?: readonly string[];
}

export interface Passage {
  id: number;
  slug: string;
  title: string;
  heading: string;
  tags: string;
  /** The section's Markdown (without its heading line). */
  text: string;
  /** German: the parts of the section's compounds, searched with a low weight ("" elsewhere). */
  parts?: string;
  /** Tamil: every word of the section, its title, tags and asked questions as romanKey spells it ("" elsewhere). */
  roman?: string;
  /** The article's `asked` questions, one a line: every section carries them, as it carries the tags. */
  asked?: string;
}

export interface ArticleHit {
  article: KnowledgeArticle;
  score: number;
  /** Share of the question's topic words (no general or colloquial words, no numbers) that the article matched, 0–1. */
  coverage: number;
  /** The article's sections that matched, best first. */
  passages: { passage: Passage; score: number }[];
  /**
   * Share, 0–1, of the question's information that the article matches as written (see
   * KnowledgeIndex.search): its words weighted by how few of the language's articles hold them.
   */
  evidence: number;
  /** An amount question's (asksAmount) share of its information on one line stating an amount (amountLines). */
  amount?: number;
  /** The question names the article (a product name or code, namedSlugs). */
  named?: boolean;
}

export interface SearchOutcome {
  language: Language;
  /** Content words of the question after stop words and stemming. */
  terms: string[];
  /** Of those, the words no article of the language contains (not even nearly): an unknown topic. */
  unknown: string[];
  /** Unknown words written as names (an acronym, or capitalised inside the sentence): another company's. */
  unknownNames: string[];
  /** Unknown words that are neither general words of the language nor numbers: likely another topic. */
  unknownTopics: string[];
  /** Share, 0–1, of the question's information (IDF weight) held by its unknown topic words. */
  unknownShare: number;
  /**
   * The question asks why something happened yesterday or last night, and not "since yesterday"
   * (pastIncident): it asks about one incident's cause, which the articles (general policies) do not record.
   */
  pastIncident?: boolean;
  /**
   * The question is of a kind the best article does not answer (question-kinds.ts: a forecast, legal
   * advice, a recommendation, equipment's price or payback), or undefined.
   */
  unansweredKind?: QuestionKind;
  hits: ArticleHit[];
}

const STEMMERS: Record<Language, (word: string) => string> = {
  en: englishStemmer,
  es: spanishStemmer,
  de: germanStemmer,
  ta: tamilStemmer,
};

/** Splits on whitespace and punctuation; Tamil's vowel signs (\p{M}) stay inside their word. */
const SPLIT = /[\s\p{P}\p{S}]+/u;

function normalise(word: string): string {
  return word.toLowerCase().normalize('NFC');
}

/**
 * Spanish and German customers often type without accents or umlauts ("reconexion", "zahler",
 * "gebuhr"): after stemming, both the articles' and the question's terms lose their diacritics
 * (ü → u, ñ → n, ß stays), so either spelling finds the other.
 */
/** Lower case, accents folded (foldAccents), as question-kinds.ts reads a question or an article. */
function fold(text: string): string {
  return foldAccents(text.toLowerCase().normalize('NFC'));
}

export function foldAccents(term: string): string {
  return term
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

/**
 * Tamil as people type it mixes scripts: romanised Tamil ("karant poyi 3 mani neram aachu"), English
 * words in Latin letters ("bill", "login") and English words in Tamil letters ("பில்", "ஆட்டோபே").
 * romanKey brings a word of either script to one loose Latin spelling, so each finds the other: Tamil
 * letters are transliterated (Sanscript, to ISO 15919), then diacritics, vowel length, aspiration,
 * voicing and doubled letters are folded away, as people drop them when they type ("நேரம்" → neram,
 * "கட்டணம்" → katanam, "kattanum" → katanum, "veedu" → vitu, "பில்" and "bill" → pil).
 * Returns null for a word of other letters or a key shorter than three letters.
 */
export function romanKey(word: string): string | null {
  const normal = normalise(word);
  let latin: string;
  if (/^[\u0B80-\u0BFF]+$/u.test(normal)) latin = Sanscript.t(normal, 'tamil', 'iso');
  // English spelling: a hard c ("current", "connection") and -tion are spelt as Tamil letters write them.
  else if (/^[a-z]+$/.test(normal)) latin = normal.replace(/tion/g, 'sion').replace(/c(?![heiy])/g, 'k');
  else return null;
  const key = foldAccents(latin)
    .replace(/[^a-z]/g, '')
    .replace(/zh/g, 'l')
    .replace(/ee|ii/g, 'i')
    .replace(/oo|uu/g, 'u')
    .replace(/aa/g, 'a')
    .replace(/ai/g, 'a')
    .replace(/([kgcjtdpbs])h/g, '$1')
    .replace(/[gq]/g, 'k')
    .replace(/d/g, 't')
    .replace(/b/g, 'p')
    .replace(/[jcz]/g, 's')
    .replace(/f/g, 'p')
    .replace(/w/g, 'v')
    .replace(/x/g, 'ks')
    .replace(/(.)\1+/g, '$1');
  return key.length >= 3 ? key : null;
}

/** Tamil letters count by code points; a pulli (virama) alone on a consonant is no word. */
const TAMIL_MIN_STEM = 3;
/**
 * Tamil doubles a consonant at a word's end before the next word ("இணைப்புக் கட்டணம்", "பில்லைப்
 * படிக்க"): the orama stemmer then stems "இணைப்புக்" to "இணை" but "இணைப்பு" to itself. The
 * doubled consonant with its pulli (க் ச் ட் த் ப்) is dropped before stemming.
 */
const TAMIL_SANDHI = /(?<=[\u0BBE-\u0BCC\u0B85-\u0B94\u0BC1\u0BC2]|[\u0B95-\u0BB9])[கசடதப]\u0BCD$/u;

export function termProcessor(language: Language) {
  const stop = STOP_WORDS[language];
  const stem = STEMMERS[language];
  const fold = language === 'es' || language === 'de';
  const tamil = language === 'ta';
  return (term: string): string | null => {
    let word = normalise(term)
      .replace(/^'+|'+$/g, '')
      .replace(/'s$/, '');
    if (word.length === 0 || stop.has(word)) return null;
    // Numbers and codes are kept as written (E-RS, 2.5, 24).
    if (/\d/.test(word)) return word;
    if (tamil) word = word.replace(TAMIL_SANDHI, '');
    const stemmed = stem(word);
    // The Tamil stemmer sometimes strips a word to a letter ("பில்லை" → "ப்"): keep the word then.
    const kept = stemmed.length === 0 || (tamil && [...stemmed].length < TAMIL_MIN_STEM) ? word : stemmed;
    return fold ? foldAccents(kept) : kept;
  };
}

export function tokenize(text: string): string[] {
  return text.split(SPLIT).filter(Boolean);
}

/**
 * Optimal string alignment distance (Levenshtein plus swapped neighbours), stopping early once it
 * must exceed `max`. Customers' typos: "availble", "reconection", "recieve".
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** Hunspell dictionaries (the dictionary-en, -es and -de packages) of the languages that are spell-corrected. */
const DICTIONARIES: Partial<Record<Language, { dic: Uint8Array }>> = {
  en: dictionaryEn,
  es: dictionaryEs,
  de: dictionaryDe,
};
const SPELT_LANGUAGES = Object.keys(DICTIONARIES) as Language[];
const dictionaryEntries = new Map<Language, readonly string[]>();

/** The dictionary's entries (its .dic file's words, affix rules not expanded), lower case, accents folded, sorted. */
function entriesOf(language: Language): readonly string[] | null {
  const dictionary = DICTIONARIES[language];
  if (!dictionary) return null;
  let entries = dictionaryEntries.get(language);
  if (!entries) {
    const set = new Set<string>();
    for (const line of new TextDecoder().decode(dictionary.dic).split('\n').slice(1)) {
      const raw = (line.split('/')[0] ?? '').trim().toLowerCase();
      const entry = /^[a-z]*$/.test(raw) ? raw : foldAccents(raw.normalize('NFC'));
      if (entry.length >= 3 && /^\p{L}+$/u.test(entry)) set.add(entry);
    }
    entries = [...set].sort();
    dictionaryEntries.set(language, entries);
  }
  return entries;
}

/** The most dictionary entries sharing a word's stem's start that are stemmed to compare (a bound on the cost). */
const DICTIONARY_PEERS = 400;

/**
 * Whether the language's dictionary knows the word, by stem: an entry of its word list (the
 * dictionary-en, -es or -de package's .dic file; the affix rules are not expanded, so no spell checker
 * is loaded: 50–75,000 entries, read once a language) that is the word, or that the language's
 * Snowball stemmer brings to the word's stem ("taxes" → tax, "schick" as "schicken"). Only the
 * entries starting as the stem does are stemmed (found by binary search). A real word is no typo:
 * the speller must not turn "taxes" into "takes" or "bewerben" into "Gewerbe".
 */
export function dictionaryKnows(language: Language, word: string): boolean {
  const entries = entriesOf(language);
  if (!entries) return false;
  const stem = (w: string) => STEMMERS[language](w);
  const normal = foldAccents(normalise(word));
  const target = stem(normal);
  const prefix = target.slice(0, Math.max(3, target.length - 1));
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((entries[middle] ?? '') < prefix) low = middle + 1;
    else high = middle;
  }
  for (let i = low; i < Math.min(entries.length, low + DICTIONARY_PEERS); i += 1) {
    const entry = entries[i] ?? '';
    if (!entry.startsWith(prefix)) break;
    if (entry === normal || stem(entry) === target) return true;
  }
  return false;
}

/**
 * Corrects a misspelt word to the nearest word the articles use (before stemming, where a typo
 * would otherwise change the stem: "availble" → "availbl", not "avail"). Words of 4 letters or
 * more; one edit up to 7 letters, two from 8. Known words, stop words and numbers are kept, and so are
 * words `real` says are real words of the language (dictionaryKnows).
 */
export class Speller {
  private readonly words = new Set<string>();
  private readonly byLength = new Map<number, string[]>();

  constructor(
    words: Iterable<string>,
    private readonly real: (word: string) => boolean = () => false,
  ) {
    for (const word of words) {
      const normal = normalise(word);
      if (normal.length < 3 || /\d/.test(normal) || this.words.has(normal)) continue;
      this.words.add(normal);
      const list = this.byLength.get(normal.length) ?? [];
      list.push(normal);
      this.byLength.set(normal.length, list);
    }
  }

  correct(word: string): string {
    const normal = normalise(word);
    if (normal.length < 4 || /\d/.test(normal) || this.words.has(normal) || this.real(normal)) return word;
    const max = normal.length >= 8 ? 2 : 1;
    let best: string | null = null;
    let bestDistance = max + 1;
    for (let length = normal.length - max; length <= normal.length + max; length += 1) {
      for (const candidate of this.byLength.get(length) ?? []) {
        const distance = editDistance(normal, candidate, Math.min(max, bestDistance - 1));
        if (distance < bestDistance) {
          best = candidate;
          bestDistance = distance;
          if (distance === 1) break;
        }
      }
    }
    return best ?? word;
  }
}

/** An acronym, or a word capitalised inside the sentence: another company's or place's name. */
function looksLikeName(word: string, position: number): boolean {
  return /^\p{Lu}{3,}$/u.test(word) || (position > 0 && /^\p{Lu}\p{Ll}/u.test(word));
}

/**
 * General words of each language (stopwords-iso, a maintained list of ~1,300 English, ~700 Spanish and
 * ~600 German words: "actually", "now", "poder", "möglich"): they say nothing of a question's topic,
 * so they weigh nothing when judging a match (isConfident), unless the knowledge base makes one a topic
 * in a title, tag or heading ("high" in "Why is my bill high?"). Tamil has no such list; its own stop
 * words (stop-words.ts) are all it has. Retrieval itself still searches them: stop-words.ts is shorter.
 */
const GENERAL_WORDS: Record<Language, readonly string[]> = (() => {
  const lists = createRequire(import.meta.url)('stopwords-iso') as Record<string, string[] | undefined>;
  return {
    en: [...(lists.en ?? []), ...COLLOQUIAL.en, ...calendarWords('en')],
    es: [...(lists.es ?? []), ...COLLOQUIAL.es, ...calendarWords('es')],
    de: [...(lists.de ?? []), ...COLLOQUIAL.de, ...calendarWords('de')],
    ta: [...(lists.ta ?? []), ...TAMIL_SPOKEN, ...COLLOQUIAL.ta, ...calendarWords('ta')],
  };
})();

/**
 * The names of the months and weekdays in the language, from the platform's own locale data (Intl):
 * "last tuesday", "im Jänner", "en enero" date a question, they are no topic of it. (A weekend day the
 * articles name, through SYNONYMS, is replaced before this applies.)
 */
function calendarWords(language: Language): string[] {
  const names = (options: Intl.DateTimeFormatOptions, count: number, day: (i: number) => Date) =>
    Array.from({ length: count }, (_, i) => new Intl.DateTimeFormat(language, options).format(day(i)));
  return [
    ...names({ month: 'long' }, 12, (i) => new Date(Date.UTC(2026, i, 15))),
    ...names({ month: 'short' }, 12, (i) => new Date(Date.UTC(2026, i, 15))),
    ...names({ weekday: 'long' }, 7, (i) => new Date(Date.UTC(2026, 10, 16 + i))),
  ].flatMap((name) => tokenize(name.toLowerCase()));
}

/** A Tamil particle written apart or a spoken verb form (stop-words.ts); TAMIL_SPOKEN's words are general words. */
function spokenTamil(term: string): boolean {
  return [...term].length <= 2 || TAMIL_SPOKEN_ENDINGS.test(term) || romanisedTamil(term);
}

/** A romanised spoken Tamil word (stop-words.ts ROMANISED_TAMIL): a general word in a Tamil question. */
export function romanisedTamil(word: string): boolean {
  const normal = normalise(word);
  return (
    /^[a-z]+$/.test(normal) &&
    !ENGLISH_GENERAL.has(normal) &&
    (ROMANISED_TAMIL.has(normal) || (normal.length >= 5 && ROMANISED_TAMIL_ENDINGS.test(normal)))
  );
}

const ENGLISH_GENERAL: ReadonlySet<string> = new Set(GENERAL_WORDS.en);

/** Whether the speller keeps words the language's dictionary knows (dictionaryKnows); false for comparison. */
export const REAL_WORDS = true;

/**
 * Whether an unknown word (no article knows it) that the language's dictionary does not know either
 * counts as a general word (no topic, no information, KnowledgeIndex.search), as slang or a typo would.
 */
export const NOT_IN_DICTIONARY = true;

/** Spelling correction per language (Tamil's joined suffixes make edit distance too loose there). */
const SPELLING: Record<Language, boolean> = { en: true, es: true, de: true, ta: false };

/**
 * Languages whose joined words are split by the articles' word pairs: English only. German has
 * CompoundSplitter; Spanish joins pronouns to verbs ("pagarle", "ustedes" would split as "usted es").
 */
const JOINED: Record<Language, boolean> = { en: true, es: false, de: false, ta: false };

/**
 * Customers join words the articles write apart: "login" (the articles: "logging in"), "shutoff"
 * ("shut off"), "setup". A word no article uses is split where its front is, by stem, the first word
 * and its tail the next word of a pair of neighbouring words in the articles: the pairs come from the
 * articles' own text, so only a split that the articles themselves write is made.
 */
export class JoinedWords {
  private readonly pairs = new Set<string>();
  private readonly known = new Set<string>();

  constructor(
    texts: Iterable<string>,
    private readonly stem: (word: string) => string,
  ) {
    for (const text of texts)
      for (const line of text.split(/[\n.!?;:]+/)) {
        const words = tokenize(line).map(normalise);
        for (const [i, word] of words.entries()) {
          this.known.add(word);
          const next = words[i + 1];
          if (next && /^\p{L}+$/u.test(word) && /^\p{L}+$/u.test(next))
            this.pairs.add(`${this.stem(word)} ${next}`);
        }
      }
  }

  /** The word's two parts when it is such a join, else null. */
  split(word: string): [string, string] | null {
    const normal = normalise(word);
    if (normal.length < 5 || this.known.has(normal) || !/^\p{L}+$/u.test(normal)) return null;
    for (let cut = 2; cut <= normal.length - 2; cut += 1) {
      const front = normal.slice(0, cut);
      const tail = normal.slice(cut);
      if (this.pairs.has(`${this.stem(front)} ${tail}`)) return [front, tail];
    }
    return null;
  }
}

/** German joins words without a space; a compound shorter than this is left whole. */
const COMPOUND_MIN = 8;
const PART_MIN = 3;
/** Linking elements between a compound's parts (Zahlung-s-frist, Karte-n-zahlung, Tag-es-preis). */
const LINKERS = ['s', 'es', 'n', 'en'];
/** Fronts that are particles, not words of a compound (ein-halten, über-prüfen, den-selben). */
const GERMAN_PARTICLES = new Set([
  ...STOP_WORDS.de,
  ...'über unter gegen her hin wieder voran heraus herunter'.split(' '),
]);

/**
 * Splits German compounds by the knowledge base's own vocabulary (no maintained decompounder exists
 * for JavaScript): a word is split where its tail, the compound's head noun, is a stem the articles
 * use (the longest such tail), and its front, less a linking element, is a stem too or is split again.
 * "Kartenzahlung" → karte + zahlung, "Stromrechnung" → strom + rechnung. Words are matched by stem,
 * so "Karten" finds "Karte". Returns the parts, or [] when the word is not a known compound.
 */
export class CompoundSplitter {
  private readonly stems: Set<string>;

  constructor(
    words: Iterable<string>,
    private readonly stem: (word: string) => string,
    private readonly stop: ReadonlySet<string> = new Set(),
  ) {
    this.stems = new Set<string>();
    for (const word of words) {
      const normal = normalise(word);
      if (normal.length >= PART_MIN && !/\d/.test(normal)) this.stems.add(stem(normal));
    }
  }

  private known(part: string): boolean {
    return part.length >= PART_MIN && !this.stop.has(part) && this.stems.has(this.stem(part));
  }

  split(word: string, depth = 0): string[] {
    const normal = normalise(word);
    if (normal.length < COMPOUND_MIN || depth > 2 || /\d/.test(normal)) return [];
    for (let cut = PART_MIN; cut <= normal.length - 4; cut += 1) {
      const tail = normal.slice(cut);
      if (!this.known(tail)) continue;
      const front = normal.slice(0, cut);
      const fronts = [
        front,
        ...LINKERS.filter((l) => front.endsWith(l)).map((l) => front.slice(0, -l.length)),
      ];
      for (const candidate of fronts) {
        if (this.known(candidate)) return [candidate, tail];
        const parts = this.split(candidate, depth + 1);
        if (parts.length > 0) return [...parts, tail];
      }
    }
    return [];
  }

  /** The text's words, each German compound followed by its parts. */
  tokenize(text: string): string[] {
    return tokenize(text).flatMap((word) => [word, ...this.split(word)]);
  }
}

/** The article's sections: the part before the first "## " heading, then one per heading. */
export function passagesOf(article: KnowledgeArticle, firstId: number): Passage[] {
  const lines = article.body.split(/\r?\n/);
  const sections: { heading: string; lines: string[] }[] = [{ heading: '', lines: [] }];
  for (const line of lines) {
    const heading = /^#{2,3}\s+(.*)$/.exec(line);
    if (heading) sections.push({ heading: heading[1]?.trim() ?? '', lines: [] });
    else if (/^#\s+/.test(line)) continue;
    else sections.at(-1)?.lines.push(line);
  }
  return sections
    .map((section) => ({ heading: section.heading, text: section.lines.join('\n').trim() }))
    .filter((section) => section.text.length > 0)
    .map((section, index) => ({
      id: firstId + index,
      slug: article.slug,
      title: article.title,
      heading: section.heading,
      tags: article.tags.join(' '),
      asked: (article.asked ?? []).join('\n'),
      text: section.text,
    }));
}

/**
 * When to answer (isConfident): the best article's score at least the language's `score` floor
 * (scores differ by language: the middle of the gap on eval-tuning.json between the weakest answerable
 * question and the strongest unanswerable one, en 28–61, es 30–45, de 31–55, ta 19–48); no unknown
 * name; enough evidence. The held-out sets were never used for these (npm run eval:assistant).
 */
/**
 * The weight of the `asked` field (the questions customers ask that an article answers, written from
 * the article, not from any question set): chosen by leaving one development set out (eval:assistant:cv:
 * folds chose 1, 2 or 3; 0, i.e. no questions, never; on all sets 1).
 */
export const ASKED_WEIGHT = 1;

/**
 * The weight of character n-gram matching (a second index per language, one document per article, of
 * its words' 3-grams): it only re-ranks, lending an article a share of its n-gram score, and counts for
 * no evidence; it is meant for typos, inflections and code-mixing that whole words miss. Chosen by
 * leaving one development set out (eval:assistant:cv); 0 leaves the n-gram index unbuilt.
 */
export const GRAM_WEIGHT = 0;

/** A word's character 3-grams with its boundaries marked ("#bil", "bill", "ill#" style), accents folded. */
export function charGrams(text: string, stop: ReadonlySet<string>): string[] {
  const grams: string[] = [];
  for (const raw of tokenize(text)) {
    const word = foldAccents(normalise(raw));
    if (stop.has(word) || /\d/.test(word)) continue;
    const letters = [...`#${word}#`];
    if (letters.length < 5) continue;
    for (let i = 0; i + 3 <= letters.length; i += 1) grams.push(letters.slice(i, i + 3).join(''));
  }
  return grams;
}

/** The weight of an expansion's added words (0.5, 0.7 and 1 tried on tuning + dev sets: 1 did best). */
export const EXPANSION_WEIGHT = 1;

export const ANSWER_THRESHOLD = {
  score: { en: 45, es: 38, de: 43, ta: 34 } satisfies Record<Language, number>,
  /**
   * The floors below are chosen by cross-validation over the tuning and development sets
   * (npm run eval:assistant:cv: each set's figures measured with floors, and the `asked` weight,
   * chosen on the other sets, maximising declined + answered-from-the-right-article); the values here
   * are the choice on all of them. After the `asked` questions (2026-11-26) folds chose evidence
   * 0.28–0.40, 0.50–0.54 and 0.40–0.50; with the colloquial words and coverage over topic words
   * (2026-11-26, tuning and eight development sets) seven folds of nine chose evidence 0.26, 0.50 with
   * an unknown word (one 0.48) and unknown share 0.45, two 0.34, 0.54 and 0.50. With dictionary words
   * left uncorrected and unknown words no dictionary knows counted as general words (2026-11-26, tuning
   * and nine development sets) folds chose evidence 0.22 (six), 0.32 (two) or 0.34 (one), 0.46 with an
   * unknown word, unknown share 0.45, coverage 0.45. With amount questions, product names and plan
   * codes (2026-11-26, tuning and twelve development sets) eleven folds of thirteen chose evidence 0.28,
   * two 0.24, the rest unchanged: re-run it after changing retrieval.
   *
   * The least evidence (ArticleHit.evidence) to answer from: below it the best article matches only
   * words common to most articles (or general words), which is no sign that it is about the question.
   */
  evidence: 0.28,
  /**
   * The least evidence when unknown topic words (no article knows them; no general word of the
   * language, spoken Tamil word or number) hold at least `unknownShare` of the question's information:
   * positive evidence that the question is about something else ("internet", "rooftop", "plumber").
   */
  evidenceWithUnknown: 0.46,
  /** A term found as written in at least this share of the language's articles is domain-common: no evidence. */
  domainCommon: 0.8,
  /** Share of the question's information on unknown topic words from which evidenceWithUnknown applies. */
  unknownShare: 0.45,
  /**
   * The least coverage (ArticleHit.coverage) of the best article: the share of the question's topic
   * words it matches (general and colloquial words, "hab", "ne", "gibts", "depa", and numbers are not
   * counted), each counted once however common ("neighbour" and "taxes" count as much as "outage"), so an article that matches a question's rare topic word but not what it asks about
   * is no answer. Folds chose 0.35–0.45 (2026-11-26, with the romanised keys).
   */
  coverage: 0.45,
  /**
   * The least evidence to answer a question about yesterday's or last night's incident
   * (SearchOutcome.pastIncident): above 1, so such a question is never answered. Every fold chose it
   * (2026-11-26): in the tuning and seven development sets, all 14 questions dated so are unanswerable
   * (a neighbour's outage and its cause, yesterday's match), none answerable; "since yesterday" is
   * no incident. Only a question that asks for the cause counts (CAUSE): "it went out last night, how
   * do I report it?" or "I paid yesterday and it does not show" are answered. What it still costs: "why
   * is yesterday's payment not showing?" is declined too, and the decline points to Contact us.
   */
  evidenceForIncident: 1.1,
} as const;

/** The thresholds isConfident applies (ANSWER_THRESHOLD; scripts/eval-assistant-cv.ts tries others). */
export interface DeclineThresholds {
  score: Record<Language, number>;
  evidence: number;
  evidenceWithUnknown: number;
  unknownShare: number;
  /** The least share of the question's topic words (ArticleHit.coverage) the best article matches. */
  coverage?: number;
  /** The least evidence when the question asks about a past incident (SearchOutcome.pastIncident); above 1: never. */
  evidenceForIncident?: number;
}

/** BM25's inverse document frequency of a term found in `found` of `total` articles. */
export function idf(found: number, total: number): number {
  return Math.log(1 + (total - found + 0.5) / (found + 0.5));
}

/** Tamil: a word matched by typo tolerance counts as written when its first three letters are the same (a suffix differs). */
const TAMIL_ROOT = 3;
/** A Tamil term's first TAMIL_ROOT letters, marked (amountEvidence keeps them beside the terms). */
const rootKey = (term: string) => `\u0000${[...term].slice(0, TAMIL_ROOT).join('')}`;

/**
 * The query terms a result matched as written: the same word, or the start of a longer one, not a
 * different word within typo tolerance ("cuesta" is not "cuenta", "இன்று" is not "என்று"). Spelling
 * is corrected before the search (Speller) in English, Spanish and German; Tamil has no speller and
 * joins suffixes to its words, so there a match sharing the word's first three letters counts too.
 */
export function matchedAsWritten(
  result: Pick<SearchResult, 'queryTerms' | 'terms'>,
  prefix: (term: string) => boolean,
  tamil: boolean,
): string[] {
  const root = (word: string) => [...word].slice(0, TAMIL_ROOT).join('');
  return result.queryTerms.filter((query) =>
    result.terms.some(
      (doc) =>
        doc === query ||
        (prefix(query) && doc.startsWith(query)) ||
        (tamil && [...query].length >= TAMIL_ROOT && root(doc) === root(query)),
    ),
  );
}

export class KnowledgeIndex {
  private readonly byLanguage = new Map<
    string,
    {
      search: MiniSearch<Passage>;
      articles: Map<string, KnowledgeArticle>;
      splitter: CompoundSplitter | null;
      speller: Speller | null;
      /** Words the articles write apart that customers join ("login", "shutoff"), or null (JoinedWords). */
      joined: JoinedWords | null;
      /** General words (GENERAL_WORDS, processed) that are no topic of these articles. */
      general: Set<string>;
      /** Character n-grams of each article's words (GRAM_WEIGHT), or null when not used. */
      grams: MiniSearch<{ id: string; text: string }> | null;
      /** Per article, the terms of each of its lines that states an amount (amountLines). */
      amounts: Map<string, Set<string>[]>;
      /** Per article, the terms of each of its lines that states a duration (durationLines). */
      durations: Map<string, Set<string>[]>;
    }
  >();

  private readonly expander: QueryExpander;
  private readonly askedWeight: number;
  private readonly gramWeight: number;
  private readonly romanWeight: number;
  private readonly romanScripts: 'latin' | 'both';
  private readonly realWords: boolean;
  private readonly unspeltGeneral: boolean;
  /** Product names per slug (productNames). */
  private readonly names: Map<string, string[]>;

  /** `askedWeight`: the boost of the articles' `asked` questions (ASKED_WEIGHT; eval:assistant:cv tries others). */
  constructor(
    articles: readonly KnowledgeArticle[],
    expander: QueryExpander = knowledgeBaseExpander(),
    options: {
      askedWeight?: number;
      gramWeight?: number;
      romanWeight?: number;
      romanScripts?: 'latin' | 'both';
      /** Whether the speller leaves the language's dictionary words alone (REAL_WORDS). */
      realWords?: boolean;
      /** Whether unknown words no dictionary knows count as general words (NOT_IN_DICTIONARY). */
      unspeltGeneral?: boolean;
    } = {},
  ) {
    this.expander = expander;
    this.askedWeight = options.askedWeight ?? ASKED_WEIGHT;
    this.gramWeight = options.gramWeight ?? GRAM_WEIGHT;
    this.romanWeight = options.romanWeight ?? ROMAN_WEIGHT;
    this.romanScripts = options.romanScripts ?? ROMAN_SCRIPTS;
    this.realWords = options.realWords ?? REAL_WORDS;
    this.unspeltGeneral = options.unspeltGeneral ?? NOT_IN_DICTIONARY;
    this.names = productNames(articles);
    // Read the dictionaries now (0.1–0.3 s each, once a process), not on a customer's first question.
    if (this.realWords) for (const language of SPELT_LANGUAGES) entriesOf(language);
    let nextId = 0;
    const groups = new Map<string, KnowledgeArticle[]>();
    for (const article of articles) {
      const list = groups.get(article.language) ?? [];
      list.push(article);
      groups.set(article.language, list);
    }
    for (const [language, list] of groups) {
      const processTerm = termProcessor(language as Language);
      const splitter =
        language === 'de'
          ? new CompoundSplitter(
              list.flatMap((a) => tokenize(`${a.title} ${a.tags.join(' ')} ${a.body}`)),
              STEMMERS.de,
              GERMAN_PARTICLES,
            )
          : null;
      const search = new MiniSearch<Passage>({
        fields: ['title', 'tags', 'heading', 'text', 'parts', 'asked', 'roman'],
        storeFields: ['slug'],
        tokenize,
        // The romanised keys are already spelt as they are searched.
        processTerm: (term: string, field?: string) => (field === 'roman' ? term : processTerm(term)),
      });
      const passages: Passage[] = [];
      for (const article of list) {
        const own = passagesOf(article, nextId).map((passage) =>
          language === 'ta' && this.romanWeight > 0
            ? {
                ...passage,
                roman: tokenize(
                  `${passage.title} ${passage.tags} ${passage.heading} ${passage.text} ${passage.asked ?? ''}`,
                )
                  .flatMap((word) => romanKey(word) ?? [])
                  .join(' '),
              }
            : splitter
              ? {
                  ...passage,
                  parts: tokenize(`${passage.title} ${passage.tags} ${passage.heading} ${passage.text}`)
                    .flatMap((word) => splitter.split(word))
                    .join(' '),
                }
              : passage,
        );
        nextId += own.length;
        passages.push(...own);
      }
      search.addAll(passages);
      const byId = new Map(passages.map((p) => [p.id, p]));
      (search as unknown as { passages: Map<number, Passage> }).passages = byId;
      const topics = new Set(
        passages.flatMap((p) =>
          tokenize(`${p.title} ${p.tags} ${p.heading}`).flatMap((w) => processTerm(w) ?? []),
        ),
      );
      const general = new Set(
        (GENERAL_WORDS[language as Language] ?? []).flatMap((word) => {
          const term = processTerm(word);
          return term && !topics.has(term) ? [term] : [];
        }),
      );
      let grams: MiniSearch<{ id: string; text: string }> | null = null;
      if (this.gramWeight > 0) {
        const stop = STOP_WORDS[language as Language] ?? new Set<string>();
        grams = new MiniSearch<{ id: string; text: string }>({
          fields: ['text'],
          tokenize: (text) => charGrams(text, stop),
          processTerm: (term) => term,
        });
        grams.addAll(
          list.map((a) => ({
            id: a.slug,
            text: `${a.title} ${a.tags.join(' ')} ${a.body} ${(a.asked ?? []).join(' ')}`,
          })),
        );
      }
      const lineTerms = (line: string) => {
        const terms = (splitter ? splitter.tokenize(line) : tokenize(line)).flatMap(
          (w) => processTerm(w) ?? [],
        );
        // Tamil: each term's first letters too (amountEvidence), marked so as not to be a term.
        return new Set(language === 'ta' ? [...terms, ...terms.map(rootKey)] : terms);
      };
      this.byLanguage.set(language, {
        search,
        general,
        grams,
        amounts: new Map(list.map((a) => [a.slug, amountLines(a.body).map(lineTerms)])),
        durations: new Map(list.map((a) => [a.slug, durationLines(a.body).map(lineTerms)])),
        articles: new Map(list.map((a) => [a.slug, a])),
        splitter,
        joined: JOINED[language as Language]
          ? new JoinedWords(
              list.map((a) => `${a.title}\n${a.body}\n${(a.asked ?? []).join('\n')}`),
              STEMMERS[language as Language],
            )
          : null,
        speller: SPELLING[language as Language]
          ? new Speller(
              list.flatMap((a) =>
                tokenize(`${a.title} ${a.tags.join(' ')} ${a.body} ${(a.asked ?? []).join(' ')}`),
              ),
              this.realWords ? (word) => dictionaryKnows(language as Language, word) : undefined,
            )
          : null,
      });
    }
  }

  languages(): string[] {
    return [...this.byLanguage.keys()];
  }

  article(language: string, slug: string): KnowledgeArticle | undefined {
    return this.byLanguage.get(language)?.articles.get(slug);
  }

  /**
   * The article's sections ranked by their own words (heading and text): every section carries the
   * article's title and tags, so the article-level ranking cannot tell its sections apart.
   */
  sectionsOf(
    language: Language,
    slug: string,
    terms: readonly string[],
  ): { passage: Passage; score: number }[] {
    const entry = this.byLanguage.get(language);
    if (!entry || terms.length === 0) return [];
    const passages = (entry.search as unknown as { passages: Map<number, Passage> }).passages;
    const tamil = language === 'ta';
    return entry.search
      .search(terms.join(' '), {
        fields: ['heading', 'text', 'parts'],
        boost: { heading: 1.5, text: 1, parts: 0.5 },
        prefix: (term: string) => term.length >= (tamil ? 3 : 4),
        fuzzy: (term: string) => (tamil ? (term.length >= 4 ? 0.3 : false) : term.length >= 5 ? 0.2 : false),
        combineWith: 'OR',
        processTerm: (term: string) => term,
        filter: (result) => result.slug === slug,
      })
      .flatMap((result) => {
        const passage = passages.get(result.id as number);
        return passage ? [{ passage, score: result.score }] : [];
      });
  }

  /**
   * Cross-language fallback: customers mix English product words into other languages ("net
   * metering", "paperless", "Green Tags"). The question's Latin-script words that no article of its
   * language knows are searched, exactly (no prefix or typo matching), in the English index; the
   * result is per slug, with the question's own terms those words stand for.
   */
  private englishFallback(
    language: Language,
    words: readonly string[],
    processTerm: (term: string) => string | null,
    seen: ReadonlySet<string>,
  ): { terms: string[]; bySlug: Map<string, { score: number; terms: string[] }> } {
    const bySlug = new Map<string, { score: number; terms: string[] }>();
    const englishEntry = this.byLanguage.get('en');
    if (language === 'en' || !englishEntry) return { terms: [], bySlug };
    const englishTerm = termProcessor('en');
    const pairs = words.flatMap((word) => {
      if (!/^[a-z-]{4,}$/i.test(word)) return [];
      const own = processTerm(word);
      if (!own || seen.has(own)) return [];
      // A joined English word is looked up by its parts ("login": log in, JoinedWords).
      const parts = englishEntry.joined?.split(word) ?? [word];
      return parts.flatMap((part) => {
        const en = englishTerm(part);
        return en ? [{ own, en }] : [];
      });
    });
    if (pairs.length === 0) return { terms: [], bySlug };
    const passages = (englishEntry.search as unknown as { passages: Map<number, Passage> }).passages;
    const results = englishEntry.search.search(pairs.map(({ en }) => en).join(' '), {
      boost: { title: 6, tags: 6, heading: 3, text: 1, parts: 1, asked: this.askedWeight },
      combineWith: 'OR',
      processTerm: (term: string) => term,
    });
    const terms = new Set<string>();
    for (const result of results) {
      const slug = passages.get(result.id as number)?.slug;
      if (!slug) continue;
      const own = pairs.filter(({ en }) => result.queryTerms.includes(en)).map(({ own }) => own);
      for (const term of own) terms.add(term);
      const before = bySlug.get(slug);
      if (!before || before.score < result.score) bySlug.set(slug, { score: result.score, terms: own });
    }
    return { terms: [...terms], bySlug };
  }

  /**
   * The articles the question names: by a product name (productNames: all its words in the question)
   * or by a code that one or two of the language's articles write ("E-GS"; "E-Mail", in most, names none).
   */
  private namedSlugs(
    language: Language,
    question: string,
    amount: boolean,
  ): { named: Set<string>; coded: Set<string> } {
    const named = new Set<string>();
    const coded = new Set<string>();
    const entry = this.byLanguage.get(language);
    if (!entry) return { named, coded };
    const words = new Set(tokenize(foldAccents(question.toLowerCase())));
    for (const [slug, name] of this.names) if (name.every((w) => words.has(w))) named.add(slug);
    for (const code of question.match(CODE) ?? []) {
      // The articles write a code in capitals ("E-GS"); "E-Auto" is a word.
      const pattern = new RegExp(`(?<![\\p{L}\\p{N}-])${code.toUpperCase()}(?![\\p{L}\\p{N}-])`, 'u');
      const holding = [...entry.articles.values()].filter((a) => pattern.test(a.body));
      if (holding.length === 0 || holding.length > 2) continue;
      // An amount question ("E-SOLAR fixed charge"): the article whose paragraph or list item states the
      // code and an amount together, when one does (not the one with the code only in a heading).
      const stating = amount
        ? holding.filter((a) =>
            a.body
              .split(/\r?\n/)
              .some((line) => !line.startsWith('#') && pattern.test(line) && AMOUNT.test(line)),
          )
        : [];
      for (const article of stating.length > 0 ? stating : holding) coded.add(article.slug);
    }
    return { named, coded };
  }

  /**
   * For an amount question (asksAmount): per slug, the largest share of the question's information
   * (`weight`, as evidence counts it) that one of the article's lines stating an amount holds
   * (amountLines). Tamil compares words by their first letters (a suffix differs); a Latin-script word
   * of a question in another language is also looked up in the English article's lines.
   */
  private amountEvidence(
    language: Language,
    words: readonly string[],
    counted: readonly string[],
    weight: ReadonlyMap<string, number>,
    stated: 'amounts' | 'durations' = 'amounts',
  ): (slug: string) => number {
    const entry = this.byLanguage.get(language);
    const english = language === 'en' ? null : this.byLanguage.get('en');
    const information = counted.reduce((sum, term) => sum + (weight.get(term) ?? 0), 0);
    if (!entry || information === 0) return () => 0;
    const processTerm = termProcessor(language);
    const englishTerm = termProcessor('en');
    const inEnglish = new Map<string, string>();
    for (const word of words)
      if (/^[a-z]{3,}$/i.test(word)) {
        const own = processTerm(word);
        const en = englishTerm(word);
        if (own && en) inEnglish.set(own, en);
      }
    const has = (line: ReadonlySet<string>, term: string) =>
      line.has(term) || (language === 'ta' && [...term].length >= TAMIL_ROOT && line.has(rootKey(term)));
    const cache = new Map<string, number>();
    return (slug: string) => {
      const known = cache.get(slug);
      if (known !== undefined) return known;
      let best = 0;
      const lines = [
        ...(entry[stated].get(slug) ?? []).map((line) => ({ line, english: false })),
        ...(english?.[stated].get(slug) ?? []).map((line) => ({ line, english: true })),
      ];
      for (const { line, english: isEnglish } of lines) {
        let sum = 0;
        for (const term of counted) {
          const w = weight.get(term) ?? 0;
          if (w === 0) continue;
          const en = inEnglish.get(term);
          if (isEnglish ? en !== undefined && line.has(en) : has(line, term)) sum += w;
        }
        best = Math.max(best, sum / information);
      }
      cache.set(slug, best);
      return best;
    };
  }

  private readonly kindArticles = new Map<KnowledgeArticle, KindArticle>();

  /**
   * The article's title, `asked` questions (an article that lists "hay subsidio" answers it) and body, and
   * its amount lines, as unansweredKind reads them (lower case, accents folded).
   */
  private kindArticle(article: KnowledgeArticle) {
    let found = this.kindArticles.get(article);
    if (!found) {
      const text = fold(`${article.title}\n${(article.asked ?? []).join('\n')}\n${article.body}`);
      found = { text, amountLines: amountLines(article.body).map(fold), sentences: kindSentences(text) };
      this.kindArticles.set(article, found);
    }
    return found;
  }

  search(language: Language, question: string, limit = 3): SearchOutcome {
    const entry = this.byLanguage.get(language);
    const processTerm = termProcessor(language);
    const synonyms = SYNONYMS[language];
    const split = entry?.splitter ? (text: string) => entry.splitter?.tokenize(text) ?? [] : tokenize;
    const stop = STOP_WORDS[language];
    // A name (an acronym, or capitalised inside the sentence) is not a typo: it stays unknown.
    const spell = (word: string, position: number) =>
      entry?.speller &&
      !stop.has(normalise(word)) &&
      !synonyms[normalise(word)] &&
      !looksLikeName(word, position)
        ? entry.speller.correct(word)
        : word;
    const phrased = PHRASES[language].reduce(
      (text, [pattern, words]) => text.replace(pattern, ` ${words} `),
      question.normalize('NFC').replace(/[’‘]/g, "'"),
    );
    const words = tokenize(phrased).flatMap((word, position) => {
      const apart = entry?.joined?.split(word);
      return apart ?? split(synonyms[normalise(word)] ?? spell(word, position));
    });
    const terms = [...new Set(words.flatMap((word) => processTerm(word) ?? []))];
    // A German compound is searched whole and by its parts; its parts count for coverage, so a
    // compound the articles write apart ("Wasserpreis": Wasser, Preis) is not an unknown word.
    const compounds = new Set(
      entry?.splitter
        ? words.flatMap((word) => (entry.splitter?.split(word).length ? (processTerm(word) ?? []) : []))
        : [],
    );
    const counted = terms.filter((term) => !compounds.has(term));
    // Expansions add the articles' words for the customer's (query-expansion.json); the added words
    // are searched with a lower weight and do not count for coverage, but a customer's word they
    // explain is matched wherever one of them is.
    const expansions = this.expander.expand(language, question).map(({ matched, adds }) => ({
      explains: new Set(matched.flatMap((word) => split(word)).flatMap((word) => processTerm(word) ?? [])),
      adds: [...new Set(adds.flatMap((word) => split(word)).flatMap((word) => processTerm(word) ?? []))],
    }));
    // Tamil: each word is also searched by its romanised key (romanKey) in the `roman` field, cut to
    // ROMAN_PREFIX letters and matched as a prefix (a suffix differs: "kattanum" finds "கட்டணம்").
    // A word found so explains itself, as an expansion's does.
    const romanised =
      language === 'ta' && this.romanWeight > 0
        ? words.flatMap((word) => {
            if (this.romanScripts === 'latin' && !/^[a-z]+$/i.test(word)) return [];
            // Spoken Tamil's question words and particles ("enna", "unga", "kitta") are in every article.
            if (ROMANISED_TAMIL.has(normalise(word))) return [];
            const key = romanKey(word)?.slice(0, ROMAN_PREFIX);
            if (!key || key.length < ROMAN_MIN) return [];
            const term = processTerm(word);
            return key && term ? [{ explains: new Set([term]), adds: [key] }] : [];
          })
        : [];
    const romanKeys = new Set(romanised.flatMap(({ adds }) => adds).filter((key) => !terms.includes(key)));
    expansions.push(...romanised);
    const added = new Set(expansions.flatMap(({ adds }) => adds).filter((term) => !terms.includes(term)));
    const explained = (term: string, matched: ReadonlySet<string>) =>
      expansions.some(({ explains, adds }) => explains.has(term) && adds.some((add) => matched.has(add)));
    // Unknown words that are no word of the language's dictionary either (filled below, NOT_IN_DICTIONARY).
    const unspelt = new Set<string>();
    const topicWord = (term: string) =>
      !entry?.general.has(term) &&
      !/\d/.test(term) &&
      !(language === 'ta' && spokenTamil(term)) &&
      !unspelt.has(term);
    if (!entry || terms.length === 0)
      return {
        language,
        terms,
        unknown: terms,
        unknownNames: [],
        unknownTopics: terms.filter(topicWord),
        unknownShare: terms.some(topicWord) ? 1 : 0,
        pastIncident: pastIncident(language, question),
        hits: [],
      };
    const passages = (entry.search as unknown as { passages: Map<number, Passage> }).passages;
    const tamil = language === 'ta';
    const options = {
      boost: {
        title: 6,
        tags: 6,
        heading: 3,
        text: 1,
        parts: 1,
        asked: this.askedWeight,
        roman: this.romanWeight,
      },
      prefix: (term: string) => term.length >= (tamil ? 3 : 4),
      // Tamil joins suffixes to its words: a looser match finds the same word in another case.
      // Romanised keys are already loose: prefix only.
      fuzzy: (term: string) =>
        romanKeys.has(term)
          ? false
          : tamil
            ? term.length >= 4
              ? 0.3
              : false
            : term.length >= 5
              ? 0.2
              : false,
      combineWith: 'OR',
      // Already processed above; the query terms pass through as they are.
      processTerm: (term: string) => term,
      boostTerm: (term: string) => (added.has(term) ? EXPANSION_WEIGHT : 1),
    } as const;
    const results: SearchResult[] = entry.search.search([...terms, ...added].join(' '), options);
    const seen = new Set(results.flatMap((result) => result.queryTerms));
    const english = this.englishFallback(language, words, processTerm, seen);
    for (const term of english.terms) seen.add(term);
    const unknown = terms.filter((term) => !seen.has(term) && !compounds.has(term) && !explained(term, seen));
    // A word that neither the articles nor any dictionary (en, es, de) know is slang, a dialect word or a
    // typo too far for the speller ("jefita", "grätzl", "wth", "tmrw"): no sign of another topic. A real word the articles lack ("interest", "installer") is: it stays a topic word.
    if (this.unspeltGeneral && this.realWords && DICTIONARIES[language])
      for (const word of words) {
        const term = processTerm(word);
        if (
          term &&
          unknown.includes(term) &&
          /^\p{L}+$/u.test(word) &&
          // A place's name is in some dictionary ("Kansas", "München"), whichever the question's language.
          !SPELT_LANGUAGES.some((other) => dictionaryKnows(other, word))
        )
          unspelt.add(term);
      }
    // In Tamil, an English word in Latin script (one the English dictionary knows) that neither the Tamil
    // nor the English articles know, and that is no general English word ("resume", "cylinder"), names
    // another topic as surely as a name.
    const englishGeneral = tamil ? ENGLISH_GENERAL : null;
    // A company written with an ampersand ("PG&E", "AT&T") that no article names: tokenize splits it.
    const ampersandNames = question
      .split(/\s+/)
      .map((word) => word.replace(/^\p{P}+|('s|’s)?\p{P}*$/gu, ''))
      .filter(
        (word) =>
          /^\p{Lu}+&\p{Lu}+$/u.test(word) && ![...entry.articles.values()].some((a) => a.body.includes(word)),
      );
    // A word no article knows just before a word that names a utility company ("Wien Energie", "Duke
    // Energy", "Endesa Energía"): another company's name, however it is written.
    const companyNames = words.filter((word, i) => {
      const term = processTerm(word);
      return (
        COMPANY.test(foldAccents(normalise(words[i + 1] ?? ''))) &&
        /^\p{L}{3,}$/u.test(word) &&
        term !== null &&
        unknown.includes(term) &&
        // A name no dictionary knows ("Endesa") counts, though as a lone word it would pass for slang.
        !entry.general.has(term)
      );
    });
    const unknownNames = [
      ...ampersandNames,
      ...companyNames,
      ...words
        .filter(
          (word, position) =>
            // German capitalises every noun: there only an acronym looks like a name.
            (language === 'de' ? /^\p{Lu}{3,}$/u.test(word) : looksLikeName(word, position)) ||
            // A two-letter acronym ("EB", "PG") no article knows, unless a general word ("OK", "ID").
            (/^\p{Lu}{2}$/u.test(word) &&
              !ENGLISH_GENERAL.has(normalise(word)) &&
              !entry.general.has(processTerm(word) ?? '')) ||
            (englishGeneral !== null &&
              /^[a-z]{4,}$/i.test(word) &&
              !englishGeneral.has(normalise(word)) &&
              !romanisedTamil(word) &&
              // A Latin word the English dictionary does not know is romanised Tamil ("vechirukken", "maathradhu").
              (!this.realWords || dictionaryKnows('en', word))),
        )
        .filter((word) => unknown.includes(processTerm(word) ?? '')),
    ];
    const bySlug = new Map<
      string,
      {
        score: number;
        matched: Set<string>;
        /** The terms matched as written (matchedAsWritten). */
        written: Set<string>;
        passages: { passage: Passage; score: number }[];
      }
    >();
    const fresh = () => ({ score: 0, matched: new Set<string>(), written: new Set<string>(), passages: [] });
    for (const result of results) {
      const passage = passages.get(result.id as number);
      if (!passage) continue;
      const entryOf = bySlug.get(passage.slug) ?? fresh();
      entryOf.score = Math.max(entryOf.score, result.score);
      for (const term of result.queryTerms) entryOf.matched.add(term);
      for (const term of matchedAsWritten(result, options.prefix, tamil)) entryOf.written.add(term);
      entryOf.passages.push({ passage, score: result.score });
      bySlug.set(passage.slug, entryOf);
    }
    // Articles are aligned across languages by slug: an English hit lifts the same article here.
    for (const [slug, { score, terms: matchedTerms }] of english.bySlug) {
      const entryOf = bySlug.get(slug) ?? fresh();
      entryOf.score += score * CROSS_LANGUAGE_WEIGHT;
      // Searched exactly in the English index: matched as written.
      for (const term of matchedTerms) {
        entryOf.matched.add(term);
        entryOf.written.add(term);
      }
      if (entryOf.passages.length === 0) {
        const first = [...passages.values()].find((passage) => passage.slug === slug);
        if (first) entryOf.passages.push({ passage: first, score: 0 });
      }
      bySlug.set(slug, entryOf);
    }
    // Character n-grams re-rank: an article lends a share of its n-gram score (no evidence, no coverage).
    if (entry.grams && this.gramWeight > 0) {
      const query = charGrams(words.join(' '), stop);
      if (query.length > 0)
        for (const result of entry.grams.search(query.join(' '), {
          combineWith: 'OR',
          tokenize: (text) => text.split(' '),
          processTerm: (term) => term,
        })) {
          const slug = result.id as string;
          const entryOf = bySlug.get(slug) ?? fresh();
          entryOf.score += result.score * this.gramWeight;
          if (entryOf.passages.length === 0) {
            const first = [...passages.values()].find((passage) => passage.slug === slug);
            if (first) entryOf.passages.push({ passage: first, score: 0 });
          }
          bySlug.set(slug, entryOf);
        }
    }
    // Evidence: each counted term weighs its inverse document frequency over the language's articles,
    // counting the articles that hold it as written (so a word in almost every article, "bill",
    // "Riverbend", weighs almost nothing, and one no article holds weighs most); general words,
    // numbers and domain-common terms weigh nothing. An article's evidence is the share of that
    // weight it matched as written, or through an expansion's words.
    const articleCount = entry.articles.size;
    const holding = new Map<string, number>();
    for (const found of bySlug.values())
      for (const term of found.written) holding.set(term, (holding.get(term) ?? 0) + 1);
    // A word found by its romanised key is held by the articles that hold the key, however often.
    for (const found of bySlug.values())
      for (const { explains, adds } of romanised)
        if (adds.some((key) => found.matched.has(key)))
          for (const term of explains)
            if (!found.written.has(term)) holding.set(term, (holding.get(term) ?? 0) + 1);
    const weight = new Map(
      counted.map((term) => {
        const found = holding.get(term) ?? 0;
        const none = !topicWord(term) || found >= ANSWER_THRESHOLD.domainCommon * articleCount;
        return [term, none ? 0 : idf(found, articleCount)] as const;
      }),
    );
    const information = [...weight.values()].reduce((sum, w) => sum + w, 0);
    // Coverage counts the question's topic words: its general and colloquial words ("hab", "ne",
    // "gibts", "depa") and numbers say nothing of what it asks, so an article need not match them.
    const topical = counted.filter(topicWord);
    const covered = topical.length > 0 ? topical : counted;
    const hits: ArticleHit[] = [];
    for (const [slug, found] of bySlug) {
      const article = entry.articles.get(slug);
      if (!article) continue;
      // A little credit for words matched in other sections of the same article.
      const share = (of: readonly string[]) =>
        of.length > 0
          ? of.filter((term) => found.matched.has(term) || explained(term, found.matched)).length / of.length
          : Math.min(1, found.matched.size / terms.length);
      // Tamil's typo tolerance (0.3 of a word's letters) finds other words with the same start: there
      // coverage counts the words matched as written (matchedAsWritten: a suffix may differ), through an
      // expansion or a romanised key (TAMIL_COVERAGE_AS_WRITTEN).
      const coverage =
        tamil && TAMIL_COVERAGE_AS_WRITTEN && covered.length > 0
          ? covered.filter((term) => found.written.has(term) || explained(term, found.matched)).length /
            covered.length
          : share(covered);
      const matchedInformation = counted
        .filter((term) => found.written.has(term) || explained(term, found.matched))
        .reduce((sum, term) => sum + (weight.get(term) ?? 0), 0);
      hits.push({
        article,
        score: found.score * (0.5 + share(counted) / 2),
        coverage,
        evidence: information > 0 ? matchedInformation / information : 0,
        passages: found.passages,
      });
    }
    // Hits re-rank their best `limit` by score and evidence together, Tamil most: its prefix and typo
    // matching spread a BM25 score over any word sharing a stem's first letters, while evidence
    // counts the rare words matched as written
    // ("மின்கம்பி" in outages over a common word in paperless-billing). TAMIL_EVIDENCE_RANK was chosen
    // on the six development sets: it lifted dev-4 and dev-5 (Tamil top-1 9 -> 10 and 10 -> 12 of 14)
    // and changed no other set; in en, es and de the same re-rank lost as much as it won, a milder one
    // (EVIDENCE_RANK) won.
    const evidenceRank = tamil ? TAMIL_EVIDENCE_RANK : EVIDENCE_RANK;
    const asksForAmount = asksAmount(language, question);
    const { named, coded } = this.namedSlugs(language, question, asksForAmount);
    const amountOf = asksForAmount
      ? this.amountEvidence(language, words, counted, weight)
      : asksDuration(language, question)
        ? this.amountEvidence(language, words, counted, weight, 'durations')
        : null;
    const rankOf = (hit: ArticleHit) =>
      hit.score *
      (1 - evidenceRank + evidenceRank * hit.evidence) *
      (1 + (tamil ? TAMIL_AMOUNT_RANK : AMOUNT_RANK) * (hit.amount ?? 0)) *
      (hit.named ? 1 + NAME_RANK : 1);
    for (const hit of hits) {
      if (amountOf) hit.amount = amountOf(hit.article.slug);
      if (named.has(hit.article.slug) || coded.has(hit.article.slug)) hit.named = true;
    }
    // A plan code the question names ("E-GS") decides: the articles that write it come first, from
    // among all hits (not only the best `limit` by score).
    hits.sort(
      (a, b) => Number(coded.has(b.article.slug)) - Number(coded.has(a.article.slug)) || b.score - a.score,
    );
    const ranked = hits
      .slice(0, limit)
      .sort(
        (a, b) =>
          Number(coded.has(b.article.slug)) - Number(coded.has(a.article.slug)) || rankOf(b) - rankOf(a),
      );
    const best = ranked[0];
    const kind = best
      ? unansweredKind(
          language,
          fold(question),
          amountOf ? (clause) => asksAmount(language, clause) : null,
          this.kindArticle(best.article),
        )
      : null;
    const unknownTopics = unknown.filter(topicWord);
    const unknownInformation = unknownTopics.reduce((sum, term) => sum + (weight.get(term) ?? 0), 0);
    const unknownShare = information > 0 ? unknownInformation / information : 0;
    return {
      language,
      terms,
      unknown,
      unknownNames,
      unknownTopics,
      unknownShare,
      pastIncident: pastIncident(language, question),
      ...(kind ? { unansweredKind: kind } : {}),
      hits: ranked,
    };
  }
}

/**
 * A line of an article that states an amount: a price ("$5.00", "0,75 $", "10.12¢"), a share ("2,5 %")
 * or a size ("10 MB").
 */
const AMOUNT = /\$\s?\d|\d\s?(\$|¢|%|€|MB(?![\p{L}]))|\d[.,]\d{2}(?!\d)/u;

/**
 * The article's sentences and table rows that `pattern` finds, each with its section's heading
 * ("## Gas" above "- Customer charge: $16.50 per month").
 */
function headedSentences(body: string, pattern: RegExp): string[] {
  const lines: string[] = [];
  let heading = '';
  for (const line of body.split(/\r?\n/)) {
    const title = /^#{1,3}\s+(.*)$/.exec(line);
    if (title) {
      heading = title[1] ?? '';
      continue;
    }
    for (const sentence of line.split(/(?<=[.!?])\s+(?=\P{Ll})/u))
      if (pattern.test(sentence)) lines.push(`${heading} ${sentence}`);
  }
  return lines;
}

/** The article's sentences and table rows that state an amount (AMOUNT): what a question about a price is answered by. */
export function amountLines(body: string): string[] {
  return headedSentences(body, AMOUNT);
}

/** A duration as the articles write one: "15 minutes", "3 Tage", "4 மணி நேரத்துக்குள்". */
const DURATION =
  /\d\s*(minutes?|minuten|minutos?|hours?|stunden?|horas?|business days?|days?|tagen?|d[ií]as|weeks?|wochen?|semanas?|months?|monaten?|meses|years?|jahren?|años|நிமிட|மணி|நாள்|நாட்க|வார|மாத|ஆண்டு|வயது)/iu;

/** The article's sentences that state a duration (DURATION), each with its section's heading (as amountLines). */
export function durationLines(body: string): string[] {
  return headedSentences(body, DURATION);
}

/**
 * Words that ask how long: a time limit, how far ahead (folded, lower case). Such a question is answered
 * by the article that states the duration of the thing it names ("the payment page expired, how long do I
 * have": Quick Pay's 15 minutes, not AutoPay), as an amount question by the one stating the amount.
 */
const DURATION_QUESTION: Record<Language, RegExp> = {
  en: /how long|how much time|how many (days|hours|minutes|weeks)|time limit|deadline|how soon|how far ahead|how far in advance/u,
  es: /cuanto tiempo|cuantos (dias|horas|minutos|semanas)|plazo|cuanto tard|anticipacion/u,
  de: /wie lang|wie viel zeit|wieviel zeit|wie viele (tage|stunden|minuten|wochen)|frist|wie schnell|wie fruh/u,
  ta: /evlo neram|evvalavu neram|evlo naal|evlo time|எவ்வளவு நேரம்|எவ்ளோ நேரம்|எத்தனை நாள்|எத்தனை மணி|எவ்வளவு நாள்|how long/u,
};

export function asksDuration(language: Language, question: string): boolean {
  return DURATION_QUESTION[language].test(foldAccents(question.toLowerCase().normalize('NFC')));
}

/**
 * Words that ask for an amount: how much, a cost, fee or charge, the most or least (folded, lower
 * case). Such a question is answered by the article that states the amount of the thing it names, not
 * by the one that only describes the thing ("Lastschrift, was kostet das": the fees table, not AutoPay).
 */
const AMOUNT_QUESTION: Record<Language, RegExp> = {
  en: /(?<![\p{L}])(how much|costs?|costing|fees?|charges?|charged|prices?|pricing|extra|most|max|maximum|minimum|limit)(?![\p{L}])/u,
  es: /(?<![\p{L}])(cuant\p{L}*|cuesta\p{L}*|cobr\p{L}*|cargos?|comision\p{L}*|precios?|extra|maxim\p{L}*|minim\p{L}*|limite\p{L}*|tarifa)(?![\p{L}])/u,
  de: /kost|gebuhr|preis|wie ?viel|wie hoch|hochst|maximal|mindest|extra|aufpreis|limit/u,
  ta: /evlo|evvalavu|evalavu|evlavu|எவ்வளவு|எவ்ளோ|எத்தனை|கட்டணம்|(?<![\p{L}])(charges?|fees?|extra|max|cost)(?![\p{L}])/u,
};

export function asksAmount(language: Language, question: string): boolean {
  return AMOUNT_QUESTION[language].test(foldAccents(question.toLowerCase().normalize('NFC')));
}

/**
 * An amount question's hits rank by score × (1 + w × the share of its information that one line
 * stating an amount matches, amountLines): w is AMOUNT_RANK in English, Spanish and German,
 * TAMIL_AMOUNT_RANK in Tamil (whose lines are matched by a word's first letters, more loosely). Chosen by
 * leaving one set out (2026-11-26, tuning and twelve development sets, with NAME_RANK and the plan codes):
 * w = 1 everywhere took left-out top-1 from mean 94.7 % (worst 85.7) to 95.1 % (91.1); 2 in en, es and de
 * then English top-1 96.7 → 97.3 % (worst 85.7 → 92.9), nothing lost; 3 lost Spanish questions, 2 in
 * Tamil lost Tamil ones (top-1 mean 91.2 → 89.8 %).
 */
export const AMOUNT_RANK = 2;
export const TAMIL_AMOUNT_RANK = 1;
/** A hit the question names by a product name (namedSlugs) ranks by score × (1 + this); a plan code decides. */
export const NAME_RANK = 1;

/**
 * Product names, from the articles themselves: the words of the English title that the Spanish title
 * writes the same way, capitals included ("Green Tags", "Green Button", "AutoPay"). A name is not
 * translated, and Spanish writes common nouns in lower case, so "Gas" (Spanish "gas") is no name. Per
 * slug, the name's words, lower case.
 */
export function productNames(articles: readonly KnowledgeArticle[]): Map<string, string[]> {
  const capitalised = (title: string) => tokenize(title).filter((w) => /^\p{Lu}[\p{L}]{2,}$/u.test(w));
  const names = new Map<string, string[]>();
  for (const article of articles) {
    if (article.language !== 'en') continue;
    const spanish = articles.find((a) => a.slug === article.slug && a.language === 'es');
    if (!spanish) continue;
    const witness = new Set(capitalised(spanish.title));
    const shared = capitalised(article.title).filter((w) => witness.has(w));
    if (shared.length > 0)
      names.set(
        article.slug,
        shared.map((w) => w.toLowerCase()),
      );
  }
  return names;
}

/** Words that name a utility company after its name ("Wien Energie", "Duke Energy", "Georgia Power"). */
const COMPANY = /^(energy|power|electric|utilities|energie|energia|electrica|electricidad|edison)$/u;

/** A plan or product code as the articles write them: "E-GS", "E-TOU", "R-1", "E-SOLAR" (a customer may type "e-gs"). */
const CODE = /(?<![\p{L}\p{N}-])\p{L}{1,3}-[\p{L}\p{N}]{1,5}(?![\p{L}\p{N}-])/gu;

/**
 * The weight of the Tamil `roman` field (romanKey): 0 leaves it out. ROMAN_SCRIPTS: whether only the
 * question's Latin-script words are searched by their key, or its Tamil-script words too (English
 * words written in Tamil letters). ROMAN_PREFIX: the letters of a key searched, as a prefix.
 */
export const ROMAN_WEIGHT = 2;
export const ROMAN_SCRIPTS: 'latin' | 'both' = 'latin';
export const ROMAN_PREFIX = 7;
/** The fewest letters of a key searched: shorter keys ("pil", "kata") match too many words. */
export const ROMAN_MIN = 5;

/**
 * Words that date a question to yesterday: the language's own word (Intl.RelativeTimeFormat: yesterday,
 * ayer, gestern, நேற்று), its spoken Tamil form and "last night", and the names of the weekdays (Intl:
 * "tuesday night", "el martes", "am Dienstag" date one past incident as surely); and the words that
 * make it a duration instead ("since yesterday": the outage is still on, which the articles do answer).
 */
function weekdays(language: Language): string[] {
  return Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(language, { weekday: 'long' })
      .format(new Date(Date.UTC(2026, 10, 16 + i)))
      .toLowerCase(),
  );
}
const YESTERDAY: Record<Language, RegExp> = (() => {
  const word = (language: Language) =>
    new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-1, 'day').toLowerCase();
  const extra: Record<Language, string[]> = {
    en: ['last night'],
    es: ['anoche'],
    de: [],
    ta: ['நேத்து'],
  };
  const since: Record<Language, string> = {
    en: '(?<!since )',
    es: '(?<!desde )',
    de: '(?<!seit )',
    ta: '',
  };
  return Object.fromEntries(
    (['en', 'es', 'de', 'ta'] as const).map((language) => [
      language,
      new RegExp(
        `${since[language]}(?<![\\p{L}\\p{M}])(${[word(language), ...extra[language], ...weekdays(language)].join('|')})(?![\\p{L}\\p{M}])`,
        'u',
      ),
    ]),
  ) as Record<Language, RegExp>;
})();

/**
 * Words that ask for a cause (why, what caused): with a date of yesterday they ask why one incident
 * happened, which no general article records. Without them a dated question asks how to do
 * something the articles do answer ("I paid yesterday and it does not show", "it went out last
 * night, how do I report it?"), so the date alone declines nothing.
 */
const CAUSE: Record<Language, RegExp> = {
  en: /(?<![\p{L}\p{M}])(why|cause[ds]?|reason)(?![\p{L}\p{M}])/u,
  es: /(?<![\p{L}\p{M}])(por ?qu[eé]|porque|xq|pq|causa|motivo|raz[oó]n)(?![\p{L}\p{M}])/u,
  de: /(?<![\p{L}\p{M}])(warum|wieso|weshalb|ursache|grund)(?![\p{L}\p{M}])/u,
  ta: /(ஏன்|காரணம்)/u,
};

export function pastIncident(language: Language, question: string): boolean {
  const text = question.toLowerCase().normalize('NFC');
  return YESTERDAY[language].test(text) && CAUSE[language].test(text);
}

/**
 * Whether a Tamil article's coverage counts only the words it matches as written (or through an
 * expansion or a romanised key), not those its typo tolerance finds: chosen by leaving one set out
 * (2026-11-26, tuning and nine development sets: Tamil declined mean 86.0 → 89.3 %, worst 50 → 60 %;
 * answered from the right article 84.5 → 83.8 %).
 */
export const TAMIL_COVERAGE_AS_WRITTEN = true;

/** Tamil hits rank by score × (1 − w + w × evidence), with this w (KnowledgeIndex.search). */
export const TAMIL_EVIDENCE_RANK = 0.9;
/**
 * English, Spanish and German hits rank by score × (1 − w + w × evidence), with this milder w: a
 * frequent word's BM25 score ("bill", "off", "pay") no longer outranks the article holding the
 * question's rare words ("login", "Sauerstoffgerät", "nonpayment"). Chosen by leaving one set out
 * (2026-11-26, tuning and ten development sets: left-out top-1 mean 94.3 → 95.3 %, worst 87.5 → 89.3 %;
 * declined unchanged; 0.9, Tamil's, lost as much as it won).
 */
export const EVIDENCE_RANK = 0.35;
/** An English hit's share of the score it lends the same article in the question's language. */
export const CROSS_LANGUAGE_WEIGHT = 0.8;
/**
 * Whether the best hit is good enough to answer from: its score at least the language's floor, no
 * unknown name, and enough evidence (ArticleHit.evidence), more when the question holds an unknown
 * topic word. A question made only of general and domain-common words has no information: declined.
 */
export function isConfident(
  outcome: SearchOutcome,
  thresholds: DeclineThresholds = ANSWER_THRESHOLD,
): boolean {
  const best = outcome.hits[0];
  if (!best || best.score < thresholds.score[outcome.language]) return false;
  if (outcome.unknownNames.length > 0) return false;
  if (outcome.unansweredKind) return false;
  if (best.evidence < thresholds.evidence) return false;
  if (best.coverage < (thresholds.coverage ?? 0)) return false;
  if (outcome.pastIncident && best.evidence < (thresholds.evidenceForIncident ?? 0)) return false;
  const unknownTopic = outcome.unknownTopics.length > 0 && outcome.unknownShare >= thresholds.unknownShare;
  return !unknownTopic || best.evidence >= thresholds.evidenceWithUnknown;
}
