// Service requests (the spec's To-Do): checked by toDoVerify, filed by toDoSubmit in one
// transaction with the customer's confirmation and the staff notice (through the outbox) and an
// audit entry. A retried submission with the same idempotency key gets the first answer again.
import { randomUUID } from 'node:crypto';
import {
  effectiveDateProblem,
  type Language,
  type PropertyType,
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
  zonedToday,
} from '@gridfront/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import { requestLanguage } from '../../lib/accept-language.ts';
import { enforceRateLimits, type RateLimitRule } from '../../lib/rate-limiter.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import type { HumanCheck } from '../auth/altcha.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { MailBrand } from '../mail/templates/render.ts';
import {
  renderServiceRequestConfirmation,
  renderServiceRequestNotification,
  type ServiceRequestMailContent,
} from '../mail/templates/service-request-mail.ts';
import { premiseKey } from './premise-key.ts';
import {
  findByIdempotencyKey,
  findUser,
  insertTodo,
  isServedZip,
  type KnownPremise,
  listForUser,
  lockPremise,
  openRequestsFor,
  type ServiceRequestDetails,
  type TodoRow,
  userAccountIds,
  userPremises,
} from './repository.ts';

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

function brandOf(tenant: Tenant): MailBrand {
  return {
    name: tenant.name,
    theme: tenant.defaultTheme,
    phone: tenant.contact.phone,
    email: tenant.contact.email,
  };
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

interface Checked {
  key: string;
  /** The customer's premise the request is about (stop, transfer; a start at a known one). */
  premise: KnownPremise | null;
  accountId: string | null;
}

/**
 * The rules of a request that need the database: the date, the territory, who may stop what,
 * a stop not before the start, no open request for the same premise and date. Runs before the
 * transaction (toDoVerify) and again inside it, after the premise's lock (toDoSubmit).
 */
async function checkRequest(
  db: Database | Transaction,
  tenant: Tenant,
  userId: string | null,
  input: ToDoVerifyRequest,
): Promise<Checked> {
  const dateProblem = effectiveDateProblem(input.effectiveDate, zonedToday(new Date(), tenant.timeZone));
  if (dateProblem) throw new HttpError(400, dateProblem);
  const key = premiseKey(input.serviceAddress, input.serviceZip);
  const known = userId ? await userPremises(db, tenant.id, userId) : [];
  const premise = known.find((candidate) => candidate.key === key) ?? null;

  if (input.requestType === 'start') {
    if (!premise && !(await isServedZip(db, tenant.id, input.serviceZip)))
      throw new HttpError(400, texts.notServed);
  } else {
    if (!userId) throw new HttpError(401, texts.signInToStop);
    if (!premise) throw new HttpError(400, texts.notYourPremise);
    if (premise.serviceStart && input.effectiveDate < premise.serviceStart) {
      throw new HttpError(400, texts.stopBeforeStart);
    }
    if (input.requestType === 'transfer' && !(await isServedZip(db, tenant.id, input.newServiceZip))) {
      throw new HttpError(400, texts.newAddressNotServed);
    }
  }

  const open = await openRequestsFor(db, tenant.id, key);
  if (open.some((row) => row.effectiveDate === input.effectiveDate)) throw new HttpError(409, texts.conflict);
  if (
    input.requestType !== 'start' &&
    open.some((row) => row.requestType === 'start' && row.effectiveDate > input.effectiveDate)
  ) {
    throw new HttpError(400, texts.stopBeforeStart);
  }

  const accountId =
    premise?.accountId ?? (userId ? ((await userAccountIds(db, tenant.id, userId))[0] ?? null) : null);
  return { key, premise, accountId };
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

/** What createServiceRequest files: the flow's fields, or another feature's (a plan switch). */
export interface NewServiceRequest {
  requestType: (typeof TODO_REQUEST_TYPES)[number];
  userId: string | null;
  accountId: string | null;
  accountHolderName: string;
  email: string;
  phone?: string;
  effectiveDate: string;
  serviceAddress: string;
  serviceZip: string;
  propertyType: PropertyType;
  services?: UtilityType[];
  serviceDescription?: string;
  agreementAccepted: boolean;
  /** Stored with the request (a plan switch's tariff: { tariffCode, tariffName, … }). */
  details?: Record<string, unknown>;
  /** A retry with the same key files nothing new; one is drawn when none is given. */
  idempotencyKey?: string;
  /** The customer's language, for the confirmation. */
  language: Language;
  /** A line for staff in the notice (e.g. "Switch to E-TOU"). */
  note?: string;
}

/**
 * Files a service request inside the caller's transaction: the row with its SR- reference, the
 * customer's confirmation and the staff notice in the outbox, and an audit entry. Returns null
 * when a request with the same idempotency key exists (read it with findServiceRequestByKey).
 * The caller wakes the mailer (app.mail.wake()) after committing.
 */
export async function createServiceRequest(
  tx: Transaction,
  request: FastifyRequest,
  tenant: Tenant,
  input: NewServiceRequest,
): Promise<TodoRow | null> {
  const key = premiseKey(input.serviceAddress, input.serviceZip);
  const services = input.services ?? [];
  const details: ServiceRequestDetails = {
    ...input.details,
    premiseKey: key,
    serviceZip: input.serviceZip,
    services,
    language: input.language,
  };
  const row = await insertTodo(tx, {
    tenantId: tenant.id,
    idempotencyKey: input.idempotencyKey ?? randomUUID(),
    userId: input.userId,
    accountId: input.accountId,
    requestType: input.requestType,
    accountHolderName: input.accountHolderName,
    email: input.email,
    phone: input.phone ?? '',
    effectiveDate: input.effectiveDate,
    serviceAddress: input.serviceAddress,
    propertyType: input.propertyType,
    serviceDescription: input.serviceDescription ?? '',
    agreementAccepted: input.agreementAccepted,
    details,
  });
  if (!row) return null;
  const content: ServiceRequestMailContent = {
    referenceNumber: row.referenceNumber,
    requestType: row.requestType,
    accountHolderName: row.accountHolderName,
    email: row.email,
    phone: row.phone,
    effectiveDate: row.effectiveDate,
    serviceAddress: row.serviceAddress,
    serviceZip: input.serviceZip,
    propertyType: row.propertyType,
    services,
    serviceDescription: row.serviceDescription,
    ...(typeof details.newServiceAddress === 'string'
      ? { newServiceAddress: details.newServiceAddress, newServiceZip: String(details.newServiceZip ?? '') }
      : {}),
    ...(input.note ? { note: input.note } : {}),
  };
  const brand = brandOf(tenant);
  await enqueueMail(tx, {
    tenantId: tenant.id,
    to: row.email,
    purpose: 'service-request-confirmation',
    ...renderServiceRequestConfirmation(input.language, brand, content),
  });
  const username = input.userId ? ((await findUser(tx, tenant.id, input.userId))?.username ?? null) : null;
  await enqueueMail(tx, {
    tenantId: tenant.id,
    to: tenant.contact.email,
    purpose: 'service-request-notice',
    ...renderServiceRequestNotification(brand, content, { language: input.language, username }),
  });
  await recordAudit(tx, request, {
    tenantId: tenant.id,
    userId: input.userId,
    action: `service_request.${input.requestType}`,
    detail: {
      referenceNumber: row.referenceNumber,
      effectiveDate: row.effectiveDate,
      language: input.language,
    },
  });
  return row;
}

/** The request filed under an idempotency key in a tenant, if any. */
export function findServiceRequestByKey(
  db: Database | Transaction,
  tenantId: string,
  idempotencyKey: string,
) {
  return findByIdempotencyKey(db, tenantId, idempotencyKey);
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
