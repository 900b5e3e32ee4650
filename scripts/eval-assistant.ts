// `npm run eval:assistant`: the AI Assist's embedded answerer on the demo knowledge base against sixteen
// question sets in apps/server/src/seed/knowledge-base (questions as customers type them, with typos,
// in en/es/ta/de, some the knowledge base cannot answer):
//   eval-tuning.json    the set the decline thresholds and synonyms were tuned on (flatters);
//   eval-dev.json       the first held-out set: its misses were looked at and retrieval changed since,
//                       so it no longer is held out (flatters less);
//   eval-dev-2.json     the second held-out set (was eval-held-out.json): looked at on 2026-11-26, so a
//                       development set too;
//   eval-dev-3.json     the third one (was eval-held-out-2.json): run and looked at on 2026-11-26, a
//                       development set since;
//   eval-dev-4.json     the fourth one (was eval-held-out-3.json, written by a session that had not read
//                       the retrieval code): run once on 2026-11-26 (top-1 82.1 %, declined 83.3 %,
//                       answered from the right article 51.8 %) and looked at since;
//   eval-dev-5.json     (was eval-held-out-4.json) run once on 2026-11-26 (top-1 82.1 %, declined 83.3 %)
//                       and looked at since;
//   eval-dev-6.json     (was eval-held-out-5.json, written apart by c11-writer3) run once on 2026-11-26
//                       (top-1 78.6 %, declined 83.3 %) and looked at since;
//   eval-dev-7.json     (was eval-held-out-6.json, written apart by d11-writer) run once on 2026-11-26
//                       (top-1 87.5 %, declined 79.2 %) and looked at since;
//   eval-dev-8.json     (was eval-held-out-7.json, written apart by e11-writer) run once on 2026-11-26
//                       (top-1 87.5 %, declined 87.5 %) and looked at since;
//   eval-dev-9.json     (was eval-held-out-8.json, written apart by f11-writer) run once on 2026-11-26
//                       (top-1 94.6 %, declined 79.2 %) and looked at since;
//   eval-dev-10.json    (was eval-held-out-9.json, written apart by h11-writer) run once on 2026-11-26
//                       (top-1 87.5 %, declined 91.7 %) and looked at since;
//   eval-dev-11.json    (was eval-held-out-10.json, written apart by j11-writer) seen by a retrieval
//                       session while it chose a weight (six runs, overall figures; 2026-11-26), so
//                       never a judge (top-1 91.1 %, declined 87.5 % at 15:39 UTC);
//   eval-dev-12.json    (was eval-held-out-11.json, written apart by l11-writer) run once on 2026-11-26
//                       (top-1 85.7 %, declined 87.5 %) and looked at since;
//   eval-dev-13.json    (was eval-held-out-12.json, written apart by m11-writer) run once on 2026-11-26
//                       (top-1 91.1 %, declined 70.8 %) and looked at since;
//   eval-dev-14.json    (was eval-held-out-13.json, written apart by n11-writer) run once on 2026-11-26
//                       (top-1 85.7 %, declined 100 %) and looked at since;
//   eval-held-out-14.json the judge: written apart on 2026-11-26 by a helper session (o11-writer) that
//                       read only the articles' titles and bodies (not the retrieval code,
//                       query-expansion.json, the articles' question lists or the other sets'
//                       questions), never tuned on: its figures are the honest ones.
// Prints, per set and per language, top-1 and top-3 retrieval accuracy, the share of answers that
// contain the right fact, the share of unanswerable questions declined, and the share of answerable ones
// answered from the right article (what declining costs). Exits 1 when the held-out
// set misses a target (top-1 ≥ 90 %, declined ≥ 90 %).
//
//   npm run eval:assistant [-- --verbose] [-- --sets tuning,dev,dev-2,dev-3,dev-4,dev-5,dev-6,dev-7,dev-8,dev-9,dev-10,dev-11,dev-12,dev-13,dev-14] [-- --held-out-misses]
//     --verbose lists the tuning and development sets' misses (improve on those); --sets runs only
//     those sets (leave the held-out set out while changing retrieval); --held-out-misses lists the
//     held-out set's misses (look, don't tune: write a new held-out set after changing for them)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Language } from '@gridfront/contracts';
import { embeddedAnswer } from '../apps/server/src/features/assistant/answerer.ts';
import { checkKnowledgeBase } from '../apps/server/src/features/assistant/knowledge.ts';
import { KnowledgeIndex } from '../apps/server/src/features/assistant/retrieval.ts';
import { KNOWLEDGE_BASE_DIR, readKnowledgeBase } from '../apps/server/src/seed/knowledge-base/articles.ts';

