// Issue 14, /api/admin/content and /api/admin/images: the utility's documents per language, its
// contact channels and the brand's images; and the public reads the portal's pages make.
import { z } from 'zod';
import {
  CONTENT_KINDS,
  CONTENT_MAX_LENGTH,
  type ContentKind,
  contentMessages,
  IMAGE_SLOTS,
  IMAGE_TYPES,
} from './admin-content-basics.ts';
import { LANGUAGES } from './constants.ts';

export * from './admin-content-basics.ts';

export const contentKind = z.enum(CONTENT_KINDS);
export const contentLanguage = z.enum(LANGUAGES);
export const imageSlot = z.enum(IMAGE_SLOTS);

export const contentDocumentParams = z.object({ kind: contentKind, language: contentLanguage });

/** The body's checks for one kind: trimmed, at most its length (empty removes the document). */
export function contentBody(kind: ContentKind) {
  const max = CONTENT_MAX_LENGTH[kind];
  return z.string().trim().max(max, contentMessages.tooLong(max));
}

/** PUT /api/admin/content/{kind}/{language}: an empty body removes it (the built-in text returns). */
export const adminDocumentRequest = z.object({
  body: z.string().max(CONTENT_MAX_LENGTH.privacyPolicy * 2),
});
export type AdminDocumentRequest = z.infer<typeof adminDocumentRequest>;

export const adminDocument = z.object({
  kind: contentKind,
  language: contentLanguage,
  body: z.string(),
  updatedAt: z.string(),
});
export type AdminDocument = z.infer<typeof adminDocument>;

const optionalPhone = z
  .string()
  .trim()
  .max(40, 'At most 40 characters')
  .regex(/^[0-9+()\-.\s]*$/, 'Use digits, spaces and + ( ) - . only');

/** PUT /api/admin/content/channels: the ways to reach the utility, the same in every language. */
export const adminChannelsRequest = z.object({
  phone: optionalPhone,
  outagePhone: optionalPhone,
  email: z.union([z.literal(''), z.email('Enter a valid e-mail address').max(254)]),
});
export type AdminChannelsRequest = z.infer<typeof adminChannelsRequest>;

export const adminImage = z.object({
  slot: imageSlot,
  url: z.string(),
  contentType: z.enum(IMAGE_TYPES),
  byteLength: z.number().int(),
  updatedAt: z.string(),
});
export type AdminImage = z.infer<typeof adminImage>;

/** GET /api/admin/content: everything the Content section and the images form edit. */
export const adminContentResponse = z.object({
  /** The utility's enabled portal languages, its default first. */
  languages: z.array(contentLanguage),
  defaultLanguage: contentLanguage,
  channels: adminChannelsRequest,
  documents: z.array(adminDocument),
  images: z.array(adminImage),
  /**
   * The text a visitor of each language sees where the utility wrote none, from its configuration
   * (hours, address, legal documents, payment agreement): the editor starts from it. `bodyLanguage`
   * is the language it is written in (a translation, else the content language). About Us and
   * Services are absent: their built-in texts are the portal's.
   */
  builtIn: z.array(
    z.object({
      kind: contentKind,
      language: contentLanguage,
      bodyLanguage: contentLanguage,
      body: z.string(),
    }),
  ),
});
export type AdminContentResponse = z.infer<typeof adminContentResponse>;

export const tenantDocumentQuery = z.object({ lang: contentLanguage.optional() });
export const tenantDocumentParams = z.object({ kind: contentKind });
export const tenantDocumentResponse = z.object({
  kind: contentKind,
  language: contentLanguage.nullable(),
  body: z.string().nullable(),
});
export const tenantImagesResponse = z.object({
  logo: z.string().nullable(),
  header: z.string().nullable(),
  footer: z.string().nullable(),
});
export const brandImageParams = z.object({
  slot: imageSlot,
  hash: z.string().regex(/^[0-9a-f]{32}$/),
});
