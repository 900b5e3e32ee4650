// /api/notifications/preferences: the signed-in user's notice choices (for the user's own address).
import {
  errorResponse,
  notificationPreferencesResponse,
  notificationSettingsBody,
  updateNotificationPreferencesRequest,
} from '@gridfront/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { userOf } from '../../plugins/auth.ts';
import { HttpError, sendError } from '../../plugins/errors.ts';
import { noticeSettingsOf, setReminderDaysBefore } from './notification-settings.ts';
import { preferencesOf, setPreferences } from './preferences.ts';

const signedIn = [{ clientCredential: [], accessToken: [] }];
const errors = { 400: errorResponse, 401: errorResponse, 429: errorResponse } as const;

async function addressOf(db: Database, userId: string, tenantId: string): Promise<string> {
  const [user] = await db
    .select({ email: users.email, tenantId: users.tenantId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.tenantId !== tenantId) throw new HttpError(401, 'Please log in again');
  return user.email;
}

/** preHandler of the utility's notice settings: its admins only (403 for everyone else). */
async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { userId, tenantId } = userOf(request);
  const [admin] = await request.server.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), eq(users.role, 'admin')))
    .limit(1);
  if (!admin) return sendError(reply, 403, "Only the utility's administrators can change notice settings");
}

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Which e-mail notices (bill ready, reminders, past due, AutoPay, service requests) the signed-in user gets',
        security: signedIn,
        response: { 200: notificationPreferencesResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const { userId, tenantId } = userOf(request);
      const email = await addressOf(app.db, userId, tenantId);
      return { email, preferences: await preferencesOf(app.db, tenantId, email) };
    },
  );

  app.put(
    '/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turns notice types on or off for the signed-in user; types left out stay as they are',
        security: signedIn,
        body: updateNotificationPreferencesRequest,
        response: { 200: notificationPreferencesResponse, ...errors },
      },
    },
    async (request) => {
      const { userId, tenantId } = userOf(request);
      const email = await addressOf(app.db, userId, tenantId);
      await setPreferences(app.db, tenantId, email, request.body.preferences);
      return { email, preferences: await preferencesOf(app.db, tenantId, email) };
    },
  );

  app.get(
    '/settings',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['notifications'],
        summary: "The utility's notice settings: days before the due date the reminder goes out (admins)",
        security: signedIn,
        response: { 200: notificationSettingsBody, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const { reminderDaysBefore } = await noticeSettingsOf(app.db, userOf(request).tenantId);
      return { reminderDaysBefore };
    },
  );

  app.put(
    '/settings',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['notifications'],
        summary: "Sets the days before the due date the reminder goes out, 1-30 (the utility's admins)",
        security: signedIn,
        body: notificationSettingsBody,
        response: { 200: notificationSettingsBody, 403: errorResponse, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = userOf(request);
      await setReminderDaysBefore(app.db, tenantId, request.body.reminderDaysBefore);
      const { reminderDaysBefore } = await noticeSettingsOf(app.db, tenantId);
      return { reminderDaysBefore };
    },
  );
};
