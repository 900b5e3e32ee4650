// /api/paymentus AutoPay calls of the signed-in customer: enroll (or change) and cancel.
import {
  autopayCancelRequest,
  autopayEnrollRequest,
  autopayResponse,
  errorResponse,
} from '@gridfront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localDate } from '../../domain/calendar/local-day.ts';
import { enforceRateLimits, RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { userOf } from '../../plugins/auth.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { autopayRulesOf } from '../admin/settings-rules.ts';
import { cancelAutopay, enrollAutopay } from './autopay-service.ts';

const signedIn = [{ clientCredential: [], accessToken: [] }];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 429: errorResponse } as const;

export const autopayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.post(
    '/autopayEnroll',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Sets up AutoPay for one of the user’s accounts, or changes it: method (card or bank, kept by the processor), maximum withdrawal, start and end dates',
        security: signedIn,
        body: autopayEnrollRequest,
        response: { 200: autopayResponse, ...errors },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const owner = { tenantId: tenant.id, userId: userOf(request).userId };
      // A card is checked here: the same card-testing limit as the payment page.
      await enforceRateLimits(
        app.db,
        tenant.id,
        [{ rule: RATE_LIMITS.paymentSubmitIp, subject: request.ip }],
        reply,
      );
      const result = await enrollAutopay(
        {
          db: app.db,
          processor: app.paymentProcessor,
          owner,
          today: localDate(tenant.timeZone),
          rules: autopayRulesOf(tenant),
        },
        request.body,
      );
      await recordAudit(app.db, request, {
        tenantId: tenant.id,
        userId: owner.userId,
        action: 'autopay.enroll',
        detail: { source: result.autopay.autopaySource },
      });
      return result;
    },
  );

  app.post(
    '/autopayCancel',
    {
      schema: {
        tags: ['payments'],
        summary: 'Cancels AutoPay of one of the user’s accounts; its saved card or bank account is forgotten',
        security: signedIn,
        body: autopayCancelRequest,
        response: { 200: autopayResponse, ...errors },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const owner = { tenantId: tenant.id, userId: userOf(request).userId };
      const result = await cancelAutopay(
        { db: app.db, processor: app.paymentProcessor, owner },
        request.body.accountId,
      );
      await recordAudit(app.db, request, {
        tenantId: tenant.id,
        userId: owner.userId,
        action: 'autopay.cancel',
      });
      return result;
    },
  );
};
