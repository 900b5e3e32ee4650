// GET /api/tenant: the public configuration of the site's utility (branding, contact, legal texts,
// fees, payment platform list). Needs only the client credential; never returns a secret.
import { errorResponse, tenantConfigResponse } from '@gridfront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendError } from '../../plugins/errors.ts';
import { loadTenantConfig } from './repository.ts';

export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tenant',
    {
      schema: {
        tags: ['tenant'],
        summary: "The site's utility: name, theme, features, contact, legal, fees, payment platforms",
        security: [{ clientCredential: [] }],
        response: { 200: tenantConfigResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      if (!request.tenant) return sendError(reply, 404, 'No utility is configured for this site');
      return loadTenantConfig(app.db, request.tenant);
    },
  );
};
