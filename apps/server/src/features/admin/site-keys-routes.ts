// /api/admin/site-keys (issue 8): the payment site keys of the utility's own web site, made, listed
// and revoked by its administrators (requireAdmin: agents, customers and guests get 403; another
// utility's keys are 404). The secret is in the creation's answer only. Every change is audited.
import { errorResponse } from '@gridfront/contracts';
import {
  adminSiteKey,
  adminSiteKeyCreated,
  adminSiteKeyCreateRequest,
  adminSiteKeyParams,
  adminSiteKeysResponse,
} from '@gridfront/contracts/admin-site-keys';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantOf } from '../../plugins/tenant.ts';
import { type AdminActor, createSiteKey, listSiteKeys, revokeSiteKey } from '../payments/site-keys.ts';
import { requireAdmin } from './routes.ts';

const security = [{ clientCredential: [], accessToken: [] }];

function actorOf(request: FastifyRequest): AdminActor {
  return { tenantId: tenantOf(request).id, userId: request.user?.userId ?? null };
}

export const siteKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/site-keys',
    {
      schema: {
        tags: ['admin'],
        summary: 'The payment site keys of the utility’s own web site, newest first, revoked ones included',
        security,
        response: { 200: adminSiteKeysResponse, 403: errorResponse },
      },
    },
    async (request) => ({ keys: await listSiteKeys(app.db, tenantOf(request).id) }),
  );

  app.post(
    '/site-keys',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Makes a payment site key for the utility’s web site to call /pay/auth/generateAuthToken; its secret is in this answer only',
        security,
        body: adminSiteKeyCreateRequest,
        response: { 201: adminSiteKeyCreated, 400: errorResponse, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const created = await createSiteKey(app.db, request, actorOf(request), request.body.name);
      // The secret must not linger in any cache between here and the administrator's browser.
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.post(
    '/site-keys/:keyId/revoke',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revokes a payment site key at once; revoking it again changes nothing',
        security,
        params: adminSiteKeyParams,
        response: { 200: adminSiteKey, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    (request) => revokeSiteKey(app.db, request, actorOf(request), request.params.keyId),
  );
};
