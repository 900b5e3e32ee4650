// The base query of every API call: JSON to /api with the client credential and the user's token;
// answers are read as status and data (non-2xx: {statusCode, error, message, fields?, requestId?}).
import {
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { config } from '../../config/env.ts';
import { readAccessToken, readSession } from '../session/session-storage.ts';
import { authHeaders } from './auth-headers.ts';
import { handleUnauthorized } from './session-expiry.ts';

/** Calls whose 401 means "wrong credentials", not "session over": they never end a session. */
const SIGN_IN_PATHS = ['/auth/login', '/auth/tfaVerify', '/auth/refreshToken', '/auth/logout'];

/** Resolved against the page's origin, so the same code runs in the browser and under jsdom. */
function absoluteBase(base: string): string {
  return typeof window === 'undefined' ? base : new URL(base, window.location.origin).href;
}

/**
 * The request itself (base, client credential, token, JSON), without the 401 handling below: for
 * calls whose 401 is not the portal session's (the /net2grid analytics token).
 */
export const rawBaseQuery = fetchBaseQuery({
  baseUrl: absoluteBase(config.apiBase),
  credentials: 'same-origin',
  prepareHeaders: (headers) => {
    for (const [name, value] of Object.entries(authHeaders(readAccessToken()))) headers.set(name, value);
    headers.set('Accept', 'application/json');
    return headers;
  },
});

function pathOf(args: string | FetchArgs): string {
  const url = typeof args === 'string' ? args : args.url;
  return `/${url.replace(/^\/+/, '').split('?')[0] ?? ''}`;
}

export const apiBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status !== 401 || SIGN_IN_PATHS.includes(pathOf(args))) return result;
  // A visitor has no session to end or renew.
  if (!readSession().isLoggedIn) return result;
  const renewed = await handleUnauthorized(api);
  return renewed ? rawBaseQuery(args, api, extraOptions) : result;
};
