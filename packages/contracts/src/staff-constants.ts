// The staff queue's kinds and statuses without zod, so the portal's pages can use them alone.
export const STAFF_ITEM_KINDS = ['service_request', 'contact_message'] as const;
export type StaffItemKind = (typeof STAFF_ITEM_KINDS)[number];

export const TODO_STATUSES = ['submitted', 'in_progress', 'completed', 'cancelled'] as const;
export const CONTACT_STATUSES = ['open', 'in_progress', 'closed'] as const;
/** Every status either kind can have; which applies depends on the kind. */
export const STAFF_STATUSES = [
  'submitted',
  'open',
  'in_progress',
  'completed',
  'cancelled',
  'closed',
] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
/** Statuses that end the work: such an item leaves the open queue. */
export const CLOSED_STATUSES: readonly StaffStatus[] = ['completed', 'cancelled', 'closed'];

export function statusesOfKind(kind: StaffItemKind): readonly StaffStatus[] {
  return kind === 'service_request' ? TODO_STATUSES : CONTACT_STATUSES;
}

export const STAFF_PAGE_LIMIT_MAX = 100;
export const STAFF_FACT_KEYS = ['effectiveDate', 'serviceAddress', 'propertyType', 'appointmentAt'] as const;
