// The analytics token of /net2grid: an HS256 JWT with its own key (derived from the signing secret),
// type and audience, so it is never mistaken for an access or widget token. It names the tenant,
// the user, the account and the electric interval meter it was issued for, and lives 15 minutes.
import { INSIGHTS_TOKEN_TTL_SECONDS } from '@gridfront/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const TYPE = 'n2g+jwt';
const AUDIENCE = 'gridfront-net2grid';
const ISSUER = 'gridfront';

export interface InsightsGrant {
  tenantId: string;
  userId: string;
  accountId: string;
  meterId: string;
}

export function insightsTokens(key: Uint8Array, ttlSeconds = INSIGHTS_TOKEN_TTL_SECONDS) {
  return {
    ttlSeconds,
    sign: (grant: InsightsGrant) =>
      new SignJWT({ tid: grant.tenantId, acc: grant.accountId, mtr: grant.meterId })
        .setProtectedHeader({ alg: 'HS256', typ: TYPE })
        .setSubject(grant.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token: string): Promise<InsightsGrant | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: TYPE,
        });
        const { tid, acc, mtr, sub } = payload;
        if (
          typeof tid !== 'string' ||
          typeof acc !== 'string' ||
          typeof mtr !== 'string' ||
          typeof sub !== 'string'
        )
          return null;
        return { tenantId: tid, userId: sub, accountId: acc, meterId: mtr };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type InsightsTokens = ReturnType<typeof insightsTokens>;
