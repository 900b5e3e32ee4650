// Retrieval and the model client's pure parts, without a database.
import { describe, expect, it } from 'vitest';
import { readKnowledgeBase } from '../../seed/knowledge-base/articles.ts';
import { completionsUrl } from './llm.ts';
import { StreamMasker } from './mask.ts';
import { isConfident, KnowledgeIndex, termProcessor } from './retrieval.ts';

const index = new KnowledgeIndex(Object.values(readKnowledgeBase()).flat());

describe('retrieval', () => {
  it('finds the article despite typos and in Tamil script', () => {
    expect(index.search('en', 'how much is the reconection fee on a weekend').hits[0]?.article.slug).toBe(
      'reconnection-charges',
    );
    expect(index.search('ta', 'கிரீன் டேக்ஸ் என்றால் என்ன').hits[0]?.article.slug).toBe('green-tags');
  });

  it('stems each language with its own stemmer and drops stop words', () => {
    expect(termProcessor('en')('charges')).toBe('charg');
    expect(termProcessor('de')('Rechnungen')).toBe('rechnung');
    expect(termProcessor('en')('what')).toBeNull();
    expect(termProcessor('en')('24')).toBe('24');
  });

  it('declines questions about another company by name or an unknown topic', () => {
    expect(isConfident(index.search('en', "what is Ameren's electricity rate"))).toBe(false);
    expect(isConfident(index.search('en', 'can you recommend a good plumber'))).toBe(false);
    expect(isConfident(index.search('en', 'what is green tags'))).toBe(true);
  });
});

describe('model client helpers', () => {
  it('builds the chat completions URL from a base URL', () => {
    expect(completionsUrl('http://localhost:11434')).toBe('http://localhost:11434/v1/chat/completions');
    expect(completionsUrl('https://api.example/v1/')).toBe('https://api.example/v1/chat/completions');
    expect(completionsUrl('http://h/v1/chat/completions')).toBe('http://h/v1/chat/completions');
  });

  it('masks a card number split over streamed pieces', () => {
    const masker = new StreamMasker();
    const out =
      ['Your card 4242 42', '42 4242 4242 is on file, ', 'password: hun', 'ter2 ok']
        .map((p) => masker.push(p))
        .join('') + masker.flush();
    expect(out).not.toContain('4242 4242 4242');
    expect(out).toContain('••••4242');
    expect(out).not.toContain('hunter2');
    expect(out).toContain('is on file');
  });
});

describe('.env.example', () => {
  it('lists the demo widget api key the seed stores', async () => {
    const { readFileSync } = await import('node:fs');
    const { DEMO_ASSISTANT_API_KEY } = await import('./knowledge.ts');
    const example = readFileSync(new URL('../../../../../.env.example', import.meta.url), 'utf8');
    expect(example).toContain(`VITE_ASSISTANT_API_KEY=${DEMO_ASSISTANT_API_KEY}\n`);
  });
});
