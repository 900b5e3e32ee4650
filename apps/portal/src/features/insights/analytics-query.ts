// How a /net2grid call is made with the analytics token (issue 12). The token is not the portal
// session: a 401 here means the analytics token ended (it lives 15 minutes) or was refused, so the
// token is renewed and the call made once more, and the user stays signed in. Only getToken uses the
// portal session, through the portal's base query, so a real session end is still handled there
// (refresh dialog or sign-out). These calls therefore use the portal's request without its 401
// handling (rawBaseQuery).
import type { BaseQueryApi, FetchBaseQueryError, QueryReturnValue } from '@reduxjs/toolkit/query';
import { rawBaseQuery } from '../../lib/api/base-query.ts';

export interface AnalyticsGrant {
  token: string;
  userId: string;
}

/** Where the calls get their token: the one held now, or a new one from getToken. */
export interface GrantSource {
  held: (api: BaseQueryApi) => AnalyticsGrant | null;
  /** A new token; null when getToken failed (the portal's base query dealt with its 401). */
  renew: (api: BaseQueryApi) => Promise<AnalyticsGrant | null>;
}

export type AnalyticsResult<T> = QueryReturnValue<T, FetchBaseQueryError, undefined>;

/**
 * POSTs `/net2grid/{call}` with `body` plus the token (and, unless `tokenOnly`, the userId), parses
 * the answer, and on a 401 renews the token and tries once more.
 */
export async function analyticsCall<T>(
  api: BaseQueryApi,
  source: GrantSource,
  call: string,
  { userId, ...rest }: { userId: string } & object,
  parse: (raw: unknown) => Promise<T>,
  tokenOnly = false,
): Promise<AnalyticsResult<T>> {
  const send = (grant: AnalyticsGrant) =>
    rawBaseQuery(
      {
        url: `/net2grid/${call}`,
        method: 'POST',
        body: tokenOnly ? { token: grant.token } : { ...rest, token: grant.token, userId },
      },
      api,
      {},
    );
  const held = source.held(api);
  const grant = held?.userId === userId ? held : await source.renew(api);
  if (!grant) return { error: { status: 'CUSTOM_ERROR', error: 'No analytics token' } };
  let result = await send(grant);
  if (result.error?.status === 401) {
    // Another call may have renewed the token meanwhile; otherwise ask for a new one.
    const current = source.held(api);
    const next = current && current.token !== grant.token ? current : await source.renew(api);
    if (next) result = await send(next);
  }
  if (result.error) return { error: result.error };
  try {
    return { data: await parse(result.data) };
  } catch (error) {
    return { error: { status: 'CUSTOM_ERROR', error: String(error), data: result.data } };
  }
}

/** One renewal at a time: calls that fail together share it. */
export function sharedRenewal(renew: GrantSource['renew']): GrantSource['renew'] {
  let pending: Promise<AnalyticsGrant | null> | null = null;
  return (api) => {
    pending ??= renew(api).finally(() => {
      pending = null;
    });
    return pending;
  };
}
