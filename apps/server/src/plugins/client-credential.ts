// The spec's fixed Basic client credential (point 7). It names the tenant's app, is public (it ships
// in the portal bundle) and grants nothing alone; it must be present on every /api call and belong
// to the tenant resolved from the Host, so one utility's app cannot talk to another's site.
//
// Header scheme (the portal must match it):
//   Authorization: Basic base64(clientId:clientSecret)   on every /api request
//   X-Access-Token: <access JWT>                          when the user is signed in (see auth.ts)
// Both cannot share the Authorization header, so the user's token travels in its own header.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { sendError } from './errors.ts';
import type { Tenant } from './tenant.ts';

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

/**
 * The Authorization header last accepted for each tenant row. Every call of a tenant's app sends the
 * same header, so it is parsed and its secret hashed once; the row object is replaced when the
 * tenant directory reloads (tenant.ts), so a changed credential takes effect with it and the old
 * header is forgotten with the old row. The comparison of the whole header is not constant-time,
 * which tells a prober nothing: the credential is public (it ships in the portal bundle), and any
 * other header still goes through the constant-time check below.
 */
const acceptedHeaders = new WeakMap<Tenant, string>();

/** onRequest hook for /api; needs request.tenant resolved before it. A callback hook: it never waits. */
export function requireClientCredential(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const header = request.headers.authorization;
  const tenant = request.tenant;
  if (tenant !== null && header !== undefined && acceptedHeaders.get(tenant) === header) {
    done();
    return;
  }
  const credential = parseBasicAuthorization(header);
  if (!credential) {
    sendError(reply, 401, clientCredentialMessages.missing);
    return;
  }
  const matches =
    tenant !== null &&
    credential.clientId === tenant.appClientId &&
    sameSecret(credential.secret, tenant.appClientSecret);
  if (!matches) {
    sendError(reply, 401, clientCredentialMessages.invalid);
    return;
  }
  if (header !== undefined) acceptedHeaders.set(tenant, header);
  done();
}
