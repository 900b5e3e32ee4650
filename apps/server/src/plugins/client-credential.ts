// The spec's fixed Basic client credential (point 7). It names the tenant's app, is public (it ships
// in the portal bundle) and grants nothing alone; it must be present on every /api call and belong
// to the tenant resolved from the Host, so one utility's app cannot talk to another's site.
//
// Header scheme (the portal must match it):
//   Authorization: Basic base64(clientId:clientSecret)   on every /api request
//   X-Access-Token: <access JWT>                          when the user is signed in (see auth.ts)
// Both cannot share the Authorization header, so the user's token travels in its own header.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

export const clientCredentialMessages = {
  missing: 'Client credential is missing: send Authorization: Basic base64(clientId:clientSecret)',
  invalid: 'Client credential is invalid for this site',
} as const;

export function parseBasicAuthorization(
  header: string | undefined,
): { clientId: string; secret: string } | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { clientId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** Compares digests so the time taken says nothing about how much of the secret matched. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** onRequest hook for /api; needs request.tenant resolved before it. */
export async function requireClientCredential(request: FastifyRequest, reply: FastifyReply) {
  const credential = parseBasicAuthorization(request.headers.authorization);
  if (!credential) return sendError(reply, 401, clientCredentialMessages.missing);
  const tenant = request.tenant;
  const matches =
    tenant !== null &&
    credential.clientId === tenant.appClientId &&
    sameSecret(credential.secret, tenant.appClientSecret);
  if (!matches) return sendError(reply, 401, clientCredentialMessages.invalid);
}
