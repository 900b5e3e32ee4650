// Service requests (the spec's To-Do): checked by toDoVerify, filed by toDoSubmit in one
// transaction with the customer's confirmation and the staff notice (through the outbox) and an
// audit entry. A retried submission with the same idempotency key gets the first answer again.
import {
  type Language,
  type ServiceRequestSummary,
  TODO_REQUEST_TYPES,
  type ToDoListResponse,
  type ToDoSubmitRequest,
  type ToDoSubmitResponse,
  type ToDoVerifyRequest,
  type ToDoVerifyResponse,
  serviceRequestMessages as texts,
  UTILITY_TYPES,
  type UtilityType,
} from '@gridfront/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { requestLanguage } from '../../lib/accept-language.ts';
import { enforceRateLimits, type RateLimitRule } from '../../lib/rate-limiter.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import type { HumanCheck } from '../auth/altcha.ts';
import { createServiceRequest } from './create-request.ts';
import { premiseKey } from './premise-key.ts';
import {
  findByIdempotencyKey,
  listForUser,
  lockPremise,
  type ServiceRequestDetails,
  type TodoRow,
} from './repository.ts';
import { checkRequest } from './request-rules.ts';

// Other features file requests through these (the rate comparison's plan switch).
export { createServiceRequest, findServiceRequestByKey, type NewServiceRequest } from './create-request.ts';

