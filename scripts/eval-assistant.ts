// `npm run eval:assistant`: the AI Assist's embedded answerer on the demo knowledge base against
// apps/server/src/seed/knowledge-base/eval-questions.json (questions as customers type them, in
// en/es/ta/de, some the knowledge base cannot answer). Prints top-1 and top-3 retrieval accuracy,
// the share of answers that contain the right fact, and the share of unanswerable questions
// declined, per language and overall. Exits 1 when a target is missed (top-1 ≥ 90 %, declined ≥ 90 %).
//
//   npm run eval:assistant [-- --verbose]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Language } from '@gridfront/contracts';
import { embeddedAnswer } from '../apps/server/src/features/assistant/answerer.ts';
import { checkKnowledgeBase } from '../apps/server/src/features/assistant/knowledge.ts';
import { KnowledgeIndex } from '../apps/server/src/features/assistant/retrieval.ts';
import { KNOWLEDGE_BASE_DIR, readKnowledgeBase } from '../apps/server/src/seed/knowledge-base/articles.ts';

const { values } = parseArgs({ options: { verbose: { type: 'boolean', default: false } } });

interface Question {
  language: Language;
  question: string;
  slug: string | null;
  fact: string | null;
}

const TARGETS = { top1: 0.9, declined: 0.9 };

const questions = JSON.parse(
  readFileSync(join(KNOWLEDGE_BASE_DIR, 'eval-questions.json'), 'utf8'),
) as Question[];
const index = new KnowledgeIndex(checkKnowledgeBase(readKnowledgeBase()));

interface Tally {
  answerable: number;
  top1: number;
  top3: number;
  withFact: number;
  factRight: number;
  unanswerable: number;
  declined: number;
}
const empty = (): Tally => ({
  answerable: 0,
  top1: 0,
  top3: 0,
  withFact: 0,
  factRight: 0,
  unanswerable: 0,
  declined: 0,
});
const tallies = new Map<string, Tally>([['all', empty()]]);
const misses: string[] = [];

for (const q of questions) {
  const outcome = index.search(q.language, q.question);
  const answer = await embeddedAnswer({ message: q.question, language: q.language, index, tools: null });
  for (const key of ['all', q.language]) {
    const t = tallies.get(key) ?? empty();
    tallies.set(key, t);
    if (q.slug) {
      t.answerable += 1;
      if (outcome.hits[0]?.article.slug === q.slug) t.top1 += 1;
      if (outcome.hits.slice(0, 3).some((hit) => hit.article.slug === q.slug)) t.top3 += 1;
      if (q.fact) {
        t.withFact += 1;
        if (answer.text.toLowerCase().includes(q.fact.toLowerCase())) t.factRight += 1;
      }
    } else {
      t.unanswerable += 1;
      if (answer.kind === 'declined') t.declined += 1;
    }
  }
  const wrong = q.slug
    ? outcome.hits[0]?.article.slug !== q.slug ||
      (q.fact && !answer.text.toLowerCase().includes(q.fact.toLowerCase()))
    : answer.kind !== 'declined';
  if (wrong) {
    misses.push(
      `${q.language}  ${q.question}  → ${answer.kind} ${answer.sources[0]?.slug ?? ''} (top: ${outcome.hits[0]?.article.slug ?? '-'} ${outcome.hits[0]?.score.toFixed(1) ?? ''}; want ${q.slug ?? 'declined'}${q.fact ? `, "${q.fact}"` : ''})`,
    );
  }
}

const pct = (n: number, d: number) => (d === 0 ? '   –  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);
console.log(`AI Assist evaluation: ${questions.length} questions, embedded answerer, demo knowledge base\n`);
console.log('language  questions  top-1   top-3   fact in answer  declined (unanswerable)');
for (const [key, t] of tallies) {
  console.log(
    `${key.padEnd(9)} ${String(t.answerable + t.unanswerable).padStart(9)}  ${pct(t.top1, t.answerable)}  ${pct(t.top3, t.answerable)}  ${pct(t.factRight, t.withFact)} (${t.factRight}/${t.withFact})  ${pct(t.declined, t.unanswerable)} (${t.declined}/${t.unanswerable})`,
  );
}
const all = tallies.get('all') ?? empty();
const top1 = all.top1 / all.answerable;
const declined = all.declined / all.unanswerable;
console.log(
  `\nTargets: top-1 ≥ ${TARGETS.top1 * 100}% (${top1 >= TARGETS.top1 ? 'met' : 'MISSED'}), declined ≥ ${TARGETS.declined * 100}% (${declined >= TARGETS.declined ? 'met' : 'MISSED'})`,
);
if (values.verbose) console.log(`\nMisses (${misses.length}):\n  ${misses.join('\n  ')}`);
else console.log(`${misses.length} questions missed something; --verbose lists them`);
if (top1 < TARGETS.top1 || declined < TARGETS.declined) process.exitCode = 1;
