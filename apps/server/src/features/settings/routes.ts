// /api/settings: the signed-in user's settings (spec point 7). All need the access token.
import {
  changePasswordRequest,
  changeUsernameRequest,
  errorResponse,
  getUsernameResponse,
  messageResponse,
  tfaEnableResponse,
  updateTfaEnableRequest,
  updateTfaEnableResponse,
} from '@gridfront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePassword, changeUsername, currentUser, updateTfa } from './service.ts';

const signedIn = [{ clientCredential: [], accessToken: [] }];
const errors = { 400: errorResponse, 401: errorResponse, 429: errorResponse } as const;

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.post(
    '/changePassword',
    {
      schema: {
        tags: ['settings'],
        summary: 'Changes the password (current, new, confirm); signs out every other session',
        security: signedIn,
        body: changePasswordRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    (request, reply) => changePassword({ app, request, reply }, request.body),
  );

  app.post(
    '/changeUsername',
    {
      schema: {
        tags: ['settings'],
        summary: 'Changes the username (needs the password)',
        security: signedIn,
        body: changeUsernameRequest,
        response: { 200: messageResponse, 409: errorResponse, ...errors },
      },
    },
    (request, reply) => changeUsername({ app, request, reply }, request.body),
  );

  app.get(
    '/getUsername',
    {
      schema: {
        tags: ['settings'],
        summary: 'The current username',
        security: signedIn,
        response: { 200: getUsernameResponse, 401: errorResponse },
      },
    },
    async (request, reply) => ({ username: (await currentUser({ app, request, reply })).username }),
  );

  app.post(
    '/updateTfaEnable',
    {
      schema: {
        tags: ['settings'],
        summary:
          'Toggles two-factor authentication; { enable } sets it instead (safe to retry); turning it off needs { password }',
        security: signedIn,
        body: updateTfaEnableRequest,
        response: { 200: updateTfaEnableResponse, ...errors },
      },
    },
    (request, reply) => updateTfa({ app, request, reply }, request.body),
  );

  app.post(
    '/tfaEnable',
    {
      schema: {
        tags: ['settings'],
        summary: 'Whether two-factor authentication is on (refetched after updateTfaEnable)',
        security: signedIn,
        response: { 200: tfaEnableResponse, 401: errorResponse },
      },
    },
    async (request, reply) => ({ tfaEnabled: (await currentUser({ app, request, reply })).tfaEnabled }),
  );
};
