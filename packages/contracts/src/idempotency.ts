// The Idempotency-Key of calls that file something (contact messages, service requests, plan
// switches): a retry with the same key answers as before instead of filing twice.
import { z } from 'zod';
import { contactMessages } from './contact-messages.ts';

export * from './idempotency-header.ts';

export const idempotencyKeyField = z
  .string()
  .trim()
  .regex(/^[\w.:-]{8,128}$/, { error: contactMessages.idempotencyKeyFormat });
