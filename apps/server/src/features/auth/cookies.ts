// The token cookies set at sign-in. The refresh token is HttpOnly and only sent to /api/auth (which
// covers /api/auth/refreshToken and /api/auth/logout), so page scripts cannot read it: it is the
// only place the portal keeps it. The portal's own `refreshToken` cookie (path /) holds a marker,
// never the token; browsers list the longer path first, and the cookie parser keeps the first
// value of a name, so this cookie is the one read. The access token cookie follows the spec's
// cookie defaults (path /, readable by the portal, secure, same-site strict).
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
