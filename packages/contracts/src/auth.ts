import { z } from 'zod';
import { loginPasswordField, usernameField } from './fields.ts';

export const loginRequest = z.object({
  username: usernameField,
  password: loginPasswordField,
});
export type LoginRequest = z.infer<typeof loginRequest>;

/**
 * What the portal keeps after sign-in (spec point 3: session token, email-verified flag,
 * two-factor-enabled flag, account flag, profile flag, login flag, user name).
 */
export const sessionUser = z.object({
  username: z.string(),
  fullName: z.string(),
  emailVerified: z.boolean(),
  tfaEnabled: z.boolean(),
  hasAccount: z.boolean(),
  hasProfile: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  message: z.string(),
  /** True when a second factor is still owed: no tokens are issued until /auth/tfaVerify. */
  tfaRequired: z.boolean(),
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().optional(),
  user: sessionUser,
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const logoutResponse = z.object({ message: z.string() });
