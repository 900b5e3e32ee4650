// Issue 14, /admin Content and the brand's images: the zod-free part (document kinds, limits,
// image slots and the server's messages), so the public pages can use them without loading zod.
import { LANGUAGES, type Language } from './constants.ts';

/**
 * The utility's documents, each written per language. Plain text: blank lines part paragraphs and
 * a paragraph that opens with '## ' is a heading. Never read as HTML or Markdown, so nothing the
 * utility writes can become markup on the page.
 */
export const CONTENT_KINDS = [
  'about',
  'services',
  'privacyPolicy',
  'termsOfUse',
  'paymentAgreement',
  'contactHours',
  'contactAddress',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Longest body per kind, in characters. */
export const CONTENT_MAX_LENGTH: Record<ContentKind, number> = {
  about: 8_000,
  services: 8_000,
  privacyPolicy: 40_000,
  termsOfUse: 40_000,
  paymentAgreement: 20_000,
  contactHours: 300,
  contactAddress: 300,
};

export function isContentKind(value: unknown): value is ContentKind {
  return typeof value === 'string' && (CONTENT_KINDS as readonly string[]).includes(value);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The brand's images: the logo beside the name, and the art of the header and the footer. */
export const IMAGE_SLOTS = ['logo', 'header', 'footer'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];

export function isImageSlot(value: unknown): value is ImageSlot {
  return typeof value === 'string' && (IMAGE_SLOTS as readonly string[]).includes(value);
}

/** 512 KiB: a logo or a banner, not a photo album. */
export const IMAGE_MAX_BYTES = 512 * 1024;

/** PNG, JPEG and WebP only, told apart by their first bytes. SVG is refused: it can carry script. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const contentMessages = {
  tooLong: (max: number) => `At most ${max.toLocaleString('en-US')} characters`,
  imageTooLarge: `The image is larger than ${IMAGE_MAX_BYTES / 1024} KiB`,
  imageType: 'Upload a PNG, JPEG or WebP image (SVG is not accepted: it can carry script)',
  imageEmpty: 'The file is empty',
  languageNotEnabled: 'This language is not enabled for the utility',
} as const;

/** Where a brand image is served: its hash in the path, so the URL changes with the image. */
export function brandImagePath(slot: ImageSlot, sha256: string): string {
  return `/api/brand-images/${slot}/${sha256.slice(0, 32)}`;
}

/** GET /api/tenant/content/{kind}?lang=: the document in the language asked, else the default's. */
export interface TenantDocument {
  kind: ContentKind;
  /** The language the body is written in; null when the utility wrote none (built-in text applies). */
  language: Language | null;
  body: string | null;
}

/** GET /api/tenant/images: each image's URL, null when the utility has none (the theme's art applies). */
export type TenantImages = Record<ImageSlot, string | null>;
