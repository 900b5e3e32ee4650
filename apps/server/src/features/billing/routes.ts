// /api/oracle billing calls (spec point 7): user details, bill details and the transaction history.
// All need a signed-in user; each answers only about the accounts linked to that user.
import {
  billDetailsRequest,
  billDetailsResponse,
  errorResponse,
  transactionDetailsRequest,
  transactionDetailsResponse,
  transactionYearDetailsRequest,
  transactionYearDetailsResponse,
  userDetailsResponse,
} from '@gridfront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billDetails, transactionDetails, transactionYearDetails, userDetails } from './service.ts';

const signedIn = [{ clientCredential: [], accessToken: [] }];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse } as const;

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/getUserDetails',
    {
      schema: {
        tags: ['oracle'],
        summary: 'The signed-in user and their accounts: addresses, premises, services, balance, AutoPay',
        security: signedIn,
        response: { 200: userDetailsResponse, ...errors },
      },
    },
    (request) => userDetails(app.db, request),
  );

  app.post(
    '/getBillDetails',
    {
      schema: {
        tags: ['oracle'],
        summary:
          'A bill of one of the user’s accounts (the latest without billId): segments, line items, Quick Stats',
        security: signedIn,
        body: billDetailsRequest,
        response: { 200: billDetailsResponse, ...errors },
      },
    },
    (request) => billDetails(app.db, request, request.body),
  );

  app.post(
    '/transactionDetails',
    {
      schema: {
        tags: ['oracle'],
        summary:
          'Bills, payments and fees of an account: filter (C1BL, PAY, LPC, ALL), date range, sort, pages',
        security: signedIn,
        body: transactionDetailsRequest,
        response: { 200: transactionDetailsResponse, ...errors },
      },
    },
    (request) => transactionDetails(app.db, request, request.body),
  );

  app.post(
    '/transactionYearDetails',
    {
      schema: {
        tags: ['oracle'],
        summary: 'A year of an account’s transactions, totalled per month, and the years that have any',
        security: signedIn,
        body: transactionYearDetailsRequest,
        response: { 200: transactionYearDetailsResponse, ...errors },
      },
    },
    (request) => transactionYearDetails(app.db, request, request.body),
  );
};
