// Files a service request inside a transaction: the row with its SR- reference, the customer's
// confirmation and the staff notice through the outbox, and an audit entry. The flow's toDoSubmit
// and other features (the rate comparison's plan switch) file through here.
import { randomUUID } from 'node:crypto';
import type { Language, PropertyType, TODO_REQUEST_TYPES, UtilityType } from '@gridfront/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Tenant } from '../../plugins/tenant.ts';
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
  type ServiceRequestDetails,
  type TodoRow,
} from './repository.ts';

function brandOf(tenant: Tenant): MailBrand {
  return {
    name: tenant.name,
    theme: tenant.defaultTheme,
    phone: tenant.contact.phone,
    email: tenant.contact.email,
  };
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
