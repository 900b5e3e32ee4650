// The Idempotency-Key header's name apart from its schema, so that the portal can send it without
// loading zod (issue 7: /todo's and /contactus' first render).
/** The header that makes a retried submission safe (the body's idempotencyKey does the same). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
