// /api/admin/people (issue 14): the utility's agents and administrators, inviting one, and disabling
// or enabling one again. A disabled user cannot sign in (features/auth refuses them), and every one
// of their sign-ins is revoked in the same transaction: the session check reads the refresh-token
// table on every request, so their access tokens stop working at once on every instance. An admin
// cannot disable themself, nor the last enabled admin. Every change is in the audit log.

import { randomBytes } from 'node:crypto';
import { errorResponse, messageResponse } from '@gridfront/contracts';
import {
  adminInviteRequest,
  adminPeopleMessages,
  adminPeopleResponse,
  adminPerson,
  adminPersonKey,
} from '@gridfront/contracts/admin-people';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { sendError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { hashPassword } from '../auth/password.ts';
import { revokeUserSessions } from '../auth/session.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { staffInvitation } from './invite-mail.ts';
import { requireAdmin } from './routes.ts';

const security = [{ clientCredential: [], accessToken: [] }];

const staffColumns = {
  userId: users.id,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  role: users.role,
  disabledAt: users.disabledAt,
};

function personJson(row: {
  userId: string;
  username: string;
  fullName: string;
  email: string;
  role: 'agent' | 'admin';
  disabledAt: Date | null;
}) {
  const { disabledAt, ...rest } = row;
  return { ...rest, disabled: disabledAt !== null };
}

export interface PeopleRoutesOptions {
  /** The portal's public address, for the set-password link of an invitation. */
  publicUrl: string;
}

export const peopleRoutes: FastifyPluginAsyncZod<PeopleRoutesOptions> = async (app, { publicUrl }) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/people',
    {
      schema: {
        tags: ['admin'],
        summary: 'The utility’s agents and administrators, each with whether it is disabled',
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
      return {
        people: rows.flatMap((row) =>
          row.role === 'customer' ? [] : [personJson({ ...row, role: row.role })],
        ),
      };
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
      return reply.code(201).send(personJson({ ...person, role }));
    },
  );

  /** Sets or clears disabled_at of one agent or admin of this tenant; 404 for anyone else. */
  async function setDisabled(
    request: FastifyRequest,
    reply: FastifyReply,
    targetId: string,
    disable: boolean,
  ) {
    const tenant = tenantOf(request);
    const actorId = request.user?.userId ?? null;
    if (disable && targetId === actorId) return sendError(reply, 409, adminPeopleMessages.cannotDisableSelf);
    const outcome = await app.db.transaction(async (tx) => {
      // The tenant's enabled admins, locked: two admins disabling each other at once cannot both win.
      const enabledAdmins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenant.id), eq(users.role, 'admin'), isNull(users.disabledAt)))
        .for('update');
      const [target] = await tx
        .select({ id: users.id, role: users.role, username: users.username, disabledAt: users.disabledAt })
        .from(users)
        .where(and(eq(users.tenantId, tenant.id), eq(users.id, targetId), ne(users.role, 'customer')))
        .limit(1);
      if (!target) return 'notFound' as const;
      if (disable && target.role === 'admin' && !enabledAdmins.some((admin) => admin.id !== target.id)) {
        return 'lastAdmin' as const;
      }
      await tx
        .update(users)
        .set({ disabledAt: disable ? (target.disabledAt ?? new Date()) : null, updatedAt: new Date() })
        .where(and(eq(users.tenantId, tenant.id), eq(users.id, target.id)));
      if (disable) await revokeUserSessions(tx, target.id);
      await recordAudit(tx, request, {
        tenantId: tenant.id,
        userId: actorId,
        action: disable ? 'admin.people.disable' : 'admin.people.enable',
        detail: { targetUserId: target.id, username: target.username, role: target.role },
      });
      return 'done' as const;
    });
    if (outcome === 'notFound') return sendError(reply, 404, adminPeopleMessages.notFound);
    if (outcome === 'lastAdmin') return sendError(reply, 409, adminPeopleMessages.lastAdmin);
    return { message: disable ? adminPeopleMessages.disabled : adminPeopleMessages.enabled };
  }

  app.post(
    '/people/:userId/disable',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Disables an agent or administrator: sign-in refused and every session ended at once (not oneself, not the last enabled administrator)',
        security,
        params: adminPersonKey,
        response: {
          200: messageResponse,
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    (request, reply) => setDisabled(request, reply, request.params.userId, true),
  );

  app.post(
    '/people/:userId/enable',
    {
      schema: {
        tags: ['admin'],
        summary: 'Enables a disabled agent or administrator again (they sign in anew)',
        security,
        params: adminPersonKey,
        response: { 200: messageResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    (request, reply) => setDisabled(request, reply, request.params.userId, false),
  );
};
