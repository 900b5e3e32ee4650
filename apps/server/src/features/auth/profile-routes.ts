// /api/auth profile calls of the signed-in user: details, create/update/remove, image upload/fetch.
// Routes validate and map; profile-service.ts decides, profile-repository.ts queries.
import {
  errorResponse,
  messageResponse,
  PROFILE_IMAGE_MAX_BYTES,
  profileDetailsResponse,
  profileImageUploadRequest,
  profileImageUploadResponse,
  profileUpdateRequest,
} from '@gridfront/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { sendError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import {
  type ProfileContext,
  profileDetails,
  profileMessages,
  removeUserProfile,
  saveUserProfile,
  uploadProfileImage,
  userProfileImage,
} from './profile-service.ts';

const signedIn = [{ clientCredential: [], accessToken: [] }];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const contextOf = (request: FastifyRequest): ProfileContext => ({
    db: app.db,
    request,
    tenantId: tenantOf(request).id,
    userId: userOf(request).userId,
  });

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
    async (request) => profileDetails(contextOf(request)),
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
      const body = request.body;
      if (body.isProfileRemoved) return removeUserProfile(contextOf(request));
      // The body's username is the spec's field; the access token decides whose profile it is.
      return saveUserProfile(contextOf(request), {
        mailingAddress: body.mailingAddress,
        city: body.city,
        serviceAddress: body.serviceAddress,
        state: body.state,
        zip: body.zip,
        phoneNo: body.phoneNo,
        secondaryPhnNo: body.secondaryPhnNo,
      });
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
        summary:
          'Uploads the profile image as base64 or a data: URL (PNG, JPEG, WebP by content; ≤ 2 MB, ≤ 50 megapixels); ' +
          'it is re-encoded without metadata and scaled to fit 512×512',
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
    async (request) => uploadProfileImage(contextOf(request), request.body.image),
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
      const image = await userProfileImage(contextOf(request));
      if (!image) return sendError(reply, 404, profileMessages.noImage);
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .type(image.contentType)
        .send(image.bytes);
    },
  );
};
