// /api/staff: the utility's staff queue (issue 10). Agents and admins list and work service requests
// (todos) and contact messages, and look a customer up by account number (read-only, audited).
// Every change carries the item's `version`; a stale one is refused with 409, so two agents never
// overwrite each other unseen.
import { z } from 'zod';
import { accountSummary, transaction } from './billing.ts';
import {
  STAFF_FACT_KEYS,
  STAFF_ITEM_KINDS,
  STAFF_PAGE_LIMIT_MAX,
  STAFF_STATUSES,
} from './staff-constants.ts';
import { staffMessages } from './staff-messages.ts';

export * from './staff-constants.ts';
export { staffMessages } from './staff-messages.ts';

const isoDate = z.iso.date({ error: 'A date is written YYYY-MM-DD' });
const version = z.number().int().min(0);

/** GET /staff/queue: filters and paging (query string). */
export const staffQueueQuery = z
  .object({
    kind: z.enum(STAFF_ITEM_KINDS).optional(),
    /** 'open' (default): everything not closed; 'closed': the finished; 'all'; or one status. */
    status: z.enum(['open', 'closed', 'all', ...STAFF_STATUSES]).default('open'),
    /** 'me', 'none' (unassigned) or a staff member's id. */
    assignee: z.union([z.enum(['me', 'none']), z.uuid()]).optional(),
    /** A service request's type (start, stop, transfer …); only service requests have one. */
    requestType: z.string().trim().min(1).max(40).optional(),
    /** Part of the reference number, name or e-mail address. */
    q: z.string().trim().min(1).max(100).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    pageLimit: z.coerce.number().int().min(1).max(STAFF_PAGE_LIMIT_MAX).default(25),
    pageOffset: z.coerce.number().int().min(0).default(0),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: staffMessages.badDateRange,
    path: ['from'],
  });
export type StaffQueueQuery = z.input<typeof staffQueueQuery>;

export const staffMember = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  role: z.enum(['agent', 'admin']),
});
export type StaffMember = z.infer<typeof staffMember>;

export const staffQueueItem = z.object({
  kind: z.enum(STAFF_ITEM_KINDS),
  id: z.uuid(),
  referenceNumber: z.string(),
  name: z.string(),
  email: z.string(),
  /** A service request's type, or a contact message's subject. */
  subject: z.string(),
  requestType: z.string().nullable(),
  status: z.enum(STAFF_STATUSES),
  assignee: staffMember.pick({ userId: true, fullName: true }).nullable(),
  version,
  createdAt: z.iso.datetime(),
});
export type StaffQueueItem = z.infer<typeof staffQueueItem>;

export const staffQueuePage = z.object({
  totalCount: z.number().int(),
  pageLimit: z.number().int(),
  pageOffset: z.number().int(),
  items: z.array(staffQueueItem),
});
export type StaffQueuePage = z.infer<typeof staffQueuePage>;

export const staffItemParams = z.object({
  kind: z.enum(STAFF_ITEM_KINDS),
  id: z.uuid({ error: staffMessages.itemNotFound }),
});
export type StaffItemParams = z.infer<typeof staffItemParams>;

export const staffComment = z.object({
  id: z.uuid(),
  author: z.string().nullable(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});

export const staffHistoryEntry = z.object({
  action: z.enum(['status', 'assignment']),
  /** Statuses, or the assignees' names (null: nobody). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  actor: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const staffItemDetail = staffQueueItem.extend({
  phone: z.string(),
  /** The customer's words (contact message) or the service description. */
  message: z.string(),
  /** Service requests: effective date, address and property type; contact: the appointment. */
  facts: z.array(z.object({ key: z.enum(STAFF_FACT_KEYS), value: z.string() })),
  accountNumber: z.string().nullable(),
  language: z.string(),
  comments: z.array(staffComment),
  history: z.array(staffHistoryEntry),
});
export type StaffItemDetail = z.infer<typeof staffItemDetail>;

export const staffAssignRequest = z.object({
  /** null: unassign. */
  assigneeId: z.uuid({ error: staffMessages.notStaff }).nullable(),
  version,
});
export const staffStatusRequest = z.object({ status: z.enum(STAFF_STATUSES), version });
export const staffCommentRequest = z.object({
  body: z.string().trim().min(1, { error: staffMessages.commentRequired }).max(4000),
});

export const staffMembersResponse = z.object({ me: staffMember, members: z.array(staffMember) });
export type StaffMembersResponse = z.infer<typeof staffMembersResponse>;

export const staffCustomerParams = z.object({
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{4,20}$/, { error: staffMessages.accountNotFound }),
});

export const staffCustomerRequest = z.object({
  kind: z.enum(STAFF_ITEM_KINDS),
  id: z.uuid(),
  referenceNumber: z.string(),
  subject: z.string(),
  status: z.enum(STAFF_STATUSES),
  createdAt: z.iso.datetime(),
});

/** GET /staff/customers/:accountNumber: what the customer sees, read-only. */
export const staffCustomerView = z.object({
  accountNumber: z.string(),
  holderName: z.string(),
  /** The portal user the account is linked to; null: the customer has not signed up. */
  portalUser: z.object({ username: z.string(), fullName: z.string(), email: z.string() }).nullable(),
  /** Account Information as the customer sees it (null without a portal user). */
  account: accountSummary.nullable(),
  /** The customer's latest bills, payments and fees, newest first. */
  transactions: z.array(transaction),
  requests: z.array(staffCustomerRequest),
});
export type StaffCustomerView = z.infer<typeof staffCustomerView>;
