// /oracle calls of the billing system. Account verification gates sign-up (spec point 7).
import { z } from 'zod';

import { forgotAccountNumberRequest } from './forms.ts';

export { accountVerifyRequest } from './forms.ts';

/**
 * POST /oracle/forgotAccountNo (spec point 7 names it beside /auth/forgotAccountNumber): the same
 * call with the same body and answer, the account number(s) mailed to the address on file.
 */
export const forgotAccountNoRequest = forgotAccountNumberRequest;

/** POST /oracle/accountVerify: the number and PIN match; `isLinked` says a user already owns it. */
export const accountVerifyResponse = z.object({
  message: z.string(),
  verified: z.literal(true),
  isLinked: z.boolean(),
});
export type AccountVerifyResponse = z.infer<typeof accountVerifyResponse>;
