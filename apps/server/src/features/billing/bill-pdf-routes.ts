// GET /api/oracle/billPdf/:transactionId: the bill of a transaction as a PDF, for its owner only.
import { billPdfParams, billPdfQuery, errorResponse, LANGUAGES, type Language } from '@gridfront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { findUserById } from '../auth/repository.ts';
import { billPdf } from './bill-pdf-service.ts';

function isLanguage(value: string | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

export const billPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/billPdf/:transactionId',
    {
      schema: {
        tags: ['oracle'],
        summary:
          'The bill of a bill transaction as a PDF (application/pdf), in the user’s language or ?lang; 404 “No PDF found for this transaction.” for any other id',
        security: [{ clientCredential: [], accessToken: [] }],
        params: billPdfParams,
        querystring: billPdfQuery,
        response: { 401: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      let language = request.query.lang;
      if (!language) {
        const user = await findUserById(app.db, tenantOf(request).id, userOf(request).userId);
        language = isLanguage(user?.locale) ? user.locale : 'en';
      }
      // Quick Pay on the host the customer used, so a tenant's own domain stays its own.
      const origin = `${request.protocol}://${request.host}`;
      const { pdf, billNumber } = await billPdf(
        app.db,
        request,
        request.params.transactionId,
        language,
        (account) => new URL(`/paybill?account=${encodeURIComponent(account)}`, origin).href,
      );
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="bill-${billNumber.replace(/[^\w.-]/g, '')}.pdf"`)
          .header('cache-control', 'private, no-store')
          // A binary body: the response schemas describe the JSON errors only.
          .send(pdf as never)
      );
    },
  );
};
