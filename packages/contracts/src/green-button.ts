// Green Button (NAESB ESPI) "Download My Data" and file uploads (issue 9), under /api/usage/greenButton.
// Uploads belong to the signed-in user (a file may come from a previous home or another utility);
// the usage calls show one on the charts through their `uploadId`.
import { z } from 'zod';
import { UTILITY_TYPES } from './constants.ts';
import { daysBetweenInclusive } from './day-count.ts';
import { GREEN_BUTTON_FORMATS, GREEN_BUTTON_MAX_DAYS, greenButtonMessages } from './green-button-limits.ts';

export * from './green-button-limits.ts';

const isoDate = z.iso.date({ error: 'A date is written YYYY-MM-DD' });

/** POST /usage/greenButton/export: one service of one of the user's accounts, local dates inclusive. */
export const greenButtonExportRequest = z
  .object({
    accountId: z.uuid({ error: 'Account not found' }),
    utilityType: z.enum(UTILITY_TYPES, { error: 'Unknown service' }),
    from: isoDate,
    toDate: isoDate,
    format: z.enum(GREEN_BUTTON_FORMATS, { error: 'The format is xml or csv' }),
  })
  .refine((body) => body.from <= body.toDate, { message: greenButtonMessages.range, path: ['from'] })
  .refine(
    (body) =>
      body.from > body.toDate || daysBetweenInclusive(body.from, body.toDate) <= GREEN_BUTTON_MAX_DAYS,
    {
      message: greenButtonMessages.tooLong,
      path: ['toDate'],
    },
  );
export type GreenButtonExportRequest = z.infer<typeof greenButtonExportRequest>;

/** An upload as listed and as answered right after the file was read. */
export const greenButtonUpload = z.object({
  uploadId: z.uuid(),
  name: z.string(),
  utilityType: z.enum(UTILITY_TYPES),
  /** Wh for electricity; otherwise the file's unit (therm, ft3, m3, gal …). */
  unit: z.string(),
  /** Local dates of the first and last reading (the file's own time zone when it has one). */
  from: isoDate,
  to: isoDate,
  readings: z.number().int(),
  /** Shown to the user: what was read anyway or left out (e.g. the file is not schema-valid). */
  warnings: z.array(z.string()),
  createdAt: z.iso.datetime(),
});
export type GreenButtonUpload = z.infer<typeof greenButtonUpload>;

export const greenButtonUploadsResponse = z.object({ uploads: z.array(greenButtonUpload) });
export type GreenButtonUploadsResponse = z.infer<typeof greenButtonUploadsResponse>;

export const greenButtonUploadParams = z.object({ id: z.uuid({ error: greenButtonMessages.notFound }) });
/** The upload's file name travels in the query string: the body is the raw XML. */
export const greenButtonUploadQuery = z.object({ name: z.string().trim().max(200).optional() });

export const greenButtonDeleteResponse = z.object({ deleted: z.literal(true) });
