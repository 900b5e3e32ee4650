// /oracle calls of the billing system. Account verification gates sign-up (spec point 7).
import { z } from 'zod';

export { accountVerifyRequest } from './forms.ts';

/** POST /oracle/accountVerify: the number and PIN match; `isLinked` says a user already owns it. */
export const accountVerifyResponse = z.object({
  message: z.string(),
  verified: z.literal(true),
  isLinked: z.boolean(),
});
export type AccountVerifyResponse = z.infer<typeof accountVerifyResponse>;
