// Green Button's limits and messages, apart from the schemas so that the portal can check a file and
// word a refusal without loading zod.
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
