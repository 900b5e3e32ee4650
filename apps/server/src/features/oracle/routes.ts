// /api/oracle: the billing system's calls. Sign-up's account verification and the account-number
// recovery are here; the billing calls (transactions, bills, user details) are added by the
// billing feature.
import {
  accountVerifyRequest,
  accountVerifyResponse,
  errorResponse,
  forgotAccountNoRequest,
  messageResponse,
} from '@gridfront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../plugins/audit.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import type { HumanCheck } from '../auth/altcha.ts';
import { forgotAccountNumber } from '../auth/recovery-service.ts';
import { accountVerifyMessages, verifyAccountPin } from './account-verify.ts';

export interface OracleRoutesOptions {
  humanCheck: HumanCheck;
}

export const oracleAccountRoutes: FastifyPluginAsyncZod<OracleRoutesOptions> = async (app, options) => {
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

  app.post(
    '/forgotAccountNo',
    {
      schema: {
        tags: ['oracle'],
        summary:
          'Forgot Account Number (the spec’s oracle path; same as POST /auth/forgotAccountNumber): mails the account number(s) on file for an e-mail address after the human check; the same answer whether or not one exists',
        security: [{ clientCredential: [] }],
        body: forgotAccountNoRequest,
        response: { 200: messageResponse, 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    (request, reply) =>
      forgotAccountNumber(
        { app, tenant: tenantOf(request), request, reply },
        options.humanCheck,
        request.body,
      ),
  );
};
