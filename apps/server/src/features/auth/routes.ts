// /api/auth: login, logout and the current session. Later issues add sign-up, codes and refresh here.
import {
  AUTH_COOKIES,
  errorResponse,
  loginRequest,
  loginResponse,
  logoutRequest,
  messageResponse,
  sessionUser,
} from '@gridfront/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authMessages } from '../../plugins/auth.ts';
import { HttpError, sendError } from '../../plugins/errors.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import { clearTokenCookies, setTokenCookies } from './cookies.ts';
import { loadSessionUser } from './repository.ts';
import { authResultMessages, login, logout } from './service.ts';

/** Burst guard per address in this instance; the shared per-username/IP limits are in login-throttle.ts. */
export const LOGIN_ROUTE_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

export interface AuthRoutesOptions {
  refreshTokenTtlDays: number;
}

/** The host scope has already refused requests without a tenant; this narrows the type. */
function tenantOf(request: FastifyRequest): Tenant {
  if (!request.tenant) throw new HttpError(401, 'No utility is configured for this site');
  return request.tenant;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  app.post(
    '/login',
    {
      config: { rateLimit: LOGIN_ROUTE_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password',
        security: [{ clientCredential: [] }],
        body: loginRequest,
        response: { 200: loginResponse, 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const result = await login(
        {
          db: app.db,
          tenant: tenantOf(request),
          request,
          accessTokens: app.accessTokens,
          refreshTokenTtlDays: options.refreshTokenTtlDays,
        },
        request.body.username,
        request.body.password,
      );
      if (result.accessToken && result.refreshToken) {
        setTokenCookies(reply, {
          accessToken: result.accessToken,
          accessTtlSeconds: app.accessTokens.ttlSeconds,
          refreshToken: result.refreshToken,
          refreshTtlDays: options.refreshTokenTtlDays,
        });
      }
      return result;
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the refresh token (cookie or body) and clears the token cookies',
        security: [{ clientCredential: [] }],
        body: logoutRequest,
        response: { 200: messageResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const presented = request.body.refreshToken ?? request.cookies[AUTH_COOKIES.refreshToken];
      await logout({ db: app.db, tenant: tenantOf(request), request }, presented);
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
};
