// /api/admin: the tenant administrators' route group of issue 14. Every route is for the signed-in
// user's own tenant and the admin role only: agents, customers and guests are answered 403 before
// anything is read or validated. Every change is written to the audit log.

import { randomBytes } from 'node:crypto';
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
import { adminInviteRequest, adminPeopleResponse, adminPerson } from '@gridfront/contracts/admin-people';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLog, tenants, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { sendError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { hashPassword } from '../auth/password.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { staffInvitation } from './invite-mail.ts';

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

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { publicUrl }) => {
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
        .select()
        .from(auditLog)
        .where(and(...filters))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit);
      return {
        entries: rows.map((row) => ({
          id: row.id,
          action: row.action,
          userId: row.userId,
          detail: row.detail,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  const staffColumns = {
    userId: users.id,
    username: users.username,
    fullName: users.fullName,
    email: users.email,
    role: users.role,
  };

  app.get(
    '/people',
    {
      schema: {
        tags: ['admin'],
        summary: 'The utility’s agents and administrators',
        security,
        response: { 200: adminPeopleResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const rows = await app.db
        .select(staffColumns)
        .from(users)
        .where(and(eq(users.tenantId, tenantOf(request).id), inArray(users.role, ['agent', 'admin'])))
        .orderBy(asc(users.fullName), asc(users.id));
      return { people: rows.flatMap((row) => (row.role === 'customer' ? [] : [{ ...row, role: row.role }])) };
    },
  );

  app.post(
    '/people',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Invites an agent or administrator: an e-mail with a set-password link, no password chosen here',
        security,
        body: adminInviteRequest,
        response: { 201: adminPerson, 400: errorResponse, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const { username, fullName, email, role } = request.body;
      const [taken] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenant.id), sql`lower(${users.username}) = lower(${username})`))
        .limit(1);
      if (taken) return sendError(reply, 409, 'This username is already taken');
      // No one knows this password: the invitee sets theirs with the code sent to their address.
      const unusable = await hashPassword(randomBytes(32).toString('base64url'));
      const person = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            tenantId: tenant.id,
            username,
            fullName,
            email,
            emailVerifiedAt: new Date(),
            passwordHash: unusable,
            locale: tenant.contentLanguage,
            role,
          })
          .returning(staffColumns);
        if (!row) throw new Error('the invited user was not inserted');
        const mail = staffInvitation(tenant.contentLanguage, {
          utility: tenant.name,
          username,
          role,
          setPasswordUrl: `${publicUrl}/forgotPassword`,
        });
        await enqueueMail(tx, { tenantId: tenant.id, to: email, purpose: 'staff-invitation', ...mail });
        await recordAudit(tx, request, {
          tenantId: tenant.id,
          userId: request.user?.userId ?? null,
          action: 'admin.people.invite',
          detail: { invitedUserId: row.userId, username, role },
        });
        return row;
      });
      return reply.code(201).send({ ...person, role });
    },
  );
};
