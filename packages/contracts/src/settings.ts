// /settings calls (spec point 7). Requests of the forms are in forms.ts.
import { z } from 'zod';
import { currentPasswordField } from './fields.ts';

export { changePasswordRequest, changeUsernameRequest } from './forms.ts';

export const getUsernameResponse = z.object({ username: z.string() });

/**
 * POST /settings/updateTfaEnable: no body toggles; `enable` sets the flag (idempotent retries).
 * Turning two-factor off also needs the current `password`: an access token alone (a stolen one,
 * a device left signed in) must not remove the second factor.
 */
export const updateTfaEnableRequest = z
  .object({ enable: z.boolean().optional(), password: currentPasswordField.optional() })
  .default({});
export type UpdateTfaEnableRequest = z.infer<typeof updateTfaEnableRequest>;

/** The portal's form for turning two-factor off: the current password, required. */
export const tfaDisableForm = z.object({ password: currentPasswordField });
export const updateTfaEnableResponse = z.object({ message: z.string(), tfaEnabled: z.boolean() });

/** POST /settings/tfaEnable: the current flag, refetched after an update. */
export const tfaEnableResponse = z.object({ tfaEnabled: z.boolean() });
