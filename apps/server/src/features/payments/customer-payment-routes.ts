// /api/paymentus calls of the signed-in portal (spec point 7): open a hosted payment page for one's
// own account in one step, and ask how a payment went.
import {
  checkoutMessages,
  errorResponse,
  generateCustomerTokenUrlRequest,
  paymentStatusResponse,
  paymentTokenUrlResponse,
  transactionStatusRequest,
} from '@gridfront/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payments } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { payableAccount } from './authorize-payment.ts';
import { checkoutPaymentStatus, paymentStatusOf } from './checkout-service.ts';
import { openHostedPage } from './hosted-session.ts';
import { activeProcessor } from './processor-registry.ts';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse } as const;

export const customerPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/generateCustomerTokenUrl',
    {
      schema: {
        tags: ['payments'],
        summary:
          'The URL of a hosted payment page of the active payment platform for one of the signed-in user’s accounts (single use, 15 minutes)',
        security: [{ clientCredential: [], accessToken: [] }],
        body: generateCustomerTokenUrlRequest,
        response: { 200: paymentTokenUrlResponse, ...errors, 503: errorResponse },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const payable = await payableAccount(app.db, request, request.body.accountId);
      const tenantId = tenantOf(request).id;
      const { processor } = await activeProcessor(app.db, app.paymentProcessors, tenantId);
      const grant = {
        tenantId,
        ...payable,
        amountCents: request.body.amountCents ?? null,
        returnPath: request.body.returnPath ?? '/accountInfo',
      };
      return openHostedPage(processor, grant, request.headers['accept-language']);
    },
  );

  app.post(
    '/getTransactionStatus',
    {
      schema: {
        tags: ['payments'],
        summary:
          'How a payment went: by the hosted page’s token, or by payment id for a payment of the signed-in user’s accounts',
        security: [{ clientCredential: [] }, { clientCredential: [], accessToken: [] }],
        body: transactionStatusRequest,
        response: { 200: paymentStatusResponse, ...errors },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      if ('token' in request.body) return checkoutPaymentStatus(app.db, tenant, request.body.token);
      const [payment] = await app.db
        .select()
        .from(payments)
        .where(eq(payments.id, request.body.paymentId))
        .limit(1);
      // Someone else's payment and no payment look the same.
      if (!payment || payment.tenantId !== tenant.id || !request.user) {
        throw new HttpError(request.user ? 404 : 401, checkoutMessages.paymentNotFound);
      }
      await payableAccount(app.db, request, payment.accountId).catch(() => {
        throw new HttpError(404, checkoutMessages.paymentNotFound);
      });
      return paymentStatusOf(app.db, payment);
    },
  );
};
