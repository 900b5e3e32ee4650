// `npm run eval:assistant:cv`: cross-validates AI Assist's decline thresholds over the tuning set and
// the fourteen development sets (eval-tuning, eval-dev, eval-dev-2 … eval-dev-14; never a held-out set).
// For each set in turn, each threshold of isConfident (the evidence floors, the unknown-word share, the
// coverage floor and the evidence for yesterday's incidents) is chosen on the other sets (the value with the most correct decisions:
// the share of unanswerable questions declined plus the share of answerable ones answered from the
// right article, so both weigh the same; ties to the middle of the best range), then measured on the left-out set. Prints the left-out figures per set and language
// (top-1, declined, answered from the right article), their worst and mean, and the value chosen
// in each fold. A stable rule has left-out figures close to the pooled ones and folds that agree.
// The weights of the articles' `asked` questions (ASKED_WEIGHT), of character n-grams (GRAM_WEIGHT) and
// of Tamil's romanised keys (ROMAN_WEIGHT) are chosen the same way: each fold tries every triple of
// WEIGHTS (CV_WEIGHTS=asked:gram:roman,…) with thresholds chosen on the other sets, and keeps the one
// that does best on those other sets (the left-out set never chooses).
//
//   npm run eval:assistant:cv [-- --verbose]   (--verbose: the left-out misses of each fold)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Language } from '@gridfront/contracts';
import { checkKnowledgeBase } from '../apps/server/src/features/assistant/knowledge.ts';
import {
  ANSWER_THRESHOLD,
  ASKED_WEIGHT,
  type DeclineThresholds,
  GRAM_WEIGHT,
  isConfident,
  KnowledgeIndex,
  ROMAN_SCRIPTS,
  ROMAN_WEIGHT,
  type SearchOutcome,
} from '../apps/server/src/features/assistant/retrieval.ts';
import { KNOWLEDGE_BASE_DIR, readKnowledgeBase } from '../apps/server/src/seed/knowledge-base/articles.ts';

const { values } = parseArgs({ options: { verbose: { type: 'boolean', default: false } } });

interface Question {
  language: Language;
  question: string;
  slug: string | null;
}
const SETS = [
  'tuning',
  'dev',
  'dev-2',
  'dev-3',
  'dev-4',
  'dev-5',
  'dev-6',
  'dev-7',
  'dev-8',
  'dev-9',
  'dev-10',
  'dev-11',
  'dev-12',
  'dev-13',
  'dev-14',
] as const;
const FILES: Record<(typeof SETS)[number], string> = {
  tuning: 'eval-tuning.json',
  dev: 'eval-dev.json',
  'dev-2': 'eval-dev-2.json',
  'dev-3': 'eval-dev-3.json',
  'dev-4': 'eval-dev-4.json',
  'dev-5': 'eval-dev-5.json',
  'dev-6': 'eval-dev-6.json',
  'dev-7': 'eval-dev-7.json',
  'dev-8': 'eval-dev-8.json',
  'dev-9': 'eval-dev-9.json',
  'dev-10': 'eval-dev-10.json',
  'dev-11': 'eval-dev-11.json',
  'dev-12': 'eval-dev-12.json',
  'dev-13': 'eval-dev-13.json',
  'dev-14': 'eval-dev-14.json',
};
const LANGUAGES: Language[] = ['en', 'es', 'de', 'ta'];

/**
 * The weights tried in each fold: of the `asked` field (0: the questions are not searched at all) and
 * of character n-gram matching (GRAM_WEIGHT; 0: off). A fold keeps the pair that does best elsewhere.
 */
const WEIGHTS = (process.env.CV_WEIGHTS ?? '0:0:0,1:0:0,2:0:0,3:0:0,1:0.1:0,1:0:0.5,1:0:1,2:0:1,1:0:2,2:0:2')
  .split(',')
  .map((triple) => {
    const [asked = 0, gram = 0, roman = 0] = triple.split(':').map(Number);
    return [asked, gram, roman] as [number, number, number];
  });
