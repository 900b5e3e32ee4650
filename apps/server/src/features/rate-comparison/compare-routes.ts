// /api/gridx (spec point 7, the rate comparison side area). Signed-in users only; each result is its
// owner's: another user's id answers 404 exactly like an id that does not exist.
import {
  compareCalculateRequest,
  compareResult,
  compareResultParams,
  errorResponse,
  switchPlanRequest,
  switchPlanResponse,
} from '@gridfront/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { requireSideArea } from '../../plugins/side-area.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import type { Owner } from '../billing/repository.ts';
import { calculateComparison, savedComparison } from './compare-service.ts';
import { switchPlan } from './switch-plan.ts';

const signedIn = [{ clientCredential: [], accessToken: [] }];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse } as const;

/** Pricing 12 bills under every plan is real work: a person compares a few times, a script many. */
export const COMPARE_RATE_LIMIT = { max: 20, timeWindow: 60_000 } as const;

function ownerOf(request: FastifyRequest): Owner {
  return { tenantId: tenantOf(request).id, userId: userOf(request).userId };
}

export const rateComparisonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSideArea('rateComparison'));
  app.addHook('preHandler', app.requireUser);

  app.post(
    '/compareCalculate',
    {
      config: { rateLimit: COMPARE_RATE_LIMIT },
      schema: {
        tags: ['gridx'],
        summary:
          'Price the last 12 months of one of the user’s accounts under every plan the utility offers it, ' +
          'with optional what-ifs (EV, rooftop solar, battery, shifted load); saved under the returned id',
        description:
          'Months without meter data are filled from similar homes of the utility, or from a Green Button ' +
          'upload of the user’s (`uploadId`), and listed in `estimatedMonths`. A retry with the same ' +
          '`idempotencyKey` answers the result saved the first time.',
        security: signedIn,
        body: compareCalculateRequest,
        response: { 200: compareResult, ...errors },
      },
    },
    (request, reply) =>
      calculateComparison(
        { db: app.db, owner: ownerOf(request), timeZone: tenantOf(request).timeZone, reply },
        request.body,
      ),
  );

  app.get(
    '/compareResult/:id',
    {
      schema: {
        tags: ['gridx'],
        summary: 'A comparison the user saved, as it was priced',
        security: signedIn,
        params: compareResultParams,
        response: { 200: compareResult, ...errors },
      },
    },
    (request) => savedComparison(app.db, ownerOf(request), request.params.id),
  );
  app.post(
    '/switchPlan',
    {
      config: { rateLimit: COMPARE_RATE_LIMIT },
      schema: {
        tags: ['gridx'],
        summary:
          'Switch to a plan of a saved comparison: files a service request (type plan_switch) for the utility’s staff, ' +
          'effective with the next billing cycle; one open switch request per account',
        security: signedIn,
        body: switchPlanRequest,
        response: { 200: switchPlanResponse, ...errors },
      },
    },
    (request, reply) => switchPlan(app, request, reply, request.body),
  );
};
