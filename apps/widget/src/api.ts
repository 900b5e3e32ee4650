// The ML host's AI Assist calls (packages/contracts/src/assistant.ts): create-tokens, stream (SSE
// read from fetch, so the POST body and the bearer token go with it) and chat-feedback.
import type { WidgetLanguage } from './texts.ts';

export interface AssistSource {
  slug: string;
  title: string;
  language: string;
  url: string;
}

export interface AssistAnswer {
  conversationId: string;
  messageId: string;
  language: WidgetLanguage;
  answer: string;
  sources: AssistSource[];
  kind: string;
}

export interface TokenResult {
  token: string;
  expiresAt: string;
  signedIn: boolean;
  /** Agent mode: the customer's account, masked to its last four digits. */
  agentFor?: string | null;
}

export class AssistError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function failure(response: Response): Promise<AssistError> {
  let message = response.statusText;
  try {
    const body = (await response.json()) as { message?: string };
    if (body.message) message = body.message;
  } catch {
    // not JSON: keep the status text
  }
  return new AssistError(message, response.status);
}

export async function createToken(
  base: string,
  apiKey: string,
  accessToken: string | null,
  customerAccountNumber: string | null = null,
): Promise<TokenResult> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (accessToken) headers['X-Access-Token'] = accessToken;
  const response = await fetch(`${base}/create-tokens`, {
    method: 'POST',
    headers,
    body: JSON.stringify(customerAccountNumber ? { apiKey, customerAccountNumber } : { apiKey }),
    credentials: 'omit',
  });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as TokenResult;
}

export interface StreamHandlers {
  onToken: (text: string) => void;
  onMeta?: (meta: { conversationId: string }) => void;
}

/** POST /ml/stream; resolves with the `done` event's whole answer. */
export async function streamChat(
  base: string,
  token: string,
  body: { message: string; conversationId?: string; language: WidgetLanguage },
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<AssistAnswer> {
  const response = await fetch(`${base}/stream`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      Authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
    credentials: 'omit',
    signal,
  });
  if (!response.ok || !response.body) throw await failure(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value.replace(/\r\n/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const result = handleEvent(buffer.slice(0, end), handlers);
      buffer = buffer.slice(end + 2);
      if (result) {
        void reader.cancel().catch(() => {});
        return result;
      }
      end = buffer.indexOf('\n\n');
    }
    if (done) break;
  }
  throw new AssistError('The answer ended early', 0);
}

/** One server-sent event; returns the answer on `done`, throws on `error`. */
export function handleEvent(raw: string, handlers: StreamHandlers): AssistAnswer | undefined {
  let event = 'message';
  const data: string[] = [];
  for (const line of raw.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return undefined;
  const payload = JSON.parse(data.join('\n')) as Record<string, unknown>;
  if (event === 'token') handlers.onToken(String(payload.text ?? ''));
  else if (event === 'meta') handlers.onMeta?.(payload as { conversationId: string });
  else if (event === 'error') throw new AssistError(String(payload.message ?? 'error'), 0);
  else if (event === 'done') return payload as unknown as AssistAnswer;
  return undefined;
}

export async function sendFeedback(
  base: string,
  token: string,
  messageId: string,
  rating: 'up' | 'down',
): Promise<void> {
  const response = await fetch(`${base}/chat-feedback`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ messageId, rating }),
    credentials: 'omit',
  });
  if (!response.ok) throw await failure(response);
}
