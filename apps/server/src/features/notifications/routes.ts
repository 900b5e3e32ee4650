// /api/notifications/preferences: the signed-in user's notice choices (for the user's own address).
import {
  errorResponse,
  notificationPreferencesResponse,
  updateNotificationPreferencesRequest,
} from '@gridfront/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { userOf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
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
};
