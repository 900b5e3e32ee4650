// AI Assist on the ML host (/ml, spec point 7; issue 11): the widget's session token, a chat message
// answered whole (external-chat) or streamed as server-sent events (stream), feedback on an answer,
// and the knowledge-base admin API. The widget and the portal build against these schemas.
import { z } from 'zod';
import { LANGUAGES } from './constants.ts';

/** The longest message the assistant takes, in characters. */
export const ASSISTANT_MESSAGE_MAX = 1000;
/** The longest feedback comment. */
export const ASSISTANT_COMMENT_MAX = 1000;
/** How long a widget session token lives, in seconds. */
export const ASSISTANT_TOKEN_TTL_SECONDS = 1800;
/** The widget sends its session token as `Authorization: Bearer <token>`. */
export const ASSISTANT_TOKEN_HEADER = 'Authorization';

export const assistantErrors = {
  badApiKey: 'Unknown api key',
  tokenRequired: 'A widget session token is required: call /ml/create-tokens',
  tokenExpired: 'The widget session token is invalid or expired: call /ml/create-tokens again',
  messageRequired: 'Please type a question',
  messageTooLong: `Messages are at most ${ASSISTANT_MESSAGE_MAX} characters`,
  conversationNotFound: 'Conversation not found',
  answerNotFound: 'Answer not found',
  articleNotFound: 'Article not found',
} as const;

export const assistantLanguage = z.enum(LANGUAGES);

/** POST /ml/create-tokens. Send the user's access token in X-Access-Token to bind the session to them. */
export const createTokensRequest = z
  .object({
    apiKey: z
      .string()
      .trim()
      .min(1, assistantErrors.badApiKey)
      .max(200)
      .meta({ example: 'gf-assist-demo-7c1e4b2a9d' }),
    /**
     * For agents (staff page): the account number of the customer the agent is looking at. Needs a
     * staff member's access token; account questions are then answered about that customer.
     */
    customerAccountNumber: z
      .string()
      .regex(/^\d{6,20}$/, 'Account not found')
      .optional(),
  })
  .meta({ examples: [{ apiKey: 'gf-assist-demo-7c1e4b2a9d' }] });
export type CreateTokensRequest = z.infer<typeof createTokensRequest>;

export const createTokensResponse = z
  .object({
    /** Send as `Authorization: Bearer <token>` on every other /ml call. */
    token: z.string(),
    expiresIn: z.number().int(),
    expiresAt: z.string(),
    /** True when the token is bound to the signed-in user (account questions are answered). */
    signedIn: z.boolean(),
    /** For an agent's token: the customer's account, masked (••••1234); null otherwise. */
    agentFor: z.string().nullable(),
    tenantName: z.string(),
  })
  .meta({
    examples: [
      {
        token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6ImFzc2lzdCtqd3QifQ.eyJ0aWQiOiIuLi4ifQ.c2ln',
        expiresIn: 1800,
        expiresAt: '2026-11-26T02:30:00.000Z',
        signedIn: true,
        agentFor: null,
        tenantName: 'Riverbend Utilities',
      },
    ],
  });
export type CreateTokensResponse = z.infer<typeof createTokensResponse>;

/** POST /ml/external-chat and POST /ml/stream. */
export const chatRequest = z
  .object({
    message: z
      .string({ error: assistantErrors.messageRequired })
      .trim()
      .min(1, assistantErrors.messageRequired)
      .max(ASSISTANT_MESSAGE_MAX, assistantErrors.messageTooLong),
    /** Omit to start a new conversation; the answer names the one it was added to. */
    conversationId: z.uuid({ error: assistantErrors.conversationNotFound }).optional(),
    /** The portal's language; the answer is in it (Tamil script in the message wins). */
    language: assistantLanguage.default('en'),
  })
  .meta({ examples: [{ message: 'What is the charge for reconnecting the service?', language: 'en' }] });
export type ChatRequest = z.input<typeof chatRequest>;
export type ChatQuery = z.output<typeof chatRequest>;

export const assistantSource = z.object({
  slug: z.string(),
  title: z.string(),
  language: z.string(),
  /** Portal path of the article's topic page or the link the article gives. */
  url: z.string(),
});
export type AssistantSource = z.infer<typeof assistantSource>;

export const ANSWER_KINDS = ['article', 'account', 'declined', 'model', 'refused'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

export const chatResponse = z
  .object({
    conversationId: z.uuid(),
    /** The answer's id, for chat-feedback. */
    messageId: z.uuid(),
    language: assistantLanguage,
    /** Markdown (render it sanitized); card numbers, codes and passwords are masked. */
    answer: z.string(),
    sources: z.array(assistantSource),
    /** How it was answered: from an article, the customer's account, the model, or declined. */
    kind: z.enum(ANSWER_KINDS),
  })
  .meta({
    examples: [
      {
        conversationId: '0b9f8a52-4a43-4c6e-9d7e-2f1c3b5a6d7e',
        messageId: '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
        language: 'en',
        answer:
          'From **Reconnection charges**:\n\n> | Business days, during office hours | $40.00 |\n> | Evenings, weekends and holidays | $95.00 |\n\nSource: [Reconnection charges](/contactus#kb-reconnection-charges)',
        sources: [
          {
            slug: 'reconnection-charges',
            title: 'Reconnection charges',
            language: 'en',
            url: '/contactus#kb-reconnection-charges',
          },
        ],
        kind: 'article',
      },
    ],
  });
export type ChatResponse = z.infer<typeof chatResponse>;

/**
 * The stream's events (`event: <name>` then `data: <JSON>`), in this order: `meta` once, `token`
 * many times (append `text`), then `done` (the whole answer as chatResponse) or `error`.
 */
export const STREAM_EVENTS = ['meta', 'token', 'done', 'error'] as const;
export const streamMetaEvent = z.object({ conversationId: z.uuid(), language: assistantLanguage });
export const streamTokenEvent = z.object({ text: z.string() });
export const streamErrorEvent = z.object({ message: z.string() });

/** POST /ml/chat-feedback. */
export const chatFeedbackRequest = z
  .object({
    messageId: z.uuid({ error: assistantErrors.answerNotFound }),
    rating: z.enum(['up', 'down']),
    comment: z.string().trim().max(ASSISTANT_COMMENT_MAX).default(''),
  })
  .meta({
    examples: [{ messageId: '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d', rating: 'down', comment: 'Too long' }],
  });
export type ChatFeedbackRequest = z.input<typeof chatFeedbackRequest>;

export const chatFeedbackResponse = z.object({ message: z.string() });

/** Knowledge-base admin API (/ml/kb/articles), for the tenant's administrators. */
export const kbArticleInput = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'kebab-case slug'),
  language: assistantLanguage,
  title: z.string().trim().min(1).max(200),
  tags: z.array(z.string().trim().min(1).max(60)).min(1).max(30),
  body: z.string().min(1).max(50_000),
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
  /** Questions customers ask that the article answers (front matter `asked`), searched on their own; optional. */
  asked: z.array(z.string().trim().min(3).max(200)).max(60).optional(),
});
export type KbArticleInput = z.infer<typeof kbArticleInput>;

export const kbArticle = kbArticleInput.extend({ id: z.uuid() });
export type KbArticle = z.infer<typeof kbArticle>;

export const kbArticleList = z.object({ version: z.number().int(), articles: z.array(kbArticle) });
export const kbArticleKey = z.object({ slug: kbArticleInput.shape.slug, language: assistantLanguage });
