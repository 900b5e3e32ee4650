// /api/admin: the tenant administrators' route group of issue 14. Every route is for the signed-in
// user's own tenant and the admin role only: agents, customers and guests are answered 403 before
// anything is read or validated. Every change is written to the audit log.

import { errorResponse } from '@gridfront/contracts';
import {
  adminAuditQuery,
  adminAuditResponse,
  adminBrandRequest,
  adminBrandResponse,
  adminContrastError,
  brandContrastFailures,
  contrastFailureMessage,
} from '@gridfront/contracts/admin-brand';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLog, tenants, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { sendError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';

export const ADMIN_ONLY = 'Only the utility’s administrators can do this';

const security = [{ clientCredential: [], accessToken: [] }];

/** onRequest of every admin route: the user must be an admin of this very tenant. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = request.user;
  const tenant = tenantOf(request);
  if (!user || user.tenantId !== tenant.id) return sendError(reply, 403, ADMIN_ONLY);
  const [row] = await request.server.db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.tenantId, tenant.id), eq(users.id, user.userId)))
    .limit(1);
  if (row?.role !== 'admin') return sendError(reply, 403, ADMIN_ONLY);
}

export interface AdminRoutesOptions {
  /** The portal's public address, for the set-password link of an invitation. */
  publicUrl: string;
}

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/brand',
    {
      schema: {
        tags: ['admin'],
        summary: 'The utility’s name, starting theme and colour overrides',
        security,
        response: { 200: adminBrandResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const [row] = await app.db.select().from(tenants).where(eq(tenants.id, tenant.id)).limit(1);
      const current = row ?? tenant;
      return {
        name: current.name,
        theme: current.defaultTheme,
        colors: current.brandColors,
        updatedAt: current.updatedAt.toISOString(),
      };
    },
  );

  app.put(
    '/brand',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Saves the name, theme and colours; every text/background pair must pass WCAG AA (422 names the failing pair)',
        security,
        body: adminBrandRequest,
        response: {
          200: adminBrandResponse,
          400: errorResponse,
          403: errorResponse,
          422: adminContrastError,
        },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const { name, theme, colors } = request.body;
      const failures = brandContrastFailures(colors);
      const first = failures[0];
      if (first) return reply.code(422).send({ message: contrastFailureMessage(first), failures });
      const [row] = await app.db
        .update(tenants)
        .set({ name, defaultTheme: theme, brandColors: colors, updatedAt: new Date() })
        .where(eq(tenants.id, tenant.id))
        .returning();
      if (!row) return sendError(reply, 404, 'No utility is configured for this site');
      await recordAudit(app.db, request, {
        tenantId: tenant.id,
        userId: request.user?.userId ?? null,
        action: 'admin.brand.update',
        detail: { name, theme, colorCount: Object.keys(colors).length },
      });
      // This instance serves the change at once; others reload their tenant map within its TTL.
      app.tenants.invalidate();
      return {
        name: row.name,
        theme: row.defaultTheme,
        colors: row.brandColors,
        updatedAt: row.updatedAt.toISOString(),
      };
    },
  );

  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The utility’s audit log, newest first, filtered by action and user',
        security,
        querystring: adminAuditQuery,
        response: { 200: adminAuditResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const { action, userId, limit } = request.query;
      const filters: SQL[] = [eq(auditLog.tenantId, tenant.id)];
      if (action) filters.push(eq(auditLog.action, action));
      if (userId) filters.push(eq(auditLog.userId, userId));
      const rows = await app.db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          userId: auditLog.userId,
          username: users.username,
          detail: auditLog.detail,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(users, and(eq(users.id, auditLog.userId), eq(users.tenantId, auditLog.tenantId)))
        .where(and(...filters))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit);
      return {
        entries: rows.map((row) => ({
          id: row.id,
          action: row.action,
          userId: row.userId,
          username: row.username,
          detail: row.detail,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  // The people routes (list, invite, disable, enable) are in people-routes.ts.
};
