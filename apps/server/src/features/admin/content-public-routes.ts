// The portal's public reads of the utility's content (issue 14), beside GET /api/tenant and, like
// it, with the client credential only: one document in the visitor's language, falling back to the
// utility's default and content languages; and the brand images' URLs. Nothing here is per user.
import { errorResponse } from '@gridfront/contracts';
import {
  tenantDocumentParams,
  tenantDocumentQuery,
  tenantDocumentResponse,
  tenantImagesResponse,
} from '@gridfront/contracts/admin-content';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantOf } from '../../plugins/tenant.ts';
import { imagesOf, imageUrls, publicDocument } from './content-repository.ts';

const security = [{ clientCredential: [] }];

/** Always asked again (an administrator's change shows at once); the browser revalidates. */
function fresh(reply: FastifyReply) {
  reply.header('cache-control', 'no-cache');
}

export const tenantContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/:kind',
    {
      schema: {
        tags: ['tenant'],
        summary:
          'One of the utility’s documents (plain text, blank lines part paragraphs, "## " opens a heading) in the language asked, else its default or content language, else the utility’s built-in text translated into the language asked (its contact hours, its payment agreement); body null means the portal’s built-in text',
        security,
        params: tenantDocumentParams,
        querystring: tenantDocumentQuery,
        response: { 200: tenantDocumentResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const { lang } = request.query;
      const answer = await publicDocument(app.db, tenantOf(request), kind, lang);
      fresh(reply);
      return answer;
    },
  );

  app.get(
    '/images',
    {
      schema: {
        tags: ['tenant'],
        summary: 'The URLs of the utility’s logo, header and footer images (null: the theme’s art applies)',
        security,
        response: { 200: tenantImagesResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const images = await imagesOf(app.db, tenantOf(request).id);
      fresh(reply);
      return imageUrls(images);
    },
  );
};
