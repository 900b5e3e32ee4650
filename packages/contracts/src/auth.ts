import { z } from 'zod';
import { loginPasswordField, usernameField, verificationCodeField } from './fields.ts';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from './profile-image-limits.ts';

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
  /** With tfaRequired: the short-lived token to send with the code to /auth/tfaVerify (not an access token). */
  pendingToken: z.string().optional(),
  /**
   * True when the e-mail address is not verified yet: no tokens; a code was mailed and the portal
   * goes to /emailVerify (POST /auth/emailOTPVerify with username and code).
   */
  emailVerificationRequired: z.boolean().optional(),
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

/** A started session: the answer of /auth/emailOTPVerify, /auth/tfaVerify (same shape as a full login). */
export const sessionResponse = loginResponse;
export type SessionResponse = LoginResponse;

/** POST /auth/tfaVerify: the code mailed at login and the pendingToken the login answer carried. */
export const tfaVerifyRequest = z.object({
  code: verificationCodeField,
  pendingToken: z.string().min(1).max(2048),
});
export type TfaVerifyRequest = z.infer<typeof tfaVerifyRequest>;

/** What a one-time code is for. Sign-up codes verify the e-mail address. */
export const OTP_PURPOSES = ['signup', 'tfa', 'forgot_password'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/**
 * The header that carries a two-factor pending token to GET /auth/resendOTP. Never the query
 * string: URLs land in access logs, proxies and browser history.
 */
export const PENDING_TOKEN_HEADER = 'X-Pending-Token';
export const pendingTokenInQueryMessage = `Send the pending token in the ${PENDING_TOKEN_HEADER} header, not in the URL`;

/**
 * GET /auth/resendOTP query: `username` (+ `purpose`, default signup) for sign-up and password
 * recovery codes. A two-factor code is resent for the pending token in PENDING_TOKEN_HEADER; a
 * `pendingToken` in the query is refused (400), so that no client keeps putting it in URLs.
 */
export const resendOtpQuery = z.object({
  username: z.string().trim().max(64).optional(),
  purpose: z.enum(OTP_PURPOSES).default('signup'),
  pendingToken: z.never({ error: pendingTokenInQueryMessage }).optional(),
});
export type ResendOtpQuery = Omit<z.infer<typeof resendOtpQuery>, 'pendingToken'>;

/**
 * GET /auth/resendOTP headers: the pending token of a two-factor sign-in, under PENDING_TOKEN_HEADER
 * as Node.js presents it (lower case); the other headers pass untouched.
 */
export const resendOtpHeaders = z.looseObject({
  'x-pending-token': z.string().min(1).max(2048).optional(),
});

/** POST /auth/refreshToken: the refresh token, unless it travels in the HttpOnly cookie. */
export const refreshTokenRequest = z.object({ refreshToken: z.string().max(512).optional() });
export type RefreshTokenRequest = z.infer<typeof refreshTokenRequest>;

export const refreshTokenResponse = z.object({
  message: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
});
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponse>;

/** POST /auth/signup: the code went to the e-mail address; next /emailVerify with this username. */
export const signupResponse = z.object({ message: z.string(), username: z.string() });
export type SignupResponse = z.infer<typeof signupResponse>;

/**
 * GET /auth/altcha: an ALTCHA v2 challenge for the widget's `challengeurl`. The widget's payload
 * (a base64 string) goes into the form's `captcha` field.
 */
export const altchaChallengeResponse = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});

/** POST /auth/profileDetails. `profile` is null until /auth/createProfile. */
export const profileDetails = z.object({
  mailingAddress: z.string(),
  city: z.string(),
  serviceAddress: z.string(),
  state: z.string(),
  zip: z.string(),
  phoneNo: z.string(),
  secondaryPhnNo: z.string(),
});
export const profileDetailsResponse = z.object({
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  profile: profileDetails.nullable(),
  hasImage: z.boolean(),
});
export type ProfileDetailsResponse = z.infer<typeof profileDetailsResponse>;

export * from './profile-image-limits.ts';

/** POST /auth/userProfileImageUpload: the image as base64 or a data: URL (png, jpeg, webp; ≤ 2 MB). */
export const profileImageUploadRequest = z.object({
  image: z
    .string({ error: 'Please choose an image' })
    .min(1, { error: 'Please choose an image' })
    .max(Math.ceil((PROFILE_IMAGE_MAX_BYTES * 4) / 3) + 64, { error: 'The image must be 2 MB or smaller' }),
});
export const profileImageUploadResponse = z.object({
  message: z.string(),
  contentType: z.enum(PROFILE_IMAGE_TYPES),
  size: z.number().int(),
});
