// /ml: AI Assist (spec point 7, issue 11). create-tokens turns the tenant's public widget api key
// (and, when sent, the signed-in user's access token) into a short-lived widget session token;
// external-chat answers a message whole, stream answers it as server-sent events; chat-feedback
// rates an answer. /ml/kb/articles is the knowledge base: read by anyone, changed by the tenant's
// administrators (each change re-indexes every instance on its next chat).
import { PassThrough } from 'node:stream';
import {
  ASSISTANT_TOKEN_TTL_SECONDS,
  assistantErrors,
  chatFeedbackRequest,
  chatFeedbackResponse,
  chatRequest,
  chatResponse,
  createTokensRequest,
  createTokensResponse,
  errorResponse,
  kbArticle,
  kbArticleInput,
  kbArticleKey,
  kbArticleList,
  messageResponse,
} from '@gridfront/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kbArticles, tenants } from '../../db/schema/index.ts';
import { enforceRateLimits } from '../../lib/rate-limiter.ts';
import { HttpError } from '../../plugins/errors.ts';
import { requireSideArea } from '../../plugins/side-area.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { demoTenantIdFor } from '../../seed/generated-tenant.ts';
import { DEFAULT_SEED, DEMO_TENANT_SLUG } from '../../seed/index.ts';
import { roleOf } from '../payments/platform-service.ts';
import { lastFour } from './account-tools.ts';
import { bindAgent } from './agent.ts';
import { allowTenantOrigins } from './cross-origin.ts';
import {
  deleteArticle,
  KnowledgeIndexes,
  listArticles,
  seedDemoAssistant,
  settingsOf,
  upsertArticle,
} from './knowledge.ts';
import { recordKnowledgeChange } from './knowledge-audit.ts';
import type { LlmConfig } from './llm.ts';
import {
  ASSISTANT_LIMITS,
  answerChat,
  type ChatEnvironment,
  prepareChat,
  recordFeedback,
} from './service.ts';
import { bearerOf, boundUserIsLive, type WidgetSession, widgetTokens } from './widget-tokens.ts';

export interface AssistantRoutesOptions {
  llm: LlmConfig | null;
  /** Widget token lifetime; tests shorten it. */
  tokenTtlSeconds?: number;
}

const widgetSecurity = [{ widgetToken: [] }];
const adminOnly = 'Only an administrator can change the knowledge base';

function articleJson(row: typeof kbArticles.$inferSelect) {
  return {
    id: row.id,
    slug: row.slug,
    language: row.language as 'en',
    title: row.title,
    tags: row.tags,
    body: row.body,
    updated: row.updated,
    asked: row.asked,
  };
}

