// The embedded answerer (no model configured): answers from the best-matching article's passages,
// quoted and linked, or from the signed-in customer's own account through the account tools, in the
// customer's language; says plainly when it does not know and points to Contact Us.
import { type AnswerKind, type AssistantSource, HOST_PREFIXES, type Language } from '@gridfront/contracts';
import {
  accountIntent,
  accountsOf,
  autopayFacts,
  balanceFacts,
  billFacts,
  lastFour,
  paymentFacts,
  requestFacts,
  type ToolContext,
  usageFacts,
} from './account-tools.ts';
import type { ArticleHit, KnowledgeArticle, KnowledgeIndex, SearchOutcome } from './retrieval.ts';
import { isConfident, passagesOf, termProcessor, tokenize } from './retrieval.ts';
import { day, money, quantity, TEXTS } from './texts.ts';

export interface Answer {
  text: string;
  sources: AssistantSource[];
  kind: AnswerKind;
  language: Language;
}

const TAMIL = /[\u0B80-\u0BFF]/u;

/** Tamil script in the message wins over the portal's language; otherwise the portal's. */
export function languageOf(message: string, requested: Language): Language {
  return TAMIL.test(message) ? 'ta' : requested;
}

export function sourceOf(article: KnowledgeArticle): AssistantSource {
  return {
    slug: article.slug,
    title: article.title,
    language: article.language,
    url: `${HOST_PREFIXES.ml}/kb/articles/${article.language}/${article.slug}`,
  };
}

const PASSAGE_MAX = 900;
/** Further sections are quoted when they score at least this share of the best. */
const SECOND_PASSAGE_RATIO = 0.25;
/** At most this many sections, and this many characters of quotes in all (the first is always quoted). */
const MAX_SECTIONS = 3;
const QUOTES_MAX = 1500;
/**
 * An article's introduction (its text before the first heading) is quoted first when at most this
 * long: it states the article's main facts ("Requests need 2 business days") but seldom holds the
 * question's words, so section ranking passes it by. 59 of the demo's 68 introductions are this
 * short; on the development sets it raised the answers holding the right fact from 146 to 152 of 182.
 */
const INTRO_MAX = 300;

/** The part of a section that answers: all of it when short, else the blocks holding the question's words. */
export function quote(text: string, language: Language, terms: readonly string[]): string {
  if (text.length <= PASSAGE_MAX) return text;
  const processTerm = termProcessor(language);
  const blocks = text
    .split(/\n(?=\s*(?:[-*]|\d+\.|\|)\s)|\n{2,}/)
    .map((b) => b.trim())
    .filter(Boolean);
  const wanted = new Set(terms);
  const scored = blocks.map((block, index) => {
    const words = new Set(tokenize(block).flatMap((w) => processTerm(w) ?? []));
    let hits = 0;
    for (const term of wanted) if ([...words].some((w) => w === term || w.startsWith(term))) hits += 1;
    return { block, index, hits };
  });
  const chosen = new Set<number>();
  let length = 0;
  for (const item of [...scored].sort((a, b) => b.hits - a.hits || a.index - b.index)) {
    if (length + item.block.length > PASSAGE_MAX && chosen.size > 0) break;
    chosen.add(item.index);
    // A table row needs its header rows to read as a table.
    if (item.block.startsWith('|'))
      for (let i = 0; i < item.index && blocks[i]?.startsWith('|'); i += 1) chosen.add(i);
    length += item.block.length;
  }
  return scored
    .filter((item) => chosen.has(item.index))
    .map((item) => item.block)
    .join('\n');
}

export function articleAnswer(hit: ArticleHit, outcome: SearchOutcome, index: KnowledgeIndex): Answer {
  const language = outcome.language;
  const texts = TEXTS[language];
  const ranked = index.sectionsOf(language, hit.article.slug, outcome.terms);
  const sections = ranked.length > 0 ? ranked : hit.passages.slice().sort((a, b) => b.score - a.score);
  const best = sections[0];
  const parts: string[] = [];
  const quoted = new Set<string>();
  for (const item of sections.slice(0, MAX_SECTIONS)) {
    if (!best || (item !== best && item.score < best.score * SECOND_PASSAGE_RATIO)) continue;
    const heading = item.passage.heading ? `**${item.passage.heading}**\n\n` : '';
    const part = `${heading}${quote(item.passage.text, language, outcome.terms)}`;
    if (parts.length > 0 && parts.join('').length + part.length > QUOTES_MAX) continue;
    parts.push(part);
    quoted.add(item.passage.text);
  }
  const intro = passagesOf(hit.article, 0).find((passage) => passage.heading === '');
  if (intro && intro.text.length <= INTRO_MAX && !quoted.has(intro.text)) parts.unshift(intro.text);
  const source = sourceOf(hit.article);
  return {
    text: `${texts.fromArticle(hit.article.title)}\n\n${parts.join('\n\n')}\n\n${texts.source}: [${source.title}](${source.url})`,
    sources: [source],
    kind: 'article',
    language,
  };
}

export function declinedAnswer(language: Language): Answer {
  return { text: TEXTS[language].declined, sources: [], kind: 'declined', language };
}

/** An account number (6+ digits) in the message that is none of the user's own. */
function namesAnotherAccount(message: string, own: readonly string[]): boolean {
  const numbers = message.match(/\d{6,}/g) ?? [];
  return numbers.some((n) => !own.includes(n));
}

