import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_TARIFFS, type DemoTariff } from '../demo-tariffs.ts';
import { DEMO_CONTACT } from '../demo-tenant.ts';
import {
  type Article,
  KNOWLEDGE_BASE_DIR,
  KNOWLEDGE_BASE_LANGUAGES,
  numbersIn,
  parseArticle,
  readKnowledgeBase,
} from './articles.ts';

// The content checks a utility's own knowledge base must pass too: shape, languages in step, and the
// figures customers act on (fees, AutoPay, reconnection) identical in every translation.
const base = readKnowledgeBase();
const english = base.en;
const TRANSLATIONS = KNOWLEDGE_BASE_LANGUAGES.filter((language) => language !== 'en');
const FIGURE_TOPICS = ['payment-options', 'autopay', 'reconnection-charges'];

function article(language: keyof typeof base, slug: string): Article {
  const found = base[language].find((candidate) => candidate.slug === slug);
  if (!found) throw new Error(`${language}/${slug}.md is missing`);
  return found;
}

const questionSchema = z.strictObject({
  language: z.enum(KNOWLEDGE_BASE_LANGUAGES),
  question: z.string().trim().min(3),
  slug: z.string().nullable(),
  fact: z.string().trim().min(1).nullable(),
});
const readQuestions = (file: string) =>
  z.array(questionSchema).parse(JSON.parse(readFileSync(join(KNOWLEDGE_BASE_DIR, file), 'utf8')));
/**
 * The set the decline thresholds were tuned on; the earlier held-out sets, whose misses were since
 * looked at (now development sets); and the held-out set nothing was tuned on (issue 11).
 */
const tuning = readQuestions('eval-tuning.json');
const dev = readQuestions('eval-dev.json');
const dev2 = readQuestions('eval-dev-2.json');
const dev3 = readQuestions('eval-dev-3.json');
const dev4 = readQuestions('eval-dev-4.json');
const dev5 = readQuestions('eval-dev-5.json');
const dev6 = readQuestions('eval-dev-6.json');
const dev7 = readQuestions('eval-dev-7.json');
const dev8 = readQuestions('eval-dev-8.json');
const dev9 = readQuestions('eval-dev-9.json');
const dev10 = readQuestions('eval-dev-10.json');
const dev11 = readQuestions('eval-dev-11.json');
const dev12 = readQuestions('eval-dev-12.json');
const dev13 = readQuestions('eval-dev-13.json');
const dev14 = readQuestions('eval-dev-14.json');
const heldOut = readQuestions('eval-held-out-14.json');
const questions = [
  ...tuning,
  ...dev,
  ...dev2,
  ...dev3,
  ...dev4,
  ...dev5,
  ...dev6,
  ...dev7,
  ...dev8,
  ...dev9,
  ...dev10,
  ...dev11,
  ...dev12,
  ...dev13,
  ...dev14,
  ...heldOut,
];

