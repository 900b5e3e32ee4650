// The spec's service request (To-Do): POST /oracle/toDoVerify checks a request before it is sent,
// POST /oracle/toDoSubmit files it, GET /oracle/toDoList lists the signed-in customer's requests.
// The flow has three steps (Personal Information, Service Details, Electronic Payment Agreement);
// each step's schema is a part of the request's, so the form and the server say the same words.
import { z } from 'zod';
import { LANGUAGES, PROPERTY_TYPES, UTILITY_TYPES } from './constants.ts';
import { optionalPhoneField, zipField } from './fields.ts';
import { idempotencyKeyField } from './idempotency.ts';
import { messages } from './messages.ts';
import {
  isCalendarDate,
  SERVICE_REQUEST_TYPES,
  type ServiceRequestType,
  TODO_REQUEST_TYPES,
  TODO_STATUSES,
} from './service-requests-basics.ts';
import { serviceRequestMessages } from './service-requests-messages.ts';

export * from './service-requests-basics.ts';
export { serviceRequestMessages } from './service-requests-messages.ts';

const contactRequired = messages.serviceRequestContactRequired;
const premiseRequired = messages.serviceRequestPremiseRequired;
const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

/** Step 1, Personal Information. */
export const personalInformationStep = z.object({
  requestType: z.enum(SERVICE_REQUEST_TYPES).default('start'),
  accountHolderName: requiredText(contactRequired).max(120),
  // An empty date has its 'required' message only.
  effectiveDate: requiredText(contactRequired).refine((value) => value === '' || isCalendarDate(value), {
    error: serviceRequestMessages.effectiveDateFormat,
  }),
  email: requiredText(contactRequired)
    .max(254)
    .pipe(z.email({ error: messages.validEmail })),
  phoneNo: optionalPhoneField,
});

const serviceDetailsFields = z.object({
  serviceAddress: requiredText(premiseRequired).max(200),
  serviceZip: zipField,
  propertyType: z.enum(PROPERTY_TYPES, { error: premiseRequired }),
  services: z
    .array(z.enum(UTILITY_TYPES), { error: serviceRequestMessages.servicesRequired })
    .min(1, { error: serviceRequestMessages.servicesRequired })
    .max(UTILITY_TYPES.length),
  serviceDescription: z.string().trim().max(2000).optional().default(''),
  /** Transfer only: where the service moves to. */
  newServiceAddress: z.string().trim().max(200).optional().default(''),
  newServiceZip: z.string().trim().max(5).optional().default(''),
});

/** A transfer needs the new address and a well-formed ZIP code for it. */
function checkTransfer(
  value: { requestType?: ServiceRequestType; newServiceAddress: string; newServiceZip: string },
  ctx: z.RefinementCtx,
): void {
  if (value.requestType !== 'transfer') return;
  if (!value.newServiceAddress) {
    ctx.addIssue({
      code: 'custom',
      path: ['newServiceAddress'],
      message: serviceRequestMessages.newAddressRequired,
    });
  }
  if (!value.newServiceZip) {
    ctx.addIssue({
      code: 'custom',
      path: ['newServiceZip'],
      message: serviceRequestMessages.newAddressRequired,
    });
  } else if (!/^\d{5}$/.test(value.newServiceZip)) {
    ctx.addIssue({ code: 'custom', path: ['newServiceZip'], message: messages.zipFormat });
  }
}

/** Step 2, Service Details (the request type comes from step 1, for the transfer rule). */
export const serviceDetailsStep = serviceDetailsFields
  .extend({ requestType: z.enum(SERVICE_REQUEST_TYPES).optional() })
  .superRefine(checkTransfer);

/** Step 3, Electronic Payment Agreement: the checkbox, and the human check for guests. */
export const agreementStep = z.object({
  agreementAccepted: z.literal(true, { error: serviceRequestMessages.agreementRequired }),
  /** Required of guests (the server decides); a signed-in customer sends none. */
  captcha: z.string().max(10_000).optional().default(''),
});

const requestFields = personalInformationStep.extend(serviceDetailsFields.shape);

/** POST /oracle/toDoVerify: the first two steps' data; nothing is stored. */
export const toDoVerifyRequest = requestFields.superRefine(checkTransfer);
export type ToDoVerifyRequest = z.output<typeof toDoVerifyRequest>;

/** POST /oracle/toDoSubmit: all three steps. */
export const toDoSubmitRequest = requestFields
  .extend(agreementStep.shape)
  .extend({
    /** The portal's language, for the confirmation e-mail (else Accept-Language decides). */
    language: z.enum(LANGUAGES).optional(),
    /** Same role as the Idempotency-Key header, for clients that cannot set headers. */
    idempotencyKey: idempotencyKeyField.optional(),
  })
  .superRefine(checkTransfer);
export type ToDoSubmitRequest = z.output<typeof toDoSubmitRequest>;
export type ToDoSubmitInput = z.input<typeof toDoSubmitRequest>;

export const toDoVerifyResponse = z.object({
  message: z.string(),
  /** The address is in the utility's territory. */
  serviceable: z.literal(true),
});
export type ToDoVerifyResponse = z.infer<typeof toDoVerifyResponse>;

export const toDoSubmitResponse = z.object({
  message: z.string(),
  /** "SR-7KQ4ZD9M": what the customer quotes; also in the confirmation e-mail. */
  referenceNumber: z.string(),
  requestType: z.enum(TODO_REQUEST_TYPES),
  status: z.enum(TODO_STATUSES),
  effectiveDate: z.string(),
});
export type ToDoSubmitResponse = z.infer<typeof toDoSubmitResponse>;

export const serviceRequestSummary = z.object({
  referenceNumber: z.string(),
  requestType: z.enum(TODO_REQUEST_TYPES),
  status: z.enum(TODO_STATUSES),
  effectiveDate: z.string(),
  serviceAddress: z.string(),
  propertyType: z.enum(PROPERTY_TYPES),
  services: z.array(z.enum(UTILITY_TYPES)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceRequestSummary = z.infer<typeof serviceRequestSummary>;

/** GET /oracle/toDoList: the signed-in customer's requests, newest first. */
export const toDoListResponse = z.object({ requests: z.array(serviceRequestSummary) });
export type ToDoListResponse = z.infer<typeof toDoListResponse>;

/** GET /oracle/toDoAgreement: the utility's Electronic Payment Agreement in the reader's language when it has one. */
export const toDoAgreementQuery = z.object({ lang: z.enum(LANGUAGES).optional() });
export const toDoAgreementResponse = z.object({
  text: z.string(),
  /** The language the text is written in (BCP 47), for its lang attribute. */
  lang: z.string(),
});
export type ToDoAgreementResponse = z.infer<typeof toDoAgreementResponse>;