export async function accountAnswer(
  context: ToolContext,
  tool: ReturnType<typeof accountIntent> & string,
  language: Language,
  message: string,
  now = new Date(),
): Promise<Answer> {
  const texts = TEXTS[language];
  const currency = context.tenant.currency;
  const $ = (cents: number) => money(language, cents, currency);
  const lines: string[] = [];
  const accounts = await accountsOf(context);
  if (
    namesAnotherAccount(
      message,
      accounts.map((a) => a.accountNumber),
    )
  )
    lines.push(texts.refusedOther);
  if (tool === 'open_requests') {
    const requests = await requestFacts(context);
    if (requests.length === 0) lines.push(texts.noOpenRequests);
    else {
      lines.push(texts.openRequests(requests.length));
      for (const r of requests)
        lines.push(texts.openRequest(r.reference, r.type, r.status, day(language, r.effectiveDate)));
    }
    lines.push('', texts.requestLink);
    return { text: lines.join('\n'), sources: [], kind: 'account', language };
  }
  if (accounts.length === 0) return { text: texts.noAccounts, sources: [], kind: 'account', language };
  const many = accounts.length > 1;
  const head = (account: string) => {
    if (many) lines.push('', texts.account(account));
  };
  switch (tool) {
    case 'balance': {
      for (const fact of await balanceFacts(context, accounts)) {
        head(fact.account);
        if (fact.balanceCents > 0) lines.push(texts.balanceOwed($(fact.balanceCents)));
        else if (fact.balanceCents < 0) lines.push(texts.balanceCredit($(-fact.balanceCents)));
        else lines.push(texts.balanceZero);
        if (fact.dueDate && fact.amountDueCents !== null)
          lines.push(texts.dueDate($(fact.amountDueCents), day(language, fact.dueDate)));
      }
      lines.push('', texts.payLink);
      break;
    }
    case 'last_bill': {
      const facts = await billFacts(context, accounts);
      if (facts.length === 0) lines.push(texts.noBill);
      for (const fact of facts) {
        head(fact.account);
        lines.push(texts.lastBill(day(language, fact.billDate), $(fact.currentChargesCents)));
        if (fact.previousChargesCents !== null) {
          const change = fact.currentChargesCents - fact.previousChargesCents;
          lines.push(
            change > 0
              ? texts.changeUp($(change))
              : change < 0
                ? texts.changeDown($(-change))
                : texts.changeSame,
          );
        }
        lines.push(texts.dueDate($(fact.amountDueCents), day(language, fact.dueDate)));
        for (const s of fact.services) {
          const name = texts.services[s.utilityType] ?? s.utilityType;
          const before = s.previousQuantity === null ? '–' : quantity(language, s.previousQuantity, s.unit);
          lines.push(
            texts.serviceUsage(
              `${name} (${$(s.amountCents)})`,
              quantity(language, s.quantity, s.unit),
              before,
            ),
          );
        }
      }
      lines.push('', texts.usageLink, texts.payLink);
      break;
    }
    case 'last_payment': {
      for (const fact of await paymentFacts(context, accounts)) {
        head(fact.account);
        if (fact.date && fact.amountCents !== null)
          lines.push(texts.lastPayment(day(language, fact.date), $(fact.amountCents), fact.method ?? ''));
        else lines.push(texts.noPayment);
      }
      break;
    }
    case 'usage_this_month': {
      for (const fact of await usageFacts(context, accounts, now)) {
        if (fact.utilityType !== 'electricity' && fact.utilityType !== 'gas' && fact.utilityType !== 'water')
          continue;
        head(fact.account);
        const name = texts.services[fact.utilityType] ?? fact.utilityType;
        const value = quantity(language, fact.thisYear, fact.unit);
        lines.push(
          fact.lastYear === null
            ? texts.usageMonthNoHistory(name, value)
            : texts.usageMonth(name, value, quantity(language, fact.lastYear, fact.unit)),
        );
      }
      lines.push('', texts.usageLink);
      break;
    }
    case 'autopay': {
      for (const fact of autopayFacts(accounts)) {
        head(fact.account);
        lines.push(
          fact.on ? texts.autopayOn(`${fact.method ?? ''} ${fact.source ?? ''}`.trim()) : texts.autopayOff,
        );
      }
      break;
    }
  }
  return { text: lines.join('\n').trim(), sources: [], kind: 'account', language };
}

export interface AnswerInput {
  message: string;
  language: Language;
  index: KnowledgeIndex;
  /** Set when the widget token is bound to a signed-in user. */
  tools: ToolContext | null;
  /** An agent's chat about a customer's account: answers say so. */
  agentFor?: { accountNumber: string; hasPortalUser: boolean } | null;
  now?: Date;
}

export async function embeddedAnswer(input: AnswerInput): Promise<Answer> {
  const language = languageOf(input.message, input.language);
  const intent = accountIntent(language, input.message);
  const agent = input.agentFor;
  if (agent && intent) {
    const about = TEXTS[language].agentAbout(lastFour(agent.accountNumber));
    if (!input.tools) {
      return {
        text: `${about}\n\n${TEXTS[language].agentNoPortalUser}`,
        sources: [],
        kind: 'account',
        language,
      };
    }
    const answer = await accountAnswer(input.tools, intent, language, input.message, input.now);
    return { ...answer, text: `${about}\n\n${answer.text}` };
  }
  if (intent && input.tools) return accountAnswer(input.tools, intent, language, input.message, input.now);
  const outcome = input.index.search(language, input.message);
  const best = outcome.hits[0];
  const article = best && isConfident(outcome) ? articleAnswer(best, outcome, input.index) : null;
  // An account question from a visitor: ask them to sign in, with the article that may help.
  if (intent) {
    const signIn = TEXTS[language].signInForAccount;
    return article
      ? { ...article, text: `${signIn}\n\n${article.text}` }
      : { text: signIn, sources: [], kind: 'declined', language };
  }
  return article ?? declinedAnswer(language);
}
