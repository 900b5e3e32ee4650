// Issue 14, /admin Content and the brand's images: the utility's own texts per document and
// language, and its logo, header and footer images. Both belong to one tenant each.
import { customType, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './tenants.ts';

/** bytea as a Uint8Array on both drivers (node-postgres gives a Buffer, which is one). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * One document (About Us, Services, privacy policy, terms of use, Electronic Payment Agreement,
 * contact hours, office address) in one language. Plain text: blank lines part paragraphs and a
 * paragraph opening with '## ' is a heading; it is never read as HTML.
 */
export const tenantDocuments = pgTable(
  'tenant_documents',
  {
    tenantId: tenantIdColumn(),
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    body: text('body').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind, t.language] })],
);

/** The brand's images (logo, header, footer): PNG, JPEG or WebP, checked by their magic bytes. */
export const tenantImages = pgTable(
  'tenant_images',
  {
    tenantId: tenantIdColumn(),
    slot: text('slot').notNull(),
    contentType: text('content_type').notNull(),
    /** sha-256 of the bytes, hex: the served URL carries it, so a new image is a new URL. */
    sha256: text('sha256').notNull(),
    byteLength: integer('byte_length').notNull(),
    bytes: bytea('bytes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.slot] })],
);
