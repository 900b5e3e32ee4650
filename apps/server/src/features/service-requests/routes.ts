// /api/oracle: the spec's service request calls (toDoVerify, toDoSubmit), the customer's list of
// requests and the utility's Electronic Payment Agreement for the flow's last step.
import {
  errorResponse,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyField,
  toDoAgreementQuery,
  toDoAgreementResponse,
  toDoListResponse,
  toDoSubmitRequest,
  toDoSubmitResponse,
  toDoVerifyRequest,
  toDoVerifyResponse,
} from '@gridfront/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { documentFor } from '../admin/content-repository.ts';
import type { HumanCheck } from '../auth/altcha.ts';
import { agreementFor, listServiceRequests, submitServiceRequest, verifyServiceRequest } from './service.ts';

export interface ServiceRequestRoutesOptions {
  humanCheck: HumanCheck;
}

const guestOrSignedIn: { [scheme: string]: string[] }[] = [
  { clientCredential: [] },
  { clientCredential: [], accessToken: [] },
];

/** The header wins over the body's idempotencyKey; either must be well-formed. */
function idempotencyKeyOf(request: FastifyRequest, bodyKey: string | undefined): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined) return bodyKey;
  const parsed = idempotencyKeyField.safeParse(raw);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key');
  return parsed.data;
}

export const serviceRequestRoutes: FastifyPluginAsyncZod<ServiceRequestRoutesOptions> = async (
  app,
  { humanCheck },
) => {
  app.post(
    '/toDoVerify',
    {
      schema: {
        tags: ['oracle'],
        summary:
          'Service request check (steps 1–2 of Start / Stop Service): the effective date is from today to 90 days ahead in the utility’s time zone, a start is inside the service territory (a ZIP code where the utility serves premises), a stop or transfer names a premise of the signed-in customer and is not dated before its service starts, and no open request exists for the same premise and date (409). Stores nothing.',
        security: guestOrSignedIn,
        body: toDoVerifyRequest,
        response: {
          200: toDoVerifyResponse,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    (request, reply) =>
      verifyServiceRequest({ app, tenant: tenantOf(request), request, reply }, request.body),
  );

  app.post(
    '/toDoSubmit',
    {
      schema: {
        tags: ['oracle'],
        summary:
          'Add to-do: files a start, stop or transfer request (the toDoVerify rules again, under a lock of the premise) with an SR- reference number, and mails the customer a confirmation in their language and the utility a notice',
        description:
          'Guests may file a start request with the human check in `captcha`; stop and transfer need a signed-in customer and link the request to their account. Send an `Idempotency-Key` header (or `idempotencyKey`) so that a retried submission returns the first answer instead of filing twice.',
        security: guestOrSignedIn,
        body: toDoSubmitRequest,
        response: {
          200: toDoSubmitResponse,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    (request, reply) =>
      submitServiceRequest(
        { app, tenant: tenantOf(request), request, reply, humanCheck },
        request.body,
        idempotencyKeyOf(request, request.body.idempotencyKey),
      ),
  );

  app.get(
    '/toDoList',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['oracle'],
        summary:
          'The signed-in customer’s service requests with their status, newest first: those they filed and those about their linked accounts',
        security: [{ clientCredential: [], accessToken: [] }],
        response: { 200: toDoListResponse, 401: errorResponse },
      },
    },
    (request) => listServiceRequests(app.db, tenantOf(request), userOf(request).userId),
  );

  app.get(
    '/toDoAgreement',
    {
      schema: {
        tags: ['oracle'],
        summary:
          'The utility’s Electronic Payment Agreement for the last step, in the language asked for when the utility has it, else in its own language (`lang` says which)',
        security: [{ clientCredential: [] }],
        querystring: toDoAgreementQuery,
        response: { 200: toDoAgreementResponse },
      },
    },
    async (request) => {
      // The agreement written in /admin Content wins (issue 14); else the one set at onboarding.
      const tenant = tenantOf(request);
      const written = await documentFor(app.db, tenant, 'paymentAgreement', request.query.lang);
      return written
        ? { text: written.body, lang: written.language }
        : agreementFor(tenant, request.query.lang);
    },
  );
};
