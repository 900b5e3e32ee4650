import type { FastifyRequest } from 'fastify';
import type { RequestUser } from '../../plugins/auth.ts';
import { authMessages } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Tenant } from '../../plugins/tenant.ts';

/** The host scope has already refused requests without a tenant; this narrows the type. */
export function tenantOf(request: FastifyRequest): Tenant {
  if (!request.tenant) throw new HttpError(401, 'No utility is configured for this site');
  return request.tenant;
}

/** The signed-in user on routes guarded by app.requireUser. */
export function userOf(request: FastifyRequest): RequestUser {
  if (!request.user) throw new HttpError(401, authMessages.required);
  return request.user;
}