/** A person files a few requests at most; a script hits these long before it bothers staff. */
export const SERVICE_REQUEST_RATE_LIMITS = {
  verifyPerAddress: { name: 'todo-verify-ip', limit: 60, windowSeconds: 3600 },
  perAddress: { name: 'todo-submit-ip', limit: 10, windowSeconds: 3600 },
  perEmail: { name: 'todo-submit-email', limit: 5, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimitRule>;

export interface ServiceRequestContext {
  app: FastifyInstance;
  tenant: Tenant;
  request: FastifyRequest;
  reply: FastifyReply;
  humanCheck: HumanCheck;
}

function detailsOf(row: TodoRow): ServiceRequestDetails {
  return row.details as ServiceRequestDetails;
}

function servicesOf(row: TodoRow): UtilityType[] {
  const list = detailsOf(row).services;
  return Array.isArray(list)
    ? list.filter((s): s is UtilityType => (UTILITY_TYPES as readonly string[]).includes(s))
    : [];
}

function requestTypeOf(row: TodoRow): (typeof TODO_REQUEST_TYPES)[number] {
  return (TODO_REQUEST_TYPES as readonly string[]).includes(row.requestType)
    ? (row.requestType as (typeof TODO_REQUEST_TYPES)[number])
    : 'start';
}

export function summaryOf(row: TodoRow): ServiceRequestSummary {
  return {
    referenceNumber: row.referenceNumber,
    requestType: requestTypeOf(row),
    status: row.status,
    effectiveDate: row.effectiveDate,
    serviceAddress: row.serviceAddress,
    propertyType: row.propertyType,
    services: servicesOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function answerOf(row: TodoRow): ToDoSubmitResponse {
  return {
    message: texts.submitted,
    referenceNumber: row.referenceNumber,
    requestType: requestTypeOf(row),
    status: row.status,
    effectiveDate: row.effectiveDate,
  };
}

/** POST /oracle/toDoVerify: the request could be filed as it stands; nothing is stored. */
export async function verifyServiceRequest(
  context: Omit<ServiceRequestContext, 'humanCheck'>,
  input: ToDoVerifyRequest,
): Promise<ToDoVerifyResponse> {
  const { app, tenant, request, reply } = context;
  await enforceRateLimits(
    app.db,
    tenant.id,
    [{ rule: SERVICE_REQUEST_RATE_LIMITS.verifyPerAddress, subject: request.ip }],
    reply,
  );
  await checkRequest(app.db, tenant, request.user?.userId ?? null, input);
  return { message: texts.verified, serviceable: true };
}

/** The stored answer for a retry; a different request under the same key is refused. */
function replay(context: ServiceRequestContext, row: TodoRow, input: ToDoSubmitRequest): ToDoSubmitResponse {
  const same =
    row.requestType === input.requestType &&
    row.email.toLowerCase() === input.email.toLowerCase() &&
    row.effectiveDate === input.effectiveDate &&
    premiseKey(row.serviceAddress, String(detailsOf(row).serviceZip ?? '')) ===
      premiseKey(input.serviceAddress, input.serviceZip);
  if (!same) throw new HttpError(409, 'This Idempotency-Key was already used for a different request');
  context.reply.header('idempotent-replayed', 'true');
  return answerOf(row);
}

/** POST /oracle/toDoSubmit. */
export async function submitServiceRequest(
  context: ServiceRequestContext,
  input: ToDoSubmitRequest,
  idempotencyKey: string | undefined,
): Promise<ToDoSubmitResponse> {
  const { app, tenant, request, reply, humanCheck } = context;
  const db = app.db;
  const userId = request.user?.userId ?? null;

  if (idempotencyKey) {
    const earlier = await findByIdempotencyKey(db, tenant.id, idempotencyKey);
    if (earlier) return replay(context, earlier, input);
  }
  // The cheap refusals first, so a bad date or address never spends a human check.
  await checkRequest(db, tenant, userId, input);
  await enforceRateLimits(
    db,
    tenant.id,
    [{ rule: SERVICE_REQUEST_RATE_LIMITS.perAddress, subject: request.ip }],
    reply,
  );
  if (!userId) {
    try {
      await humanCheck.verify(db, input.captcha || undefined);
    } catch (error) {
      const earlier = idempotencyKey ? await findByIdempotencyKey(db, tenant.id, idempotencyKey) : null;
      if (earlier) return replay(context, earlier, input);
      throw error;
    }
  }
  await enforceRateLimits(
    db,
    tenant.id,
    [{ rule: SERVICE_REQUEST_RATE_LIMITS.perEmail, subject: input.email }],
    reply,
  );

  const language = requestLanguage(input.language, request.headers['accept-language']);
  const row = await db.transaction(async (tx) => {
    const key = premiseKey(input.serviceAddress, input.serviceZip);
    await lockPremise(tx, tenant.id, key);
    // Again under the lock: a request for the same premise and date may have committed meanwhile.
    if (idempotencyKey && (await findByIdempotencyKey(tx, tenant.id, idempotencyKey))) return null;
    const checked = await checkRequest(tx, tenant, userId, input);
    return createServiceRequest(tx, request, tenant, {
      requestType: input.requestType,
      userId,
      accountId: checked.accountId,
      accountHolderName: input.accountHolderName,
      email: input.email,
      phone: input.phoneNo,
      effectiveDate: input.effectiveDate,
      serviceAddress: input.serviceAddress,
      serviceZip: input.serviceZip,
      propertyType: input.propertyType,
      services: input.services,
      serviceDescription: input.serviceDescription,
      agreementAccepted: input.agreementAccepted,
      details:
        input.requestType === 'transfer'
          ? { newServiceAddress: input.newServiceAddress, newServiceZip: input.newServiceZip }
          : {},
      ...(idempotencyKey ? { idempotencyKey } : {}),
      language,
    });
  });
  if (!row) {
    const earlier = idempotencyKey ? await findByIdempotencyKey(db, tenant.id, idempotencyKey) : null;
    if (!earlier) throw new Error('the service request vanished after an idempotency conflict');
    return replay(context, earlier, input);
  }
  app.mail.wake();
  return answerOf(row);
}

/** GET /oracle/toDoList: the signed-in customer's requests. */
export async function listServiceRequests(
  db: Database,
  tenant: Tenant,
  userId: string,
): Promise<ToDoListResponse> {
  const rows = await listForUser(db, tenant.id, userId);
  return { requests: rows.map(summaryOf) };
}

/** The agreement in the reader's language when the utility wrote one, else in its own language. */
export function agreementFor(tenant: Tenant, language: Language | undefined) {
  const translated = language ? tenant.legal.electronicPaymentAgreementTranslations?.[language] : undefined;
  if (translated) return { text: translated, lang: language as string };
  return { text: tenant.legal.electronicPaymentAgreement, lang: tenant.contentLanguage };
}
