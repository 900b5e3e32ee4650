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

/** POST /auth/logout: the refresh token to revoke, when it is not sent as the HttpOnly cookie. */
export const logoutRequest = z.object({ refreshToken: z.string().max(512).optional() });
export type LogoutRequest = z.infer<typeof logoutRequest>;

/**
 * Header scheme of every /api call: `Authorization: Basic base64(clientId:clientSecret)` (the tenant
 * app's fixed public credential, always) plus, when signed in, the access token in this header
 * (a bare JWT; a `Bearer ` prefix is tolerated).
 */
export const ACCESS_TOKEN_HEADER = 'X-Access-Token';

/** Cookie names set by /auth/login (the refresh cookie is HttpOnly, path /api/auth). */
export const AUTH_COOKIES = { accessToken: 'accessToken', refreshToken: 'refreshToken' } as const;
