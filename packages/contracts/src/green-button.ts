// Green Button (NAESB ESPI) "Download My Data" and file uploads (issue 9), under /api/usage/greenButton.
// Uploads belong to the signed-in user (a file may come from a previous home or another utility);
// the usage calls show one on the charts through their `uploadId`.
import { z } from 'zod';
import { UTILITY_TYPES } from './constants.ts';

const isoDate = z.iso.date({ error: 'A date is written YYYY-MM-DD' });

/** Largest upload accepted, in bytes; the portal checks it before sending. */
export const GREEN_BUTTON_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Uploads kept per user: delete one to add another. */
export const GREEN_BUTTON_MAX_UPLOADS = 20;
/** Longest download in days: a year of 15-minute reads is ~35,000 intervals (~4.7 MB of XML per direction). */
export const GREEN_BUTTON_MAX_DAYS = 366;
export const GREEN_BUTTON_FORMATS = ['xml', 'csv'] as const;
export type GreenButtonFormat = (typeof GREEN_BUTTON_FORMATS)[number];

export const greenButtonMessages = {
  accountNotFound: 'Account not found',
  range: 'The start date must not be after the end date',
  tooLong: `Choose at most ${GREEN_BUTTON_MAX_DAYS} days`,
  noService: 'This account has no such service',
  noReads: 'This service has no meter readings to download',
  tooLarge: `The file is larger than ${GREEN_BUTTON_MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
  tooMany: `You can keep ${GREEN_BUTTON_MAX_UPLOADS} uploads; delete one to add another`,
  notFound: 'Upload not found',
  contentType: 'Send the file as application/xml',
} as const;

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}

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
  .refine((body) => body.from > body.toDate || daysBetween(body.from, body.toDate) <= GREEN_BUTTON_MAX_DAYS, {
    message: greenButtonMessages.tooLong,
    path: ['toDate'],
  });
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
