// GET /api/brand-images/{slot}/{hash}: a utility's logo, header or footer image, beside the API host
// without its client credential (an <img> cannot send one). The host decides the utility, so one
// utility's images are never served on another's site; the hash in the path must be the current
// image's, so the answer can be cached for a year.
import { brandImageParams } from '@gridfront/contracts/admin-content';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantImages } from '../../db/schema/index.ts';
import { sendError } from '../../plugins/errors.ts';
import { resolveRequestTenant, tenantOf } from '../../plugins/tenant.ts';

export const brandImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', resolveRequestTenant);

  app.get(
    '/:slot/:hash',
    {
      schema: {
        tags: ['tenant'],
        summary:
          'A brand image of the site’s utility, by its content hash (cached for a year; a new image has a new URL)',
        params: brandImageParams,
      },
    },
    async (request, reply) => {
      const { slot, hash } = request.params;
      const [image] = await app.db
        .select({
          contentType: tenantImages.contentType,
          sha256: tenantImages.sha256,
          bytes: tenantImages.bytes,
        })
        .from(tenantImages)
        .where(and(eq(tenantImages.tenantId, tenantOf(request).id), eq(tenantImages.slot, slot)))
        .limit(1);
      if (!image?.sha256.startsWith(hash)) return sendError(reply, 404, 'There is no such image');
      return reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(Buffer.from(image.bytes));
    },
  );
};
