// /api/auth: sign-in, sessions and codes here; sign-up and recovery in account-routes.ts; the
// profile in profile-routes.ts.
import {
  AUTH_COOKIES,
  altchaChallengeResponse,
  emailOtpVerifyRequest,
  errorResponse,
  loginRequest,
  loginResponse,
  logoutRequest,
  messageResponse,
  refreshTokenRequest,
  refreshTokenResponse,
  resendOtpHeaders,
  resendOtpQuery,
  sessionResponse,
  sessionUser,
  tfaVerifyRequest,
} from '@gridfront/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authMessages } from '../../plugins/auth.ts';
import { sendError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { accountRoutes } from './account-routes.ts';
import type { HumanCheck } from './altcha.ts';
import { resendCode, verifyEmailCode, verifyTfaCode } from './code-service.ts';
import { clearTokenCookies } from './cookies.ts';
import { profileRoutes } from './profile-routes.ts';
import { loadSessionUser } from './repository.ts';
import { authResultMessages, login, logout } from './service.ts';
import { rotateSession, type SessionContext } from './session.ts';

/** Burst guard per address in this instance; the shared limits are in rate-limiter.ts and login-throttle.ts. */
export const LOGIN_ROUTE_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

export interface AuthRoutesOptions {
  refreshTokenTtlDays: number;
  humanCheck: HumanCheck;
}

// 403: the account was disabled by the utility's administrator (issue 14).
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse } as const;

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const context = (request: FastifyRequest, reply: FastifyReply): SessionContext => ({
    app,
    tenant: tenantOf(request),
    request,
    reply,
    refreshTokenTtlDays: options.refreshTokenTtlDays,
  });

  app.post(
    '/login',
    {
      config: { rateLimit: LOGIN_ROUTE_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password (may answer tfaRequired or emailVerificationRequired)',
        security: [{ clientCredential: [] }],
        body: loginRequest,
        response: { 200: loginResponse, ...errors },
      },
    },
    (request, reply) => login(context(request, reply), request.body.username, request.body.password),
  );

  app.post(
    '/tfaVerify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second factor: the mailed code and the pendingToken of the login answer → a session',
        security: [{ clientCredential: [] }],
        body: tfaVerifyRequest,
        response: { 200: sessionResponse, ...errors },
      },
    },
    (request, reply) => verifyTfaCode(context(request, reply), request.body.pendingToken, request.body.code),
  );

  app.post(
    '/emailOTPVerify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-up code (verifies the e-mail), or with pendingToken the two-factor code → a session',
        security: [{ clientCredential: [] }],
        body: emailOtpVerifyRequest,
        response: { 200: sessionResponse, ...errors },
      },
    },
    (request, reply) => verifyEmailCode(context(request, reply), request.body),
  );

  app.get(
    '/resendOTP',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sends a fresh code (the previous one dies); the answer never says whether the user exists. A two-factor code: the pending token in X-Pending-Token (refused in the query)',
        security: [{ clientCredential: [] }],
        querystring: resendOtpQuery,
        headers: resendOtpHeaders,
        response: { 200: messageResponse, ...errors },
      },
    },
    (request, reply) =>
      resendCode(context(request, reply), request.query, request.headers['x-pending-token']),
  );

  app.post(
    '/refreshToken',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotates the refresh token (body or HttpOnly cookie); a reused one revokes its whole family',
        security: [{ clientCredential: [] }],
        body: refreshTokenRequest,
        response: { 200: refreshTokenResponse, ...errors },
      },
    },
    (request, reply) =>
      rotateSession(
        context(request, reply),
        request.body.refreshToken ?? request.cookies[AUTH_COOKIES.refreshToken],
      ),
  );

  app.get(
    '/altcha',
    {
      schema: {
        tags: ['auth'],
        summary: 'An ALTCHA challenge for the human check (the widget’s challengeurl)',
        security: [{ clientCredential: [] }],
        response: { 200: altchaChallengeResponse, 401: errorResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return options.humanCheck.challenge();
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign out: revokes the session (refresh cookie or body, and the access token’s) and clears cookies',
        security: [{ clientCredential: [] }],
        body: logoutRequest,
        response: { 200: messageResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const presented = request.body.refreshToken ?? request.cookies[AUTH_COOKIES.refreshToken];
      await logout(context(request, reply), presented);
      clearTokenCookies(reply);
      return { message: authResultMessages.loggedOut };
    },
  );

  app.get(
    '/session',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user and their flags',
        security: [{ clientCredential: [], accessToken: [] }],
        response: { 200: sessionUser, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const user = request.user
        ? await loadSessionUser(app.db, tenantOf(request).id, request.user.userId)
        : null;
      if (!user) return sendError(reply, 401, authMessages.required);
      return user;
    },
  );

  await app.register(accountRoutes, {
    refreshTokenTtlDays: options.refreshTokenTtlDays,
    humanCheck: options.humanCheck,
  });
  await app.register(profileRoutes);
};
