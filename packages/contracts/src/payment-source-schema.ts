// A payment source in the API's answers as data, in no language: method, brand ('bank' for a bank
// account) and the last four digits (payment-sources.ts). The portal words it in the reader's language.
import { z } from 'zod';
import { SOURCE_BRANDS } from './payment-sources.ts';

export const paymentSourceSchema = z.object({
  method: z.enum(['card', 'ach']),
  brand: z.enum(SOURCE_BRANDS),
  last4: z.string().regex(/^\d{4}$/),
});
