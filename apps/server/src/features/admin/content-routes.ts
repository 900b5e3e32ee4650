// /api/admin/content and /api/admin/images (issue 14): the utility's documents in each enabled
// language, its contact channels, and the brand's logo, header and footer images. Administrators of
// the request's own tenant only (requireAdmin); every change is written to the audit log.
import { createHash } from 'node:crypto';
import { errorResponse } from '@gridfront/contracts';
import {
  adminChannelsRequest,
  adminContentResponse,
  adminDocument,
  adminDocumentRequest,
  adminImage,
  brandImagePath,
  CONTENT_KINDS,
  type ContentKind,
  contentBody,
  contentDocumentParams,
  contentMessages,
  IMAGE_MAX_BYTES,
  imageSlot,
} from '@gridfront/contracts/admin-content';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantDocuments, tenantImages, tenants } from '../../db/schema/index.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { HttpError, sendError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import {
  builtInDocument,
  editableLanguages,
  enabledLanguages,
  imagesOf,
  sniffImageType,
} from './content-repository.ts';
import { requireAdmin } from './routes.ts';

const security = [{ clientCredential: [], accessToken: [] }];
const slotParams = z.object({ slot: imageSlot });
/** An upload is the file itself as the body (the browser sends a File as is). */
const IMAGE_BODY_TYPES = [
  'application/octet-stream',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/svg+xml',
  'image/gif',
];

/** Documents that are also the tenant's contact fields (the footer's address and hours). */
const CONTACT_FIELDS: Partial<Record<ContentKind, 'address' | 'hours'>> = {
  contactAddress: 'address',
  contactHours: 'hours',
};

function actorOf(request: FastifyRequest) {
  return request.user?.userId ?? null;
}