export const assistantRoutes: FastifyPluginAsyncZod<AssistantRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', requireSideArea('assistant', { except: /\/kb\// }));
  const tokens = widgetTokens(
    new Uint8Array(app.derivedKey('assistant-widget-token')),
    options.tokenTtlSeconds ?? ASSISTANT_TOKEN_TTL_SECONDS,
  );
  allowTenantOrigins(app);
  // A demo database seeded before the assistant existed gets the widget key and knowledge base.
  app.addHook('onReady', async () => {
    try {
      const demoId = demoTenantIdFor(DEFAULT_SEED);
      const [demo] = await app.db
        .select({ id: tenants.id })
        .from(tenants)
        .where(and(eq(tenants.id, demoId), eq(tenants.slug, DEMO_TENANT_SLUG)))
        .limit(1);
      if (demo && !(await settingsOf(app.db, demo.id))) {
        await seedDemoAssistant(app.db, demo.id);
        app.log.info('AI Assist: the demo utility got its widget key and knowledge base');
      }
    } catch (error) {
      app.log.warn({ err: error }, 'AI Assist: could not seed the demo knowledge base');
    }
  });
  const env: ChatEnvironment = {
    db: app.db,
    indexes: new KnowledgeIndexes(app.db),
    llm: options.llm,
    log: app.log,
  };

  /** The token's session, checked against this host's tenant and, when bound, a live sign-in. */
  async function sessionOf(request: FastifyRequest): Promise<WidgetSession> {
    const token = bearerOf(request);
    if (!token) throw new HttpError(401, assistantErrors.tokenRequired);
    const session = await tokens.verify(token);
    if (!session || session.tenantId !== tenantOf(request).id || !(await boundUserIsLive(request, session))) {
      throw new HttpError(401, assistantErrors.tokenExpired);
    }
    return session;
  }

  async function requireAdmin(request: FastifyRequest) {
    const tenant = tenantOf(request);
    if (!request.user)
      throw new HttpError(401, 'Authentication required: send X-Access-Token with a valid access token');
    if ((await roleOf(app.db, tenant.id, request.user.userId)) !== 'admin')
      throw new HttpError(403, adminOnly);
    return tenant;
  }

  app.post(
    '/create-tokens',
    {
      schema: {
        tags: ['assistant'],
        summary: 'A widget session token from the tenant’s widget api key',
        description:
          'The api key is the widget’s public global configuration key (the demo’s is in .env.example). Send the signed-in user’s access token in X-Access-Token to bind the session to them: account questions are then answered from their own accounts, until the token expires or they log out. For agents on the staff page: a staff access token and `customerAccountNumber` bind the session to that customer’s account instead (audited); answers say whose account they are about. Limited per address.',
        security: [{}, { accessToken: [] }],
        body: createTokensRequest,
        response: {
          200: createTokensResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      await enforceRateLimits(
        app.db,
        tenant.id,
        [{ rule: ASSISTANT_LIMITS.tokensPerAddress, subject: request.ip }],
        reply,
      );
      const settings = await settingsOf(app.db, tenant.id);
      if (!settings || settings.apiKey !== request.body.apiKey)
        throw new HttpError(401, assistantErrors.badApiKey);
      const agent = request.body.customerAccountNumber
        ? await bindAgent(app.db, request, tenant, request.body.customerAccountNumber)
        : null;
      const user =
        request.user && !agent ? { userId: request.user.userId, signInId: request.user.sessionId } : null;
      const token = await tokens.sign({
        tenantId: tenant.id,
        sessionId: crypto.randomUUID(),
        user,
        ...(agent ? { agent } : {}),
      });
      return {
        token,
        expiresIn: tokens.ttlSeconds,
        expiresAt: new Date(Date.now() + tokens.ttlSeconds * 1000).toISOString(),
        signedIn: user !== null || agent !== null,
        agentFor: agent ? lastFour(agent.accountNumber) : null,
        tenantName: tenant.name,
      };
    },
  );

  app.post(
    '/external-chat',
    {
      schema: {
        tags: ['assistant'],
        summary: 'Ask AI Assist; the whole answer as JSON',
        description:
          'Send the widget token as `Authorization: Bearer <token>`. Omit conversationId to start a conversation. The answer is Markdown that quotes and links its articles (`sources`); `kind` says whether it came from an article, the customer’s own account, the model, or was declined (then it points to Contact Us). Messages are at most 1,000 characters; limited per token and per address.',
        security: widgetSecurity,
        body: chatRequest,
        response: {
          200: chatResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const session = await sessionOf(request);
      const chat = await prepareChat(env, request, reply, tenant, session, request.body);
      return answerChat(env, chat, () => {});
    },
  );

  app.post(
    '/stream',
    {
      schema: {
        tags: ['assistant'],
        summary: 'Ask AI Assist; the answer streamed as server-sent events',
        description: [
          'Same body and token as external-chat. The answer is `text/event-stream`:',
          '',
          '```',
          'event: meta',
          'data: {"conversationId":"…","language":"en"}',
          '',
          'event: token',
          'data: {"text":"From "}',
          '',
          '… more token events (append their text) …',
          '',
          'event: done',
          'data: {…the external-chat answer: conversationId, messageId, answer, sources, kind…}',
          '```',
          '',
          'or `event: error` with `{"message": …}` when the answer failed midway. Errors before the stream starts (bad token, too long, too many) are JSON as elsewhere.',
        ].join('\n'),
        security: widgetSecurity,
        body: chatRequest,
        response: { 400: errorResponse, 401: errorResponse, 404: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const session = await sessionOf(request);
      const chat = await prepareChat(env, request, reply, tenant, session, request.body);
      const stream = new PassThrough();
      const send = (event: string, data: unknown) =>
        stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no');
      send('meta', { conversationId: chat.conversationId, language: chat.language });
      void answerChat(env, chat, (text) => send('token', { text }))
        .then((answer) => send('done', answer))
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'assistant stream failed');
          send('error', { message: 'The answer could not be completed. Please try again.' });
        })
        .finally(() => stream.end());
      // A stream is sent as it is written (no serializer); the typed reply only knows the JSON answers.
      return reply.send(stream as never);
    },
  );

  app.post(
    '/chat-feedback',
    {
      schema: {
        tags: ['assistant'],
        summary: 'Thumbs up or down, with an optional comment, on an answer',
        description:
          'Only answers of the token’s own conversations; rating again replaces the earlier rating.',
        security: widgetSecurity,
        body: chatFeedbackRequest,
        response: { 200: chatFeedbackResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const session = await sessionOf(request);
      await recordFeedback(app.db, tenant, session, request.body);
      return { message: 'Thank you for your feedback.' };
    },
  );

  app.get(
    '/kb/articles',
    {
      schema: {
        tags: ['assistant'],
        summary: 'The knowledge base of this site’s utility (every language)',
        response: { 200: kbArticleList },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const [settings, rows] = await Promise.all([
        settingsOf(app.db, tenant.id),
        listArticles(app.db, tenant.id),
      ]);
      return { version: settings?.kbVersion ?? 0, articles: rows.map(articleJson) };
    },
  );

  app.get(
    '/kb/articles/:language/:slug',
    {
      schema: {
        tags: ['assistant'],
        summary: 'One article (what an answer’s source links to): title, tags and Markdown body',
        params: kbArticleKey,
        response: { 200: kbArticle, 404: errorResponse },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const [row] = await app.db
        .select()
        .from(kbArticles)
        .where(
          and(
            eq(kbArticles.tenantId, tenant.id),
            eq(kbArticles.language, request.params.language),
            eq(kbArticles.slug, request.params.slug),
          ),
        )
        .limit(1);
      if (!row) throw new HttpError(404, assistantErrors.articleNotFound);
      return articleJson(row);
    },
  );

  app.put(
    '/kb/articles',
    {
      schema: {
        tags: ['assistant'],
        summary:
          'Adds or replaces an article (administrators); re-indexed on every instance at its next chat',
        security: [{ accessToken: [] }],
        body: kbArticleInput,
        response: { 200: kbArticle, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const tenant = await requireAdmin(request);
      const { language, slug, title } = request.body;
      const row = await upsertArticle(
        app.db,
        tenant.id,
        request.body,
        recordKnowledgeChange(request, tenant.id, 'update', {
          language,
          slug,
          title,
          via: 'PUT /ml/kb/articles',
        }),
      );
      return articleJson(row);
    },
  );

  app.delete(
    '/kb/articles/:language/:slug',
    {
      schema: {
        tags: ['assistant'],
        summary: 'Removes an article (administrators)',
        security: [{ accessToken: [] }],
        params: kbArticleKey,
        response: { 200: messageResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const tenant = await requireAdmin(request);
      const { language, slug } = request.params;
      const deleted = await deleteArticle(
        app.db,
        tenant.id,
        language,
        slug,
        recordKnowledgeChange(request, tenant.id, 'delete', {
          language,
          slug,
          via: 'DELETE /ml/kb/articles',
        }),
      );
      if (!deleted) throw new HttpError(404, assistantErrors.articleNotFound);
      return { message: 'Article removed' };
    },
  );
};
