// One chat turn: limits, the conversation, the answer (embedded or from the model, streamed piece
// by piece through onText), and the stored, masked log. Routes call prepareChat, then answerChat.
import {
  type AnswerKind,
  type AssistantSource,
  assistantErrors,
  type ChatQuery,
  type ChatResponse,
  type Language,
} from '@gridfront/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { assistantConversations, assistantFeedback, assistantMessages } from '../../db/schema/index.ts';
import { enforceRateLimits, type RateLimitRule } from '../../lib/rate-limiter.ts';
import type { RequestUser } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import {
  ACCOUNT_TOOLS,
  type AccountTool,
  lastFour,
  runAccountTool,
  type ToolContext,
} from './account-tools.ts';
import { type Answer, embeddedAnswer, languageOf, sourceOf } from './answerer.ts';
import { type KnowledgeIndexes, settingsOf } from './knowledge.ts';
import {
  type ChatMessage,
  type LlmConfig,
  streamCompletion,
  systemPrompt,
  type ToolDefinition,
} from './llm.ts';
import { maskSecrets, StreamMasker } from './mask.ts';
import type { KnowledgeIndex } from './retrieval.ts';
import type { WidgetSession } from './widget-tokens.ts';

/** Counted in PostgreSQL, so they hold across instances. */
export const ASSISTANT_LIMITS = {
  messagesPerToken: { name: 'assist-token', limit: 30, windowSeconds: 300 },
  messagesPerAddress: { name: 'assist-ip', limit: 120, windowSeconds: 300 },
  tokensPerAddress: { name: 'assist-create-ip', limit: 30, windowSeconds: 300 },
} as const satisfies Record<string, RateLimitRule>;

export interface ChatEnvironment {
  db: Database;
  indexes: KnowledgeIndexes;
  llm: LlmConfig | null;
  log: FastifyBaseLogger;
}

export interface PreparedChat {
  tenant: Tenant;
  conversationId: string;
  language: Language;
  message: string;
  index: KnowledgeIndex;
  tools: ToolContext | null;
  /** An agent's chat: the customer's account (and whether anyone registered it for the portal). */
  agentFor: { accountNumber: string; hasPortalUser: boolean } | null;
  history: { role: 'user' | 'assistant'; content: string }[];
}

export async function prepareChat(
  env: ChatEnvironment,
  request: FastifyRequest,
  reply: FastifyReply,
  tenant: Tenant,
  session: WidgetSession,
  body: ChatQuery,
): Promise<PreparedChat> {
  await enforceRateLimits(
    env.db,
    tenant.id,
    [
      { rule: ASSISTANT_LIMITS.messagesPerToken, subject: session.sessionId },
      { rule: ASSISTANT_LIMITS.messagesPerAddress, subject: request.ip },
    ],
    reply,
  );
  const settings = await settingsOf(env.db, tenant.id);
  const index = await env.indexes.forVersion(tenant.id, settings?.kbVersion ?? 0);
  // An agent's conversations are the agent's own.
  const userId = session.agent?.userId ?? session.user?.userId ?? null;
  const language = languageOf(body.message, body.language);
  let conversationId = body.conversationId;
  let history: PreparedChat['history'] = [];
  if (conversationId) {
    const [found] = await env.db
      .select({ id: assistantConversations.id })
      .from(assistantConversations)
      .where(
        and(
          eq(assistantConversations.id, conversationId),
          eq(assistantConversations.tenantId, tenant.id),
          userId ? eq(assistantConversations.userId, userId) : isNull(assistantConversations.userId),
        ),
      )
      .limit(1);
    if (!found) throw new HttpError(404, assistantErrors.conversationNotFound);
    if (env.llm) {
      const rows = await env.db
        .select({ role: assistantMessages.role, content: assistantMessages.content })
        .from(assistantMessages)
        .where(eq(assistantMessages.conversationId, conversationId))
        .orderBy(desc(assistantMessages.createdAt))
        .limit(6);
      history = rows.reverse();
    }
  } else {
    const [created] = await env.db
      .insert(assistantConversations)
      .values({ tenantId: tenant.id, userId, language })
      .returning({ id: assistantConversations.id });
    if (!created) throw new Error('conversation not created');
    conversationId = created.id;
  }
  await env.db.insert(assistantMessages).values({
    tenantId: tenant.id,
    conversationId,
    role: 'user',
    content: maskSecrets(body.message),
    kind: 'user',
  });
  const agent = session.agent ?? null;
  const user: RequestUser | null = agent
    ? agent.ownerUserId
      ? { userId: agent.ownerUserId, tenantId: tenant.id, sessionId: agent.signInId }
      : null
    : session.user
      ? { userId: session.user.userId, tenantId: tenant.id, sessionId: session.user.signInId }
      : null;
  return {
    tenant,
    conversationId,
    language,
    message: body.message,
    index,
    tools: user ? { db: env.db, tenant, user, ...(agent ? { accountId: agent.accountId } : {}) } : null,
    agentFor: agent
      ? { accountNumber: agent.accountNumber, hasPortalUser: agent.ownerUserId !== null }
      : null,
    history,
  };
}

