import { z } from 'zod';

// Host prefixes and the Basic header live in a module without zod (the portal's first load uses them).
export { basicAuthorization, HOST_PREFIXES, type HostName } from './api-basics.ts';

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
