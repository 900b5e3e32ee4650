// /settings calls (spec point 7). Requests of the forms are in forms.ts.
import { z } from 'zod';

export { changePasswordRequest, changeUsernameRequest } from './forms.ts';

export const getUsernameResponse = z.object({ username: z.string() });

/** POST /settings/updateTfaEnable: no body toggles; `enable` sets the flag (idempotent retries). */
export const updateTfaEnableRequest = z.object({ enable: z.boolean().optional() }).default({});
export const updateTfaEnableResponse = z.object({ message: z.string(), tfaEnabled: z.boolean() });

/** POST /settings/tfaEnable: the current flag, refetched after an update. */
export const tfaEnableResponse = z.object({ tfaEnabled: z.boolean() });
