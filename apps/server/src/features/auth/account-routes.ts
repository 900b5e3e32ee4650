// /api/auth sign-up and recovery calls. Each takes the ALTCHA payload in `captcha`.
import {
  errorResponse,
  forgotAccountNumberRequest,
  forgotOtpRequest,
  forgotPasswordRequest,
  forgotUsernameRequest,
  messageResponse,
  signupRequest,
  signupResponse,
} from '@gridfront/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantOf } from '../../plugins/tenant.ts';
import { forgotAccountNumber, forgotOtp, forgotPassword, forgotUsername } from './recovery-service.ts';
import type { AuthRoutesOptions } from './routes.ts';
import type { SessionContext } from './session.ts';
import { signup } from './signup-service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 429: errorResponse } as const;

export const accountRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { humanCheck } = options;
  const context = (request: FastifyRequest, reply: FastifyReply): SessionContext => ({
    app,
    tenant: tenantOf(request),
    request,
    reply,
    refreshTokenTtlDays: options.refreshTokenTtlDays,
  });

  app.post(
    '/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign up with a verified account and PIN; mails a 6-digit code for /auth/emailOTPVerify',
        security: [{ clientCredential: [] }],
        body: signupRequest,
        response: { 200: signupResponse, 409: errorResponse, ...errors },
      },
    },
    (request, reply) => signup(context(request, reply), humanCheck, request.body),
  );

  app.post(
    '/forgotUsername',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mails the username(s) of an e-mail address; the same answer whether or not one exists',
        security: [{ clientCredential: [] }],
        body: forgotUsernameRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    (request, reply) => forgotUsername(context(request, reply), humanCheck, request.body),
  );

  app.post(
    '/forgotAccountNumber',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mails the account number(s) on file for an e-mail address; the same answer either way',
        security: [{ clientCredential: [] }],
        body: forgotAccountNumberRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    (request, reply) => forgotAccountNumber(context(request, reply), humanCheck, request.body),
  );

  app.post(
    '/forgotOTP',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mails a password-reset code; the same answer whether or not the username exists',
        security: [{ clientCredential: [] }],
        body: forgotOtpRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    (request, reply) => forgotOtp(context(request, reply), humanCheck, request.body),
  );

  app.post(
    '/forgotPassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with the mailed code; signs out every session',
        security: [{ clientCredential: [] }],
        body: forgotPasswordRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    (request, reply) => forgotPassword(context(request, reply), request.body),
  );
};