const { values } = parseArgs({
  options: {
    verbose: { type: 'boolean', default: false },
    'held-out-misses': { type: 'boolean', default: false },
    sets: {
      type: 'string',
      default:
        'tuning,dev,dev-2,dev-3,dev-4,dev-5,dev-6,dev-7,dev-8,dev-9,dev-10,dev-11,dev-12,dev-13,dev-14,held-out',
    },
  },
});

interface Question {
  language: Language;
  question: string;
  slug: string | null;
  fact: string | null;
}

const TARGETS = { top1: 0.9, declined: 0.9 };

const index = new KnowledgeIndex(checkKnowledgeBase(readKnowledgeBase()));
const read = (file: string) => JSON.parse(readFileSync(join(KNOWLEDGE_BASE_DIR, file), 'utf8')) as Question[];

interface Tally {
  answerable: number;
  top1: number;
  top3: number;
  withFact: number;
  factRight: number;
  unanswerable: number;
  declined: number;
  /** Answerable questions answered from the right article (not declined): the cost of declining. */
  answeredRight: number;
}
const empty = (): Tally => ({
  answerable: 0,
  top1: 0,
  top3: 0,
  withFact: 0,
  factRight: 0,
  unanswerable: 0,
  declined: 0,
  answeredRight: 0,
});

async function evaluate(questions: readonly Question[]) {
  const tallies = new Map<string, Tally>([['all', empty()]]);
  const misses: string[] = [];
  for (const q of questions) {
    const outcome = index.search(q.language, q.question);
    const answer = await embeddedAnswer({ message: q.question, language: q.language, index, tools: null });
    const hasFact = q.fact !== null && answer.text.toLowerCase().includes(q.fact.toLowerCase());
    for (const key of ['all', q.language]) {
      const t = tallies.get(key) ?? empty();
      tallies.set(key, t);
      if (q.slug) {
        t.answerable += 1;
        if (outcome.hits[0]?.article.slug === q.slug) t.top1 += 1;
        if (outcome.hits.slice(0, 3).some((hit) => hit.article.slug === q.slug)) t.top3 += 1;
        if (answer.kind === 'article' && answer.sources[0]?.slug === q.slug) t.answeredRight += 1;
        if (q.fact) {
          t.withFact += 1;
          if (hasFact) t.factRight += 1;
        }
      } else {
        t.unanswerable += 1;
        if (answer.kind === 'declined') t.declined += 1;
      }
    }
    const wrong = q.slug
      ? outcome.hits[0]?.article.slug !== q.slug || (q.fact !== null && !hasFact)
      : answer.kind !== 'declined';
    if (wrong) {
      misses.push(
        `${q.language}  ${q.question}  → ${answer.kind} ${answer.sources[0]?.slug ?? ''} (top: ${outcome.hits[0]?.article.slug ?? '-'} ${outcome.hits[0]?.score.toFixed(1) ?? ''}; want ${q.slug ?? 'declined'}${q.fact ? `, "${q.fact}"` : ''})`,
      );
    }
  }
  return { tallies, misses };
}

