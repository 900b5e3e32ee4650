import { z } from 'zod';

// Where each host is mounted in the one process (DESIGN.md, process layout).
export const HOST_PREFIXES = { api: '/api', ml: '/ml', pay: '/pay' } as const;
export type HostName = keyof typeof HOST_PREFIXES;

/** Body of every non-2xx answer. `message` is what the portal shows (spec point 8). */
export const errorResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** Field name → message, for 400 answers to bad input. */
  fields: z.record(z.string(), z.string()).optional(),
  /** Present on 5xx answers so a support agent can find the log line. */
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Plain success with the server's message, which the portal shows as-is (spec point 7). */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** Builds the spec's fixed Basic authorization header from the tenant app's public client credential. */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const raw = `${clientId}:${clientSecret}`;
  const encoded = typeof btoa === 'function' ? btoa(raw) : Buffer.from(raw, 'utf8').toString('base64');
  return `Basic ${encoded}`;
}