/** Splits a finished answer into the pieces a stream sends (a word and its following space). */
export function piecesOf(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** Produces the answer, calling onText with each piece (already masked), and stores it. */
export async function answerChat(
  env: ChatEnvironment,
  chat: PreparedChat,
  onText: (text: string) => void,
): Promise<ChatResponse> {
  let answer: Answer | null = null;
  let sent = false;
  if (env.llm) {
    try {
      answer = await modelAnswer(env.llm, chat, (piece) => {
        sent = true;
        onText(piece);
      });
    } catch (error) {
      env.log.warn({ err: error }, 'assistant model failed; answering with the embedded answerer');
      if (sent) throw error;
    }
  }
  if (!answer) {
    answer = await embeddedAnswer({
      message: chat.message,
      language: chat.language,
      index: chat.index,
      tools: chat.tools,
      agentFor: chat.agentFor,
    });
    answer = { ...answer, text: maskSecrets(answer.text) };
    for (const piece of piecesOf(answer.text)) onText(piece);
  }
  const [stored] = await env.db
    .insert(assistantMessages)
    .values({
      tenantId: chat.tenant.id,
      conversationId: chat.conversationId,
      role: 'assistant',
      content: answer.text,
      sources: answer.sources,
      kind: answer.kind,
    })
    .returning({ id: assistantMessages.id });
  if (!stored) throw new Error('answer not stored');
  await env.db
    .update(assistantConversations)
    .set({ updatedAt: new Date() })
    .where(eq(assistantConversations.id, chat.conversationId));
  return {
    conversationId: chat.conversationId,
    messageId: stored.id,
    language: answer.language,
    answer: answer.text,
    sources: answer.sources,
    kind: answer.kind,
  };
}

const TOOL_DESCRIPTIONS: Record<AccountTool, string> = {
  balance: "The signed-in customer's balance and the due date and amount of their last bill, per account",
  last_bill:
    'Their last bill: date, new charges, amount due, due date, usage per service, and the bill before it',
  last_payment: 'Their last payment: date, amount, method',
  usage_this_month: 'Their usage this month so far and on the same days last year, per service',
  autopay: 'Whether AutoPay is on for each of their accounts, and with which method',
  open_requests: 'Their open service requests (start, stop, move service)',
};

function toolDefinitions(signedIn: boolean): ToolDefinition[] {
  const search: ToolDefinition = {
    type: 'function',
    function: {
      name: 'search_knowledge_base',
      description: "Searches the utility's help articles; answers the best passages with their article's url",
      parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    },
  };
  if (!signedIn) return [search];
  return [
    search,
    ...ACCOUNT_TOOLS.map((name) => ({
      type: 'function' as const,
      function: {
        name,
        description: TOOL_DESCRIPTIONS[name],
        parameters: { type: 'object', properties: {} },
      },
    })),
  ];
}

function passagesFor(chat: PreparedChat, query: string): { text: string; sources: AssistantSource[] } {
  const outcome = chat.index.search(languageOf(query, chat.language), query);
  const sources: AssistantSource[] = [];
  const blocks: string[] = [];
  for (const hit of outcome.hits) {
    const source = sourceOf(hit.article);
    sources.push(source);
    const best = hit.passages.slice().sort((a, b) => b.score - a.score)[0];
    if (best) blocks.push(`[${source.title}](${source.url}) — ${best.passage.heading}\n${best.passage.text}`);
  }
  return { text: blocks.join('\n\n---\n\n'), sources };
}

const MAX_MODEL_ROUNDS = 4;

async function modelAnswer(
  llm: LlmConfig,
  chat: PreparedChat,
  onText: (text: string) => void,
): Promise<Answer> {
  const first = passagesFor(chat, chat.message);
  const offered = new Map(first.sources.map((s) => [s.url, s]));
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content: systemPrompt({
        tenantName: chat.tenant.name,
        language: chat.language,
        signedIn: chat.tools !== null,
        passages: first.text,
        agentFor: chat.agentFor ? lastFour(chat.agentFor.accountNumber) : null,
      }),
    },
    ...chat.history.map((m) => ({ role: m.role, content: m.content })),
    { role: 'user', content: chat.message },
  ];
  const tools = toolDefinitions(chat.tools !== null);
  const masker = new StreamMasker();
  const emit = (piece: string) => {
    const out = masker.push(piece);
    if (out) onText(out);
  };
  let text = '';
  let usedAccount = false;
  for (let round = 0; round < MAX_MODEL_ROUNDS; round += 1) {
    const turn = await streamCompletion(llm, messages, round === MAX_MODEL_ROUNDS - 1 ? [] : tools, emit);
    text += turn.text;
    if (turn.toolCalls.length === 0) break;
    messages.push({ role: 'assistant', content: turn.text || null, tool_calls: turn.toolCalls });
    for (const call of turn.toolCalls) {
      messages.push({
        role: 'tool',
        tool_call_id: call.id,
        content: JSON.stringify(await runTool(chat, call.function.name, call.function.arguments, offered)),
      });
      if ((ACCOUNT_TOOLS as readonly string[]).includes(call.function.name)) usedAccount = true;
    }
  }
  const rest = masker.flush();
  if (rest) onText(rest);
  const masked = maskSecrets(text);
  const sources = [...offered.values()].filter((s) => masked.includes(s.url) || masked.includes(s.title));
  const kind: AnswerKind = usedAccount ? 'account' : 'model';
  return { text: masked, sources, kind, language: chat.language };
}