/** Whether Tamil-script words are searched by their romanised key too (ROMAN_SCRIPTS). */
const ROMAN = (process.env.CV_ROMAN_SCRIPTS ?? ROMAN_SCRIPTS) as 'latin' | 'both';
type Weights = (typeof WEIGHTS)[number];
const articles = checkKnowledgeBase(readKnowledgeBase());
const questionSets = SETS.map(
  (set) =>
    [set, JSON.parse(readFileSync(join(KNOWLEDGE_BASE_DIR, FILES[set]), 'utf8')) as Question[]] as const,
);
type Asked = { set: string; q: Question; outcome: SearchOutcome };
/** Every question's outcome, per weight of the `asked` field. */
const byWeight = new Map<Weights, Asked[]>(
  WEIGHTS.map((weights) => {
    const [asked, gram, roman] = weights;
    // Weight 0 leaves the questions out of the index too (their words are then unknown, as before).
    const index = new KnowledgeIndex(
      asked === 0 ? articles.map((article) => ({ ...article, asked: [] })) : articles,
      undefined,
      { askedWeight: asked, gramWeight: gram, romanWeight: roman, romanScripts: ROMAN },
    );
    const items = questionSets.flatMap(([set, questions]) =>
      questions.map((q) => ({ set, q, outcome: index.search(q.language, q.question) })),
    );
    return [weights, items] as const;
  }),
);

/** One point per right decision: an unanswerable question declined, an answerable one answered from its article. */
function right(item: Asked, thresholds: DeclineThresholds): boolean {
  const answers = isConfident(item.outcome, thresholds);
  return item.q.slug === null ? !answers : answers && item.outcome.hits[0]?.article.slug === item.q.slug;
}

/** The candidate values of each threshold searched, the others held at the current choice. */
const GRID: Record<keyof Omit<DeclineThresholds, 'score'>, number[]> = {
  evidence: Array.from({ length: 21 }, (_, i) => i * 0.02),
  evidenceWithUnknown: Array.from({ length: 31 }, (_, i) => i * 0.02),
  unknownShare: Array.from({ length: 11 }, (_, i) => 0.2 + i * 0.05),
  coverage: Array.from({ length: 13 }, (_, i) => i * 0.05),
  evidenceForIncident: Array.from({ length: 13 }, (_, i) => i * 0.1),
};

/** Coordinate search, twice round: each threshold set to the middle of its best range on `train`. */
function chooseThresholds(train: readonly Asked[]): DeclineThresholds {
  let chosen: DeclineThresholds = { ...ANSWER_THRESHOLD };
  for (let round = 0; round < 2; round += 1) {
    for (const key of Object.keys(GRID) as (keyof typeof GRID)[]) {
      const scored = GRID[key].map((value) => {
        const thresholds = { ...chosen, [key]: value };
        const f = measure(train, thresholds);
        // Balanced: declining and answering weigh the same, whatever the sets' mix of questions.
        return { value, points: Math.round(1e6 * (share(f.declined) + share(f.answeredRight))) };
      });
      const best = Math.max(...scored.map((s) => s.points));
      const top = scored.filter((s) => s.points === best).map((s) => s.value);
      chosen = { ...chosen, [key]: top[Math.floor((top.length - 1) / 2)] ?? chosen[key] ?? 0 };
    }
  }
  return chosen;
}

interface Figures {
  top1: [number, number];
  declined: [number, number];
  answeredRight: [number, number];
}
function measure(items: readonly Asked[], thresholds: DeclineThresholds): Figures {
  const f: Figures = { top1: [0, 0], declined: [0, 0], answeredRight: [0, 0] };
  for (const item of items) {
    const top = item.outcome.hits[0]?.article.slug;
    const answers = isConfident(item.outcome, thresholds);
    if (item.q.slug) {
      f.top1[1] += 1;
      f.answeredRight[1] += 1;
      if (top === item.q.slug) f.top1[0] += 1;
      if (answers && top === item.q.slug) f.answeredRight[0] += 1;
    } else {
      f.declined[1] += 1;
      if (!answers) f.declined[0] += 1;
    }
  }
  return f;
}
const share = ([n, d]: [number, number]) => (d === 0 ? Number.NaN : n / d);
const pct = (v: number) => (Number.isNaN(v) ? '    –' : `${(100 * v).toFixed(1).padStart(5)}`);

