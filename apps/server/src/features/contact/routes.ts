// /api/contact: the spec's POST /contact/contactus (Send Message and Book Appointment).
import {
  contactUsRequest,
  contactUsResponse,
  errorResponse,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyField,
} from '@gridfront/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import type { HumanCheck } from '../auth/altcha.ts';
import { submitContact } from './service.ts';

export interface ContactRoutesOptions {
  humanCheck: HumanCheck;
}

/** The header wins over the body's idempotencyKey; either must be well-formed. */
function idempotencyKeyOf(request: FastifyRequest, bodyKey: string | undefined): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined) return bodyKey;
  const parsed = idempotencyKeyField.safeParse(raw);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key');
  return parsed.data;
}

export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, { humanCheck }) => {
  app.post(
    '/contactus',
    {
      schema: {
        tags: ['contact'],
        summary:
          'Send Message or Book Appointment (kind "appointment" with a weekday date and a time between 8:00 and 17:00 in the utility’s time zone, within 60 days); mails a confirmation with a reference number',
        description:
          'Needs the human check in `captcha`. Send an `Idempotency-Key` header (or `idempotencyKey`) so that a retried submission returns the first answer instead of sending the message twice. A valid access token links the message to the signed-in user.',
        security: [{ clientCredential: [] }, { clientCredential: [], accessToken: [] }],
        body: contactUsRequest,
        response: { 200: contactUsResponse, 400: errorResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    (request, reply) =>
      submitContact(
        { app, tenant: tenantOf(request), request, reply, humanCheck },
        request.body,
        idempotencyKeyOf(request, request.body.idempotencyKey),
      ),
  );
};
