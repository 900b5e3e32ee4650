// The token cookies set at sign-in. The refresh token is HttpOnly and only sent to /api/auth, so
// page scripts cannot read it; the access token cookie follows the spec's cookie defaults
// (path /, readable by the portal, secure, same-site strict) for clients that keep it there.
import { AUTH_COOKIES, COOKIE_DEFAULTS } from '@gridfront/contracts';
import type { FastifyReply } from 'fastify';

export const REFRESH_COOKIE_PATH = '/api/auth';

export function setTokenCookies(
  reply: FastifyReply,
  tokens: { accessToken: string; accessTtlSeconds: number; refreshToken: string; refreshTtlDays: number },
) {
  reply.setCookie(AUTH_COOKIES.accessToken, tokens.accessToken, {
    ...COOKIE_DEFAULTS,
    maxAge: tokens.accessTtlSeconds,
  });
  reply.setCookie(AUTH_COOKIES.refreshToken, tokens.refreshToken, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    maxAge: tokens.refreshTtlDays * 86_400,
  });
}

export function clearTokenCookies(reply: FastifyReply) {
  reply.clearCookie(AUTH_COOKIES.accessToken, { ...COOKIE_DEFAULTS });
  reply.clearCookie(AUTH_COOKIES.refreshToken, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
  });
}