const pct = (n: number, d: number) => (d === 0 ? '   –  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);
const verdict = (value: number, target: number) => (value >= target ? 'met' : 'MISSED');

function print(
  title: string,
  count: number,
  tallies: Map<string, Tally>,
): { top1: number; declined: number } {
  console.log(`${title}: ${count} questions`);
  console.log(
    'language  questions  top-1   top-3   fact in answer  declined (unanswerable)  answered from the right article',
  );
  for (const [key, t] of tallies) {
    console.log(
      `${key.padEnd(9)} ${String(t.answerable + t.unanswerable).padStart(9)}  ${pct(t.top1, t.answerable)}  ${pct(t.top3, t.answerable)}  ${pct(t.factRight, t.withFact)} (${t.factRight}/${t.withFact})  ${pct(t.declined, t.unanswerable)} (${t.declined}/${t.unanswerable})  ${pct(t.answeredRight, t.answerable)} (${t.answeredRight}/${t.answerable})`,
    );
  }
  const all = tallies.get('all') ?? empty();
  const top1 = all.top1 / all.answerable;
  const declined = all.declined / all.unanswerable;
  console.log(
    `Targets: top-1 ≥ ${TARGETS.top1 * 100}% (${verdict(top1, TARGETS.top1)}), declined ≥ ${TARGETS.declined * 100}% (${verdict(declined, TARGETS.declined)})\n`,
  );
  return { top1, declined };
}

console.log('AI Assist evaluation: embedded answerer, demo knowledge base\n');
const SETS = [
  {
    name: 'tuning',
    file: 'eval-tuning.json',
    title: 'Tuning set (thresholds, tags and synonyms were tuned on it; flatters)',
  },
  {
    name: 'dev',
    file: 'eval-dev.json',
    title: 'Development set (the first held-out set; its misses were looked at since)',
  },
  {
    name: 'dev-2',
    file: 'eval-dev-2.json',
    title: 'Second development set (the second held-out set; its misses were looked at since)',
  },
  {
    name: 'dev-3',
    file: 'eval-dev-3.json',
    title: 'Third development set (was held-out set 2; run and looked at since)',
  },
  {
    name: 'dev-4',
    file: 'eval-dev-4.json',
    title: 'Fourth development set (was held-out set 3; run and looked at since)',
  },
  {
    name: 'dev-5',
    file: 'eval-dev-5.json',
    title: 'Fifth development set (was held-out set 4; run once on 2026-11-26 and looked at since)',
  },
  {
    name: 'dev-6',
    file: 'eval-dev-6.json',
    title: 'Sixth development set (was held-out set 5; run once on 2026-11-26 and looked at since)',
  },
  {
    name: 'dev-7',
    file: 'eval-dev-7.json',
    title: 'Seventh development set (was held-out set 6; run once on 2026-11-26 and looked at since)',
  },
  {
    name: 'dev-8',
    file: 'eval-dev-8.json',
    title: 'Eighth development set (was held-out set 7; run once on 2026-11-26 and looked at since)',
  },
  {
    name: 'dev-9',
    file: 'eval-dev-9.json',
    title: 'Ninth development set (was held-out set 8; run once on 2026-11-26 and looked at since)',
  },
  {
    name: 'dev-10',
    file: 'eval-dev-10.json',
    title: 'Tenth development set (was held-out set 9; run once on 2026-11-26 and looked at since)',
  },
  {
    name: 'dev-11',
    file: 'eval-dev-11.json',
    title: 'Eleventh development set (was held-out set 10; seen while tuning, so never a judge)',
  },
  {
    name: 'dev-12',
    file: 'eval-dev-12.json',
    title: 'Twelfth development set (was held-out set 11; run once on 2026-11-26 and looked at since)',
  },
  {
    name: 'dev-13',
    file: 'eval-dev-13.json',
    title: 'Thirteenth development set (was held-out set 12; run once on 2026-11-26 and looked at since)',
  },
  {
    name: 'dev-14',
    file: 'eval-dev-14.json',
    title: 'Fourteenth development set (was held-out set 13; run once on 2026-11-26 and looked at since)',
  },
  {
    name: 'held-out',
    file: 'eval-held-out-14.json',
    title: 'Held-out set 14 (written apart, never tuned on: the honest figures)',
  },
] as const;
const chosen = new Set(values.sets.split(','));
let honest: { top1: number; declined: number } | null = null;
for (const set of SETS) {
  if (!chosen.has(set.name)) continue;
  const questions = read(set.file);
  const result = await evaluate(questions);
  const figures = print(set.title, questions.length, result.tallies);
  const list = set.name === 'held-out' ? values['held-out-misses'] : values.verbose;
  const how = set.name === 'held-out' ? '--held-out-misses' : '--verbose';
  if (list) console.log(`${set.name} misses (${result.misses.length}):\n  ${result.misses.join('\n  ')}\n`);
  else console.log(`${result.misses.length} ${set.name} questions missed something; ${how} lists them\n`);
  if (set.name === 'held-out') honest = figures;
}
if (honest && (honest.top1 < TARGETS.top1 || honest.declined < TARGETS.declined)) process.exitCode = 1;
