// /api/paymentus: the payment platform list and its update (spec point 7).
import { errorResponse, paymentPlatformList, updatePaymentPlatformRequest } from '@gridfront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../plugins/audit.ts';
import { userOf } from '../../plugins/auth.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { activatePlatform, listPlatforms } from './platform-service.ts';

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getPaymentPlatform',
    {
      schema: {
        tags: ['paymentus'],
        summary: 'The payment platform list: the first entry with isEnable true is the active one',
        security: [{ clientCredential: [] }],
        response: { 200: paymentPlatformList, 401: errorResponse },
      },
    },
    (request) => listPlatforms(app.db, tenantOf(request).id),
  );

  app.post(
    '/updatePaymentPlatform',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['paymentus'],
        summary:
          'Makes a platform the active one (administrators only; only platforms with a configured adapter); answers the new list',
        security: [{ clientCredential: [], accessToken: [] }],
        body: updatePaymentPlatformRequest,
        response: {
          200: paymentPlatformList,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const user = userOf(request);
      const list = await activatePlatform(
        app.db,
        tenant.id,
        user.userId,
        request.body.platformKey,
        app.paymentProcessors.keys,
      );
      await recordAudit(app.db, request, {
        tenantId: tenant.id,
        userId: user.userId,
        action: 'paymentus.platform_updated',
        detail: { platformKey: request.body.platformKey },
      });
      return list;
    },
  );
};