async function runTool(
  chat: PreparedChat,
  name: string,
  argumentsJson: string,
  offered: Map<string, AssistantSource>,
): Promise<unknown> {
  if (name === 'search_knowledge_base') {
    let query = chat.message;
    try {
      const parsed = JSON.parse(argumentsJson || '{}') as { query?: unknown };
      if (typeof parsed.query === 'string' && parsed.query.trim()) query = parsed.query.slice(0, 500);
    } catch {
      // The model's arguments were not JSON: search for the customer's own words.
    }
    const found = passagesFor(chat, query);
    for (const source of found.sources) offered.set(source.url, source);
    return { passages: found.text || 'No article matches.' };
  }
  if ((ACCOUNT_TOOLS as readonly string[]).includes(name)) {
    if (!chat.tools) return { error: 'The customer is not signed in.' };
    // Whatever the arguments say, the tool reads the token's user.
    return runAccountTool(chat.tools, name as AccountTool);
  }
  return { error: `unknown tool ${name}` };
}

/** Thumbs up or down on an answer of a conversation this token may see; the last rating counts. */
export async function recordFeedback(
  db: Database,
  tenant: Tenant,
  session: WidgetSession,
  body: { messageId: string; rating: 'up' | 'down'; comment: string },
): Promise<void> {
  const userId = session.agent?.userId ?? session.user?.userId ?? null;
  const [message] = await db
    .select({ id: assistantMessages.id })
    .from(assistantMessages)
    .innerJoin(assistantConversations, eq(assistantConversations.id, assistantMessages.conversationId))
    .where(
      and(
        eq(assistantMessages.id, body.messageId),
        eq(assistantMessages.tenantId, tenant.id),
        eq(assistantMessages.role, 'assistant'),
        userId ? eq(assistantConversations.userId, userId) : isNull(assistantConversations.userId),
      ),
    )
    .limit(1);
  if (!message) throw new HttpError(404, assistantErrors.answerNotFound);
  const comment = maskSecrets(body.comment);
  await db
    .insert(assistantFeedback)
    .values({ tenantId: tenant.id, messageId: message.id, rating: body.rating, comment })
    .onConflictDoUpdate({
      target: assistantFeedback.messageId,
      set: { rating: body.rating, comment, createdAt: new Date() },
    });
}
