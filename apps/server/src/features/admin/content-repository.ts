// The utility's documents and brand images (issue 14): the queries the admin routes, the public
// reads and the Electronic Payment Agreement share. Every query is bound to one tenant's id.
import {
  brandImagePath,
  type ContentKind,
  IMAGE_SLOTS,
  IMAGE_TYPES,
  type ImageSlot,
  type ImageType,
  isLanguage,
  type TenantImages,
} from '@gridfront/contracts/admin-content-basics';
import type { Language } from '@gridfront/contracts/constants';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tenantDocuments, tenantImages } from '../../db/schema/index.ts';
import type { Tenant } from '../../plugins/tenant.ts';

/** The utility's enabled languages, its default first; its content language when none is valid. */
export function enabledLanguages(tenant: Tenant): Language[] {
  const listed = tenant.languages.filter(isLanguage);
  const content = isLanguage(tenant.contentLanguage) ? tenant.contentLanguage : 'en';
  return listed.length > 0 ? [...new Set(listed)] : [content];
}

/** Languages an administrator may write in: the enabled ones and the utility's content language. */
export function editableLanguages(tenant: Tenant): Language[] {
  const content = isLanguage(tenant.contentLanguage) ? [tenant.contentLanguage] : [];
  return [...new Set([...enabledLanguages(tenant), ...content])];
}

/**
 * The order a visitor's document is looked for in: their language, the utility's default language,
 * then its content language. None found means the portal's built-in text.
 */
export function fallbackOrder(tenant: Tenant, wanted: Language | undefined): Language[] {
  const order: Language[] = [];
  if (wanted) order.push(wanted);
  const [first] = enabledLanguages(tenant);
  if (first) order.push(first);
  if (isLanguage(tenant.contentLanguage)) order.push(tenant.contentLanguage);
  return [...new Set(order)];
}

export async function documentFor(
  db: Database,
  tenant: Tenant,
  kind: ContentKind,
  wanted: Language | undefined,
): Promise<{ language: Language; body: string } | null> {
  const order = fallbackOrder(tenant, wanted);
  const rows = await db
    .select({ language: tenantDocuments.language, body: tenantDocuments.body })
    .from(tenantDocuments)
    .where(
      and(
        eq(tenantDocuments.tenantId, tenant.id),
        eq(tenantDocuments.kind, kind),
        inArray(tenantDocuments.language, order),
      ),
    );
  for (const language of order) {
    const row = rows.find((candidate) => candidate.language === language);
    if (row) return { language, body: row.body };
  }
  return null;
}

/** GET /api/tenant/content/{kind}'s answer: body null means the portal's built-in text. */
export interface PublicDocument {
  kind: ContentKind;
  language: Language | null;
  body: string | null;
}

/**
 * What a visitor asking in `lang` is given of one document (GET /api/tenant/content/{kind}, and the
 * app shell's first view of the page showing it, issue 7): the written document in the fallback
 * order; else the configuration's own translation in that language; else null (the built-in text).
 */
export async function publicDocument(
  db: Database,
  tenant: Tenant,
  kind: ContentKind,
  lang: Language | undefined,
): Promise<PublicDocument> {
  const found = await documentFor(db, tenant, kind, lang);
  if (found) return { kind, language: found.language, body: found.body };
  const builtIn = lang ? builtInDocument(tenant, kind, lang) : null;
  const translated = builtIn && builtIn.language === lang && lang !== tenant.contentLanguage;
  return translated ? { kind, ...builtIn } : { kind, language: null, body: null };
}

/**
 * The text a visitor in `wanted` sees where the utility wrote no document of this kind: what the
 * utility's configuration holds (contact hours and address, the legal documents, the Electronic
 * Payment Agreement), in `wanted` when it has a translation, else in its content language. Null for
 * About Us and Services, whose built-in texts are the portal's own, and for an empty field.
 */
export function builtInDocument(
  tenant: Pick<Tenant, 'contact' | 'legal' | 'contentLanguage'>,
  kind: ContentKind,
  wanted: Language,
): { language: Language; body: string } | null {
  const content: Language = isLanguage(tenant.contentLanguage) ? tenant.contentLanguage : 'en';
  const pick = (
    translations: Partial<Record<Language, string>> | undefined,
    fallback: string | undefined,
  ) => {
    const translated = translations?.[wanted]?.trim();
    if (translated) return { language: wanted, body: translated };
    const own = fallback?.trim();
    return own ? { language: content, body: own } : null;
  };
  switch (kind) {
    case 'contactHours':
      return pick(tenant.contact.hoursTranslations, tenant.contact.hours);
    case 'contactAddress':
      return pick(undefined, tenant.contact.address);
    case 'privacyPolicy':
      return pick(undefined, tenant.legal.privacyPolicy);
    case 'termsOfUse':
      return pick(undefined, tenant.legal.termsOfUse);
    case 'paymentAgreement':
      return pick(
        tenant.legal.electronicPaymentAgreementTranslations,
        tenant.legal.electronicPaymentAgreement,
      );
    default:
      return null;
  }
}

export function isImageType(value: string): value is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(value);
}

/** The image's type from its first bytes (PNG, JPEG, WebP); null for anything else, SVG included. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export interface StoredImage {
  slot: ImageSlot;
  contentType: ImageType;
  sha256: string;
  byteLength: number;
  updatedAt: Date;
}

export async function imagesOf(db: Database, tenantId: string): Promise<StoredImage[]> {
  const rows = await db
    .select({
      slot: tenantImages.slot,
      contentType: tenantImages.contentType,
      sha256: tenantImages.sha256,
      byteLength: tenantImages.byteLength,
      updatedAt: tenantImages.updatedAt,
    })
    .from(tenantImages)
    .where(eq(tenantImages.tenantId, tenantId));
  return rows.flatMap((row) =>
    (IMAGE_SLOTS as readonly string[]).includes(row.slot) && isImageType(row.contentType)
      ? [{ ...row, slot: row.slot as ImageSlot, contentType: row.contentType }]
      : [],
  );
}

export function imageUrls(images: StoredImage[]): TenantImages {
  const urls: TenantImages = { logo: null, header: null, footer: null };
  for (const image of images) urls[image.slot] = brandImagePath(image.slot, image.sha256);
  return urls;
}
