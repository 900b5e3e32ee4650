// /api/admin/languages (issue 14): the portal languages the utility offers and its default, for its
// administrators only (requireAdmin). Stored in tenants.languages, the default first; a change bumps
// tenants.updated_at, so every instance's tenant map and app shell pick it up within a second.
import { errorResponse } from '@gridfront/contracts';
import {
  adminLanguagesRequest,
  adminLanguagesResponse,
  offeredLanguages,
  storedLanguages,
} from '@gridfront/contracts/admin-languages';
import type { Language } from '@gridfront/contracts/constants';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenants } from '../../db/schema/index.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { sendError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { requireAdmin } from './routes.ts';

const security = [{ clientCredential: [], accessToken: [] }];

function answer(row: { languages: string[]; updatedAt: Date }) {
  const offered = offeredLanguages(row.languages);
  return {
    enabled: offered,
    default: offered[0] as Language,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const adminLanguagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/languages',
    {
      schema: {
        tags: ['admin'],
        summary: 'The portal languages the utility offers and its default language',
        security,
        response: { 200: adminLanguagesResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const [row] = await app.db
        .select({ languages: tenants.languages, updatedAt: tenants.updatedAt })
        .from(tenants)
        .where(eq(tenants.id, tenant.id))
        .limit(1);
      return answer(row ?? tenant);
    },
  );

  app.put(
    '/languages',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Sets the offered languages (at least one of en, es, ta, de) and the default, which must be one of them',
        security,
        body: adminLanguagesRequest,
        response: { 200: adminLanguagesResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const languages = storedLanguages(request.body.enabled, request.body.default);
      const [row] = await app.db
        .update(tenants)
        .set({ languages, updatedAt: new Date() })
        .where(eq(tenants.id, tenant.id))
        .returning({ languages: tenants.languages, updatedAt: tenants.updatedAt });
      if (!row) return sendError(reply, 404, 'No utility is configured for this site');
      await recordAudit(app.db, request, {
        tenantId: tenant.id,
        userId: request.user?.userId ?? null,
        action: 'admin.languages.update',
        detail: { before: offeredLanguages(tenant.languages), after: languages },
      });
      app.tenants.invalidate();
      return answer(row);
    },
  );
};
