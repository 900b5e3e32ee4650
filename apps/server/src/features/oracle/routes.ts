// /api/oracle: the billing system's calls. Sign-up's account verification is here; the billing
// calls (transactions, bills, user details) are added by the billing feature.
import { accountVerifyRequest, accountVerifyResponse, errorResponse } from '@gridfront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../plugins/audit.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { accountVerifyMessages, verifyAccountPin } from './account-verify.ts';

export const oracleAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/accountVerify',
    {
      schema: {
        tags: ['oracle'],
        summary: 'Account Number Verification: account number and PIN (sign-up step 1)',
        security: [{ clientCredential: [] }],
        body: accountVerifyRequest,
        response: { 200: accountVerifyResponse, 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const result = await verifyAccountPin(app.db, request, reply, tenant, request.body);
      await recordAudit(app.db, request, {
        tenantId: tenant.id,
        action: 'oracle.account_verify.success',
        detail: { accountLast4: request.body.accountNumber.slice(-4), isLinked: result.isLinked },
      });
      return {
        message: result.isLinked ? accountVerifyMessages.alreadyLinked : accountVerifyMessages.verified,
        verified: true as const,
        isLinked: result.isLinked,
      };
    },
  );
};