console.log(
  'Cross-validation of the decline thresholds over the tuning and development sets (left-out figures, %)\n',
);
/** Balanced points of a choice on `items`: declined share plus answered-from-the-right-article share. */
const points = (items: readonly Asked[], thresholds: DeclineThresholds) => {
  const f = measure(items, thresholds);
  return share(f.declined) + share(f.answeredRight);
};
/** The weight and thresholds that do best on the sets other than `set` (all sets when null). */
function choose(set: string | null) {
  let best: { weight: Weights; thresholds: DeclineThresholds; points: number } | null = null;
  for (const weight of WEIGHTS) {
    const train = (byWeight.get(weight) ?? []).filter((item) => item.set !== set);
    const thresholds = chooseThresholds(train);
    const p = points(train, thresholds);
    if (!best || p > best.points + 1e-9) best = { weight, thresholds, points: p };
  }
  if (!best) throw new Error('no weights');
  return best;
}
const rows: { set: string; key: string; f: Figures }[] = [];
for (const set of SETS) {
  const { weight, thresholds } = choose(set);
  const test = (byWeight.get(weight) ?? []).filter((item) => item.set === set);
  console.log(
    `fold ${set.padEnd(6)} chosen on the other sets: asked weight ${weight[0]}, n-gram weight ${weight[1]}, romanised ${weight[2]}, evidence ${thresholds.evidence.toFixed(2)}, with an unknown word ${thresholds.evidenceWithUnknown.toFixed(2)}, unknown share ${thresholds.unknownShare.toFixed(2)}, coverage ${(thresholds.coverage ?? 0).toFixed(2)}, incident evidence ${(thresholds.evidenceForIncident ?? 0).toFixed(1)}`,
  );
  for (const key of ['all', ...LANGUAGES]) {
    const items = key === 'all' ? test : test.filter((item) => item.q.language === key);
    rows.push({ set, key, f: measure(items, thresholds) });
  }
  if (values.verbose)
    for (const item of test)
      if (!right(item, thresholds))
        console.log(
          `  miss ${item.q.language} ${item.q.question} → ${isConfident(item.outcome, thresholds) ? 'answered' : 'declined'} (top ${item.outcome.hits[0]?.article.slug ?? '-'} evidence ${item.outcome.hits[0]?.evidence.toFixed(2) ?? '-'}, unknown topics ${item.outcome.unknownTopics.join(' ') || '-'}; want ${item.q.slug ?? 'declined'})`,
        );
}
console.log('\nset     language  top-1  declined  answered-right');
for (const { set, key, f } of rows)
  console.log(
    `${set.padEnd(7)} ${key.padEnd(8)} ${pct(share(f.top1))}  ${pct(share(f.declined))}     ${pct(share(f.answeredRight))}`,
  );
console.log('\nleft-out, per language: worst / mean over the folds');
console.log('language  top-1 worst/mean   declined worst/mean   answered-right worst/mean');
for (const key of ['all', ...LANGUAGES]) {
  const mine = rows.filter((r) => r.key === key);
  const stat = (pick: (f: Figures) => [number, number]) => {
    const v = mine.map((r) => share(pick(r.f))).filter((x) => !Number.isNaN(x));
    return `${pct(Math.min(...v))} / ${pct(v.reduce((a, b) => a + b, 0) / v.length)}`;
  };
  console.log(
    `${key.padEnd(9)} ${stat((f) => f.top1)}      ${stat((f) => f.declined)}         ${stat((f) => f.answeredRight)}`,
  );
}
console.log('\npooled top-1 / declined / answered-right (thresholds in use) per pair of weights:');
for (const weight of WEIGHTS) {
  const f = measure(byWeight.get(weight) ?? [], ANSWER_THRESHOLD);
  console.log(
    `  asked ${weight[0]}, n-grams ${weight[1]}, romanised ${weight[2]}: ${pct(share(f.top1))} / ${pct(share(f.declined))} / ${pct(share(f.answeredRight))}`,
  );
}
const pooled = choose(null);
console.log(
  `\nchosen on all sets (what retrieval.ts should hold): asked weight ${pooled.weight[0]}, n-gram weight ${pooled.weight[1]}, romanised ${pooled.weight[2]}, evidence ${pooled.thresholds.evidence.toFixed(2)}, with an unknown word ${pooled.thresholds.evidenceWithUnknown.toFixed(2)}, unknown share ${pooled.thresholds.unknownShare.toFixed(2)}, coverage ${(pooled.thresholds.coverage ?? 0).toFixed(2)}, incident evidence ${(pooled.thresholds.evidenceForIncident ?? 0).toFixed(1)}; in use: ${ASKED_WEIGHT}, ${GRAM_WEIGHT}, ${ROMAN_WEIGHT} (${ROMAN_SCRIPTS}), ${ANSWER_THRESHOLD.evidence}, ${ANSWER_THRESHOLD.evidenceWithUnknown}, ${ANSWER_THRESHOLD.unknownShare}, ${ANSWER_THRESHOLD.coverage}, ${ANSWER_THRESHOLD.evidenceForIncident}`,
);
