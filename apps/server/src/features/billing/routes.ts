// /api/oracle billing calls (spec point 7): user details, bill details and the transaction history.
// All need a signed-in user; each answers only about the accounts linked to that user.
import {
  billDetailsRequest,
  billDetailsResponse,
  errorResponse,
  transactionDetailsAnswer,
  transactionDetailsBody,
  transactionYearDetailsAnswer,
  transactionYearDetailsBody,
  userDetailsResponse,
} from '@gridfront/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmSession, unconfirmedSessionFault } from '../../plugins/auth.ts';
import { usageDetails, usageYearDetails } from '../usage/usage-service.ts';
import {
  billDetailsJson,
  transactionDetailsJson,
  transactionYearDetails,
  userDetailsJson,
} from './service.ts';
import { billBodyValidator, transactionBodyValidator } from './transaction-body.ts';

const signedIn = [{ clientCredential: [], accessToken: [] }];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse } as const;
/**
 * The hot calls read whether the sign-in is alive in their own statement (one round trip a call);
 * see identifyUser and confirmSession. An answer that did not confirm it is never sent.
 */
const sessionInStatement = { sessionCheckedInStatement: true } as const;

/**
 * getUserDetails, getBillDetails and transactionDetails answer with the JSON text PostgreSQL wrote
 * (answer-statements.ts), sent as it is: Fastify neither serializes a string with a JSON content
 * type nor runs the response schema's serializer on it, which stays for the API document. The text
 * is the response schema's shape byte for byte (answer-json.test.ts parses and compares it).
 */
function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);
  app.addHook('preSerialization', (request, reply, payload, done) => {
    const fault = unconfirmedSessionFault(request, reply);
    if (fault) done(fault);
    else done(null, payload);
  });
  // A string answer skips preSerialization: the same guard before anything is sent (a callback
  // hook: no promise per request for a check that never waits).
  app.addHook('onSend', (request, reply, payload, done) => {
    const fault = unconfirmedSessionFault(request, reply);
    if (fault) done(fault);
    else done(null, payload);
  });

  app.get(
    '/getUserDetails',
    {
      config: sessionInStatement,
      schema: {
        tags: ['oracle'],
        summary: 'The signed-in user and their accounts: addresses, premises, services, balance, AutoPay',
        security: signedIn,
        response: { 200: userDetailsResponse, ...errors },
      },
    },
    async (request, reply) => sendJson(reply, await userDetailsJson(app.db, request)),
  );

  app.post(
    '/getBillDetails',
    {
      config: sessionInStatement,
      validatorCompiler: billBodyValidator,
      schema: {
        tags: ['oracle'],
        summary:
          'A bill of one of the user’s accounts (the latest without billId): segments, line items, Quick Stats',
        security: signedIn,
        body: billDetailsRequest,
        response: { 200: billDetailsResponse, ...errors },
      },
    },
    async (request, reply) => sendJson(reply, await billDetailsJson(app.db, request, request.body)),
  );

  app.post(
    '/transactionDetails',
    {
      config: sessionInStatement,
      validatorCompiler: transactionBodyValidator,
      schema: {
        tags: ['oracle'],
        summary:
          'Bills, payments and fees of an account: filter (C1BL, PAY, LPC, ALL), date range, sort, pages; ' +
          'with type "usage", a service’s usage by bill period, day or 15/60-minute interval',
        security: signedIn,
        body: transactionDetailsBody,
        response: { 200: transactionDetailsAnswer, ...errors },
      },
    },
    async (request, reply) => {
      if (request.body.type !== 'usage')
        return sendJson(reply, await transactionDetailsJson(app.db, request, request.body));
      // The usage views read in several statements: the sign-in first, on its own.
      await confirmSession(request, undefined);
      return usageDetails(app.db, request, request.body);
    },
  );

  app.post(
    '/transactionYearDetails',
    {
      schema: {
        tags: ['oracle'],
        summary:
          'A year of an account’s transactions, totalled per month, and the years that have any; ' +
          'with type "usage", a service’s usage and cost per year',
        security: signedIn,
        body: transactionYearDetailsBody,
        response: { 200: transactionYearDetailsAnswer, ...errors },
      },
    },
    (request) =>
      request.body.type === 'usage'
        ? usageYearDetails(app.db, request, request.body)
        : transactionYearDetails(app.db, request, request.body),
  );
};