export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  app.addContentTypeParser(
    IMAGE_BODY_TYPES,
    { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  app.get(
    '/content',
    {
      schema: {
        tags: ['admin'],
        summary: 'The utility’s documents in each language, its contact channels and its brand images',
        security,
        response: { 200: adminContentResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const [row] = await app.db
        .select({ contact: tenants.contact, legal: tenants.legal })
        .from(tenants)
        .where(eq(tenants.id, tenant.id))
        .limit(1);
      const contact = row?.contact ?? tenant.contact;
      const legal = row?.legal ?? tenant.legal;
      const documents = await app.db
        .select()
        .from(tenantDocuments)
        .where(eq(tenantDocuments.tenantId, tenant.id));
      const languages = editableLanguages(tenant);
      const images = await imagesOf(app.db, tenant.id);
      return {
        languages,
        defaultLanguage: enabledLanguages(tenant)[0] ?? 'en',
        channels: {
          phone: contact.phone ?? '',
          outagePhone: contact.outagePhone ?? '',
          email: contact.email ?? '',
        },
        documents: documents.flatMap((document) => {
          const parsed = adminDocument.safeParse({
            ...document,
            updatedAt: document.updatedAt.toISOString(),
          });
          return parsed.success ? [parsed.data] : [];
        }),
        images: images.map((image) => ({
          slot: image.slot,
          url: brandImagePath(image.slot, image.sha256),
          contentType: image.contentType,
          byteLength: image.byteLength,
          updatedAt: image.updatedAt.toISOString(),
        })),
        builtIn: CONTENT_KINDS.flatMap((kind) =>
          languages.flatMap((language) => {
            const found = builtInDocument({ ...tenant, contact, legal }, kind, language);
            return found ? [{ kind, language, bodyLanguage: found.language, body: found.body }] : [];
          }),
        ),
      };
    },
  );

  app.put(
    '/content/channels',
    {
      schema: {
        tags: ['admin'],
        summary: 'Saves the phone, outage phone and e-mail shown on Contact Us (the same in every language)',
        security,
        body: adminChannelsRequest,
        response: { 200: adminChannelsRequest, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const channels = request.body;
      await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ contact: tenants.contact })
          .from(tenants)
          .where(eq(tenants.id, tenant.id))
          .for('update');
        const contact = { ...(row?.contact ?? tenant.contact), ...channels };
        await tx.update(tenants).set({ contact, updatedAt: new Date() }).where(eq(tenants.id, tenant.id));
        await recordAudit(tx, request, {
          tenantId: tenant.id,
          userId: actorOf(request),
          action: 'admin.content.channels',
          detail: { ...channels },
        });
      });
      // /api/tenant carries the channels: this instance serves them at once, others within the TTL.
      app.tenants.invalidate();
      return channels;
    },
  );

  app.put(
    '/content/:kind/:language',
    {
      schema: {
        tags: ['admin'],
        summary: `Saves one document (${CONTENT_KINDS.join(', ')}) in one enabled language, as plain text (blank lines part paragraphs, '## ' opens a heading); an empty body removes it and the built-in text returns`,
        security,
        params: contentDocumentParams,
        body: adminDocumentRequest,
        response: { 200: adminDocument.nullable(), 400: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const { kind, language } = request.params;
      if (!editableLanguages(tenant).includes(language)) {
        return sendError(reply, 400, contentMessages.languageNotEnabled, {
          fields: { language: contentMessages.languageNotEnabled },
        });
      }
      const checked = contentBody(kind).safeParse(request.body.body);
      if (!checked.success) {
        const message = checked.error.issues[0]?.message ?? 'Invalid text';
        return sendError(reply, 400, message, { fields: { body: message } });
      }
      const body = checked.data;
      const where = and(
        eq(tenantDocuments.tenantId, tenant.id),
        eq(tenantDocuments.kind, kind),
        eq(tenantDocuments.language, language),
      );
      const saved = await app.db.transaction(async (tx) => {
        await recordAudit(tx, request, {
          tenantId: tenant.id,
          userId: actorOf(request),
          action: body ? 'admin.content.update' : 'admin.content.remove',
          detail: { kind, language, length: body.length },
        });
        // The footer and /api/tenant show the address and hours in the utility's content language.
        const contactField = CONTACT_FIELDS[kind];
        if (body && contactField && language === tenant.contentLanguage) {
          const [current] = await tx
            .select({ contact: tenants.contact })
            .from(tenants)
            .where(eq(tenants.id, tenant.id))
            .for('update');
          const contact = { ...(current?.contact ?? tenant.contact), [contactField]: body };
          await tx.update(tenants).set({ contact, updatedAt: new Date() }).where(eq(tenants.id, tenant.id));
        } else {
          // Every saved or removed document moves the tenant's updated_at, the stamp every instance's
          // tenant map checks (plugins/tenant.ts): the app shells, which carry the document in the
          // page's first view (issue 7, plugins/app-shell.ts), are made again on every instance.
          await tx.update(tenants).set({ updatedAt: new Date() }).where(eq(tenants.id, tenant.id));
        }
        if (!body) {
          await tx.delete(tenantDocuments).where(where);
          return null;
        }
        const values = { body, updatedBy: actorOf(request), updatedAt: new Date() };
        const [row] = await tx
          .insert(tenantDocuments)
          .values({ tenantId: tenant.id, kind, language, ...values })
          .onConflictDoUpdate({
            target: [tenantDocuments.tenantId, tenantDocuments.kind, tenantDocuments.language],
            set: values,
          })
          .returning();
        return row ?? null;
      });
      app.tenants.invalidate();
      return saved && { kind, language, body: saved.body, updatedAt: saved.updatedAt.toISOString() };
    },
  );

  app.put(
    '/images/:slot',
    {
      bodyLimit: IMAGE_MAX_BYTES,
      // A declared length over the limit is refused before the body is read, with a clear message.
      onRequest: async (request) => {
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > IMAGE_MAX_BYTES) throw new HttpError(413, contentMessages.imageTooLarge);
      },
      schema: {
        tags: ['admin'],
        summary: `Uploads the logo, header or footer image: the file as the body (PNG, JPEG or WebP by its first bytes, at most ${IMAGE_MAX_BYTES / 1024} KiB; SVG is refused)`,
        security,
        params: slotParams,
        response: {
          200: adminImage,
          400: errorResponse,
          403: errorResponse,
          413: errorResponse,
          415: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const { slot } = request.params;
      const bytes = Buffer.isBuffer(request.body) ? request.body : null;
      if (!bytes || bytes.length === 0) return sendError(reply, 400, contentMessages.imageEmpty);
      if (bytes.length > IMAGE_MAX_BYTES) return sendError(reply, 413, contentMessages.imageTooLarge);
      const contentType = sniffImageType(bytes);
      if (!contentType) return sendError(reply, 415, contentMessages.imageType);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const values = { contentType, sha256, byteLength: bytes.length, bytes, updatedAt: new Date() };
      const row = await app.db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(tenantImages)
          .values({ tenantId: tenant.id, slot, ...values })
          .onConflictDoUpdate({ target: [tenantImages.tenantId, tenantImages.slot], set: values })
          .returning({ updatedAt: tenantImages.updatedAt });
        await recordAudit(tx, request, {
          tenantId: tenant.id,
          userId: actorOf(request),
          action: 'admin.image.upload',
          detail: { slot, contentType, byteLength: bytes.length, sha256 },
        });
        return saved;
      });
      return {
        slot,
        url: brandImagePath(slot, sha256),
        contentType,
        byteLength: bytes.length,
        updatedAt: (row?.updatedAt ?? new Date()).toISOString(),
      };
    },
  );

  app.delete(
    '/images/:slot',
    {
      schema: {
        tags: ['admin'],
        summary: 'Removes the logo, header or footer image: the theme’s own art returns',
        security,
        params: slotParams,
        response: { 204: z.null(), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const { slot } = request.params;
      const removed = await app.db.transaction(async (tx) => {
        const rows = await tx
          .delete(tenantImages)
          .where(and(eq(tenantImages.tenantId, tenant.id), eq(tenantImages.slot, slot)))
          .returning({ slot: tenantImages.slot });
        if (rows.length > 0) {
          await recordAudit(tx, request, {
            tenantId: tenant.id,
            userId: actorOf(request),
            action: 'admin.image.remove',
            detail: { slot },
          });
        }
        return rows.length > 0;
      });
      if (!removed) return sendError(reply, 404, 'There is no such image');
      return reply.code(204).send(null);
    },
  );
};
