// /api/auth profile calls of the signed-in user: details, create/update/remove, image upload/fetch.
import {
  errorResponse,
  messageResponse,
  PROFILE_IMAGE_MAX_BYTES,
  profileDetailsResponse,
  profileImageUploadRequest,
  profileImageUploadResponse,
  profileUpdateRequest,
} from '@gridfront/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profiles } from '../../db/schema/index.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { authMessages, userOf } from '../../plugins/auth.ts';
import { HttpError, sendError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { decodeProfileImage } from './profile-image.ts';
import { findUserById } from './repository.ts';

export const profileMessages = {
  saved: 'Profile saved successfully',
  removed: 'Profile removed successfully',
  imageSaved: 'Profile image uploaded successfully',
  needsProfile: 'Please create your profile before uploading an image',
  noImage: 'No profile image has been uploaded',
} as const;

const signedIn = [{ clientCredential: [], accessToken: [] }];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/profileDetails',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user’s profile (null until created) and username',
        security: signedIn,
        response: { 200: profileDetailsResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const user = await findUserById(app.db, tenant.id, userOf(request).userId);
      if (!user) throw new HttpError(401, authMessages.required);
      const [profile] = await app.db
        .select({
          mailingAddress: profiles.mailingAddress,
          city: profiles.city,
          serviceAddress: profiles.serviceAddress,
          state: profiles.state,
          zip: profiles.zip,
          phoneNo: profiles.phoneNo,
          secondaryPhnNo: profiles.secondaryPhnNo,
          hasImage: sql<boolean>`${profiles.image} is not null`.mapWith(Boolean),
        })
        .from(profiles)
        .where(and(eq(profiles.tenantId, tenant.id), eq(profiles.userId, user.id)))
        .limit(1);
      return {
        username: user.username,
        fullName: user.fullName,
        email: user.email,
        profile: profile
          ? {
              mailingAddress: profile.mailingAddress,
              city: profile.city,
              serviceAddress: profile.serviceAddress,
              state: profile.state,
              zip: profile.zip,
              phoneNo: profile.phoneNo,
              secondaryPhnNo: profile.secondaryPhnNo,
            }
          : null,
        hasImage: profile?.hasImage ?? false,
      };
    },
  );

  app.post(
    '/createProfile',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary:
          'Creates or updates the profile; isProfileRemoved: true deletes it (other fields then optional)',
        security: signedIn,
        body: profileUpdateRequest,
        response: { 200: messageResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const { userId } = userOf(request);
      const body = request.body;
      if (body.isProfileRemoved) {
        await app.db
          .delete(profiles)
          .where(and(eq(profiles.tenantId, tenant.id), eq(profiles.userId, userId)));
        await recordAudit(app.db, request, { tenantId: tenant.id, userId, action: 'profile.removed' });
        return { message: profileMessages.removed };
      }
      // The body's username is the spec's field; the bearer token decides whose profile it is.
      const values = {
        mailingAddress: body.mailingAddress,
        city: body.city,
        serviceAddress: body.serviceAddress,
        state: body.state,
        zip: body.zip,
        phoneNo: body.phoneNo,
        secondaryPhnNo: body.secondaryPhnNo,
      };
      await app.db
        .insert(profiles)
        .values({ userId, tenantId: tenant.id, ...values })
        .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: sql`now()` } });
      await recordAudit(app.db, request, { tenantId: tenant.id, userId, action: 'profile.saved' });
      return { message: profileMessages.saved };
    },
  );

  app.post(
    '/userProfileImageUpload',
    {
      preHandler: app.requireUser,
      // base64 of 2 MB is 2.7 MB, plus a data: URL prefix and the JSON around it.
      bodyLimit: Math.ceil((PROFILE_IMAGE_MAX_BYTES * 4) / 3) + 4096,
      schema: {
        tags: ['auth'],
        summary: 'Uploads the profile image as base64 or a data: URL (PNG, JPEG, WebP by content; ≤ 2 MB)',
        security: signedIn,
        body: profileImageUploadRequest,
        response: {
          200: profileImageUploadResponse,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
          413: errorResponse,
          415: errorResponse,
        },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const { userId } = userOf(request);
      const { bytes, contentType } = decodeProfileImage(request.body.image);
      const [updated] = await app.db
        .update(profiles)
        .set({ image: bytes.toString('base64'), imageContentType: contentType, updatedAt: sql`now()` })
        .where(and(eq(profiles.tenantId, tenant.id), eq(profiles.userId, userId)))
        .returning({ userId: profiles.userId });
      if (!updated) throw new HttpError(409, profileMessages.needsProfile);
      await recordAudit(app.db, request, {
        tenantId: tenant.id,
        userId,
        action: 'profile.image_uploaded',
        detail: { contentType, size: bytes.length },
      });
      return { message: profileMessages.imageSaved, contentType, size: bytes.length };
    },
  );

  app.get(
    '/userProfileImage',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        // 200 is the image itself (image/png, image/jpeg or image/webp); 401 and 404 the error body.
        summary: 'The signed-in user’s profile image (binary, with its content type)',
        security: signedIn,
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const [row] = await app.db
        .select({ image: profiles.image, contentType: profiles.imageContentType })
        .from(profiles)
        .where(and(eq(profiles.tenantId, tenant.id), eq(profiles.userId, userOf(request).userId)))
        .limit(1);
      if (!row?.image || !row.contentType) return sendError(reply, 404, profileMessages.noImage);
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .type(row.contentType)
        .send(Buffer.from(row.image, 'base64'));
    },
  );
};
