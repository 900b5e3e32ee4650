// The Idempotency-Key of calls that file something (contact messages, service requests, plan
// switches): a retry with the same key answers as before instead of filing twice.
import { z } from 'zod';
import { contactMessages } from './contact-messages.ts';

/** The header that makes a retried submission safe (the body's idempotencyKey does the same). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const idempotencyKeyField = z
  .string()
  .trim()
  .regex(/^[\w.:-]{8,128}$/, { error: contactMessages.idempotencyKeyFormat });