describe('knowledge base articles', () => {
  it('reads front matter with the yaml package and refuses a malformed one', () => {
    const good = '---\nslug: a-b\ntitle: T\nlanguage: de\ntags: [x, y z]\nupdated: 2026-11-25\n---\n# Body\n';
    expect(parseArticle('de/a-b.md', good)).toMatchObject({
      slug: 'a-b',
      tags: ['x', 'y z'],
      body: '# Body\n',
    });
    expect(() => parseArticle('x.md', good.replace('language: de', 'language: fr'))).toThrow(
      /x\.md: language/,
    );
    expect(() => parseArticle('x.md', good.replace('tags: [x, y z]', 'tags: 3'))).toThrow(/tags/);
    expect(() => parseArticle('x.md', '# no front matter')).toThrow(/no front matter/);
    expect(() => parseArticle('x.md', good.replace('title: T', 'title: A: B'))).toThrow(
      /x\.md: front matter is not valid YAML/,
    );
  });

  it('reads the optional asked questions and refuses a wrong list, naming the file', () => {
    const good = '---\nslug: a-b\ntitle: T\nlanguage: en\ntags: [x]\nupdated: 2026-11-25\n---\n# Body\n';
    expect(parseArticle('en/a-b.md', good).asked).toEqual([]);
    const asked = good.replace('updated:', 'asked:\n  - "where is my bill?"\n  - can I pay late\nupdated:');
    expect(parseArticle('en/a-b.md', asked).asked).toEqual(['where is my bill?', 'can I pay late']);
    expect(() =>
      parseArticle('en/a-b.md', good.replace('updated:', 'asked: one question\nupdated:')),
    ).toThrow(/en\/a-b\.md: asked/);
    expect(() => parseArticle('en/a-b.md', good.replace('updated:', 'asked: ["", "ok?"]\nupdated:'))).toThrow(
      /en\/a-b\.md: asked\.0/,
    );
  });

  it('gives every demo article at least 10 asked questions, none of them a question of any evaluation set', () => {
    const key = (text: string) =>
      text
        .toLowerCase()
        .normalize('NFC')
        .replace(/[\p{P}\p{S}\s]+/gu, ' ')
        .trim();
    const evaluated = new Set(questions.map(({ language, question }) => `${language}:${key(question)}`));
    for (const language of KNOWLEDGE_BASE_LANGUAGES) {
      for (const { file, asked } of base[language]) {
        expect(asked.length, file).toBeGreaterThanOrEqual(10);
        expect(new Set(asked.map(key)).size, `${file}: a question twice`).toBe(asked.length);
        for (const question of asked)
          expect(
            evaluated.has(`${language}:${key(question)}`),
            `${file}: "${question}" is in an evaluation set`,
          ).toBe(false);
      }
    }
  });

  it('names every article after its slug and files it under its own language', () => {
    for (const language of KNOWLEDGE_BASE_LANGUAGES) {
      for (const { file, slug, language: declared } of base[language]) {
        expect(file).toBe(`${language}/${slug}.md`);
        expect(declared).toBe(language);
      }
    }
  });

  it('has the same slugs in every language, covering the required topics', () => {
    const slugs = english.map(({ slug }) => slug);
    expect(slugs.length).toBeGreaterThanOrEqual(15);
    for (const language of TRANSLATIONS) expect(base[language].map(({ slug }) => slug)).toEqual(slugs);
  });

  it('gives translations their own titles and bodies, not the English ones', () => {
    for (const language of TRANSLATIONS) {
      for (const translated of base[language]) {
        const original = article('en', translated.slug);
        expect(translated.title, translated.file).not.toBe(original.title);
        expect(translated.body.slice(0, 400), translated.file).not.toBe(original.body.slice(0, 400));
      }
    }
    // Tamil is written in Tamil script (U+0B80–U+0BFF), not transliterated.
    for (const { title, file } of base.ta) expect(title, file).toMatch(/[\u0B80-\u0BFF]/);
  });

  it('keeps articles at customer length and links only to portal paths', () => {
    for (const language of KNOWLEDGE_BASE_LANGUAGES) {
      for (const { body, file } of base[language]) {
        // Tamil joins words into longer ones, so its floor is lower for the same content.
        const words = body.split(/\s+/).filter(Boolean).length;
        expect(words, file).toBeGreaterThanOrEqual(language === 'ta' ? 150 : 200);
        expect(words, file).toBeLessThanOrEqual(500);
        for (const [, target] of body.matchAll(/\]\(([^)]*)\)/g))
          expect(target, file).toMatch(/^\/[a-zA-Z]+$/);
      }
    }
  });

  it('states every figure of the fee, AutoPay and reconnection articles in each translation', () => {
    for (const slug of FIGURE_TOPICS) {
      const figures = new Set(numbersIn(article('en', slug).body));
      expect(figures.size, slug).toBeGreaterThan(3);
      for (const language of TRANSLATIONS) {
        const translated = new Set(numbersIn(article(language, slug).body));
        const missing = [...figures].filter((figure) => !translated.has(figure));
        expect(missing, `${language}/${slug}.md lacks`).toEqual([]);
      }
    }
  });

  it("gives only the demo utility's phone numbers, and both in every contact article", () => {
    const ours = [DEMO_CONTACT.phone, DEMO_CONTACT.outagePhone];
    for (const language of KNOWLEDGE_BASE_LANGUAGES) {
      const contact = article(language, 'contact-us').body;
      for (const phone of ours) expect(contact, `${language}/contact-us.md`).toContain(phone);
      for (const { body, file } of base[language]) {
        for (const [phone] of body.matchAll(/\(\d{3}\)\s?\d{3}-\d{4}/g)) expect(ours, file).toContain(phone);
      }
    }
  });
});

/**
 * A tariff's charges as an article writes them, digits only: prices under a dollar in cents
 * (0.1012 $/kWh → "10.12¢"), the rest in dollars (3.85 $/kgal, 12 $/month → "$12.00").
 */
function seedFigures({ structure }: DemoTariff): string[] {
  const tiers = [
    ...(structure.energyratestructure ?? []),
    ...(structure.flatdemandstructure ?? []),
    ...(structure.demandratestructure ?? []),
  ].flat();
  return [structure.fixedchargefirstmeter ?? 0, ...tiers.map(({ rate }) => rate ?? 0)]
    .filter((value) => value > 0)
    .map((value) => (value < 1 ? value * 100 : value).toFixed(2).replace('.', ''));
}

describe('rate plan articles', () => {
  it("state every demo tariff's customer charge, energy and demand prices in every language", () => {
    for (const tariff of DEMO_TARIFFS) {
      for (const language of KNOWLEDGE_BASE_LANGUAGES) {
        const named = base[language].filter(({ body }) => body.includes(`(${tariff.code})`));
        expect(named.length, `${language}: an article naming ${tariff.code}`).toBeGreaterThan(0);
        const stated = new Set(named.flatMap(({ body }) => numbersIn(body)));
        const missing = seedFigures(tariff).filter((figure) => !stated.has(figure));
        expect(missing, `${language} ${tariff.code} lacks`).toEqual([]);
      }
    }
  });
});

describe('assistant evaluation questions', () => {
  it('has at least 25 tuning and 20 held-out questions per language, 4 and 5 of them unanswerable', () => {
    for (const language of KNOWLEDGE_BASE_LANGUAGES) {
      const own = tuning.filter((question) => question.language === language);
      expect(own.length, language).toBeGreaterThanOrEqual(25);
      expect(own.filter(({ slug }) => slug === null).length, language).toBeGreaterThanOrEqual(4);
      for (const set of [
        dev,
        dev2,
        dev3,
        dev4,
        dev5,
        dev6,
        dev7,
        dev8,
        dev9,
        dev10,
        dev11,
        dev12,
        dev13,
        dev14,
        heldOut,
      ]) {
        const held = set.filter((question) => question.language === language);
        expect(held.length, language).toBeGreaterThanOrEqual(20);
        expect(held.filter(({ slug }) => slug === null).length, language).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it('points at articles that exist and whose text holds the expected fact', () => {
    for (const { language, question, slug, fact } of questions) {
      if (slug === null) {
        expect(fact, question).toBeNull();
        continue;
      }
      const expected = article(language, slug);
      if (fact !== null)
        expect(expected.body.toLowerCase(), `${question} → ${expected.file}`).toContain(fact.toLowerCase());
    }
  });

  it('has no question twice, and no held-out question in the tuning or development set', () => {
    const keys = questions.map(({ language, question }) => `${language}:${question.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
