// The notice types apart from their schemas, so that the portal lists them without loading zod
// (issue 7: /settings' first render).
/** Every notice type, in the order /settings lists them. */
export const NOTICE_TYPES = [
  'bill_ready',
  'due_reminder',
  'past_due',
  'autopay',
  'service_requests',
] as const;
