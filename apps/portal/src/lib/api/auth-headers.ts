// The one place that decides which headers carry the client credential and the user's token.
import { basicAuthorization } from '@gridfront/contracts/api-basics';
import { config } from '../../config/env.ts';

/** Header carrying the user's access token next to the Basic client credential (being aligned with the server). */
export const ACCESS_TOKEN_HEADER = 'X-Access-Token';

export function authHeaders(accessToken: string | null | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    Authorization: basicAuthorization(config.clientId, config.clientSecret),
  };
  if (accessToken) headers[ACCESS_TOKEN_HEADER] = accessToken;
  return headers;
}
