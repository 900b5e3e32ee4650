// Issue 11: what the embedded answerer quotes from the article it answers from.
import { describe, expect, it } from 'vitest';
import { embeddedAnswer } from './answerer.ts';
import { type KnowledgeArticle, KnowledgeIndex } from './retrieval.ts';
import { QueryExpander } from './retrieval-expansion.ts';

const none = new QueryExpander({ en: {}, es: {}, de: {}, ta: {} });
const filler = (topic: string) =>
  `Our ${topic} team answers questions about ${topic} every weekday. Ask us about ${topic} at any time.`;

function article(slug: string, title: string, intro: string, sections: [string, string][]): KnowledgeArticle {
  return {
    slug,
    language: 'en',
    title,
    tags: [slug],
    body: [intro, ...sections.map(([heading, text]) => `## ${heading}\n\n${text}`)].join('\n\n'),
  };
}

const service = (intro: string) =>
  article('service', 'Start, stop or transfer service', intro, [
    ['Transfer service', 'A transfer stops service at your old address and starts it at the new one.'],
    ['Stop service', 'Tell us the last day you need service at the address.'],
  ]);
const others = ['outages', 'rates', 'contact', 'autopay'].map((slug) =>
  article(slug, slug, filler(slug), [['More', filler(slug)]]),
);

async function answer(intro: string, question: string) {
  const index = new KnowledgeIndex([service(intro), ...others], none);
  return embeddedAnswer({ message: question, language: 'en', index, tools: null });
}

describe('article answers', () => {
  it('quotes a short introduction, which states the main facts, before the matching sections', async () => {
    const result = await answer(
      'Requests made online need 2 business days.',
      'how do I transfer service to my new address',
    );
    expect(result.kind).toBe('article');
    expect(result.text).toContain('A transfer stops service');
    expect(result.text).toContain('2 business days');
    expect(result.text.indexOf('2 business days')).toBeLessThan(result.text.indexOf('A transfer stops'));
  });

  it('leaves out a long introduction that does not match', async () => {
    const long = `Requests made online need 2 business days. ${'We serve homes and businesses across the region. '.repeat(6)}`;
    expect(long.length).toBeGreaterThan(300);
    const result = await answer(long, 'how do I transfer service to my new address');
    expect(result.kind).toBe('article');
    expect(result.text).toContain('A transfer stops service');
    expect(result.text).not.toContain('2 business days');
  });
});
