// Issue 11, retrieval that holds up on unseen questions: accent folding, Tamil sandhi, query expansion
// from the knowledge base folder's data file, and the cross-language fallback to the English index.
import { describe, expect, it } from 'vitest';
import { readKnowledgeBase } from '../../seed/knowledge-base/articles.ts';
import { foldAccents, isConfident, KnowledgeIndex, termProcessor } from './retrieval.ts';
import { knowledgeBaseExpander, QueryExpander } from './retrieval-expansion.ts';

// Without the articles' `asked` questions (which also find many colloquial questions), so these tests
// see what the expansion list and the fallbacks do alone.
const articles = Object.values(readKnowledgeBase())
  .flat()
  .map((article) => ({ ...article, asked: [] }));
const none = () => new QueryExpander({ en: {}, es: {}, de: {}, ta: {} });

describe('term processing', () => {
  it('folds accents and umlauts in Spanish and German, not in English', () => {
    expect(foldAccents('reconexión')).toBe('reconexion');
    expect(termProcessor('es')('reconexion')).toBe(termProcessor('es')('reconexión'));
    expect(termProcessor('de')('gebuhr')).toBe(termProcessor('de')('Gebühr'));
    expect(termProcessor('de')('Gebühr')).not.toMatch(/ü/);
  });

  it('drops a Tamil doubled consonant before stemming and never stems a word to one letter', () => {
    expect(termProcessor('ta')('இணைப்புக்')).toBe(termProcessor('ta')('இணைப்பு'));
    expect([...(termProcessor('ta')('பில்லை') ?? '')].length).toBeGreaterThanOrEqual(3);
  });
});

describe('query expansion', () => {
  it('matches phrases on word boundaries, accents folded, Tamil by the start of a word', () => {
    const expander = new QueryExpander({
      en: { 'smell gas': 'gas leak' },
      es: { domiciliación: 'pago automático' },
      de: {},
      ta: { ஆட்டோபே: 'autopay' },
    });
    expect(expander.expand('en', 'I SMELL GAS outside')).toEqual([
      { matched: ['smell', 'gas'], adds: ['gas', 'leak'] },
    ]);
    expect(expander.expand('en', 'i smell gasoline')).toEqual([]);
    expect(expander.expand('es', 'cancelar la domiciliacion')).toHaveLength(1);
    expect(expander.expand('ta', 'ஆட்டோபேயை நிறுத்த')).toHaveLength(1);
  });

  it('finds the article through the added words, and the explained words are no longer unknown', () => {
    const question = 'es riecht nach gas';
    const bare = new KnowledgeIndex(articles, none()).search('de', question);
    const expanded = new KnowledgeIndex(articles, knowledgeBaseExpander()).search('de', question);
    expect(bare.hits[0]?.article.slug).not.toBe('outages');
    expect(expanded.hits[0]?.article.slug).toBe('outages');
    expect(isConfident(expanded)).toBe(true);
  });

  it("maps colloquial payment and tariff words to the articles' terms (demo list)", () => {
    const expanded = new KnowledgeIndex(articles, knowledgeBaseExpander());
    const plain = new KnowledgeIndex(articles, none());
    for (const [language, question, slug] of [
      ['es', 'puedo pagar lo que debo en partes?', 'assistance-programs'],
      ['de', 'was kostet strom zum festpreis', 'rate-plans'],
    ] as const) {
      expect(expanded.search(language, question).hits[0]?.article.slug, question).toBe(slug);
      expect(plain.search(language, question).hits[0]?.article.slug, question).not.toBe(slug);
    }
    expect(knowledgeBaseExpander().expand('de', 'über mein Limit')).toEqual([
      { matched: ['limit'], adds: ['höchstbetrag'] },
    ]);
  });

  it('reads a valid data file with an entry for every language', () => {
    for (const language of ['en', 'es', 'de', 'ta'] as const)
      expect(knowledgeBaseExpander().expand(language, 'x').length).toBe(0);
    expect(knowledgeBaseExpander().expand('en', 'there is a gas leak').length).toBeGreaterThan(0);
  });
});

describe('cross-language fallback', () => {
  const index = new KnowledgeIndex(articles, none());

  it('answers an English product word in a Spanish or German question from the same article', () => {
    for (const [language, question] of [
      ['es', 'quiero paperless'],
      ['de', 'paperless bitte'],
    ] as const) {
      const outcome = index.search(language, question);
      expect(outcome.hits[0]?.article.slug, question).toBe('paperless-billing');
      expect(outcome.hits[0]?.article.language, question).toBe(language);
      expect(outcome.unknown, question).toEqual([]);
      expect(isConfident(outcome), question).toBe(true);
    }
  });

  it('sends a fixed charge paid while using nothing to reading a bill (demo list)', () => {
    // Without the list's words (no use, nichts verbraucht) these go to gas, water and sewer rates or high bills.
    const all = Object.values(readKnowledgeBase()).flat();
    const full = new KnowledgeIndex(all, knowledgeBaseExpander());
    const bare = new KnowledgeIndex(all, none());
    for (const [language, question] of [
      ['es', 'por que me cobran un cargo fijo si casi no use luz'],
      ['de', 'warum kostet es was, ich hab nichts verbraucht'],
    ] as const) {
      expect(full.search(language, question).hits[0]?.article.slug, question).toBe('reading-your-bill');
      expect(bare.search(language, question).hits[0]?.article.slug, question).not.toBe('reading-your-bill');
    }
  });

  it('still declines what no article in any language knows', () => {
    expect(isConfident(index.search('es', 'recomienden un plomero barato'))).toBe(false);
    expect(isConfident(index.search('de', 'wallbox kaufen'))).toBe(false);
  });
});
