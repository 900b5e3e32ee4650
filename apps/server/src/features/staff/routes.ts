// /api/staff: the staff queue of issue 10. Every route is for the tenant's agents and admins only
// (403 for customers and guests, checked before anything else is read); an item or account of
// another utility answers 404 like one that does not exist.
import { errorResponse } from '@gridfront/contracts';
import {
  staffAssignRequest,
  staffCommentRequest,
  staffCustomerParams,
  staffCustomerView,
  staffItemDetail,
  staffItemParams,
  staffMembersResponse,
  staffQueuePage,
  staffQueueQuery,
  staffStatusRequest,
} from '@gridfront/contracts/staff';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantOf } from '../../plugins/tenant.ts';
import { lookUpCustomer } from './customer-lookup.ts';
import { itemDetail, queuePage } from './queue-service.ts';
import { requireStaff, staffMembersOf, staffOf } from './staff-access.ts';
import { addComment, assignItem, changeStatus, type WorkContext } from './work-service.ts';

const security = [{ clientCredential: [], accessToken: [] }];
const refusals = { 400: errorResponse, 403: errorResponse, 404: errorResponse } as const;

export interface StaffRoutesOptions {
  /** The portal's public address, for the unsubscribe link of the customer's status notices. */
  publicUrl: string;
}

export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, { publicUrl }) => {
  // onRequest, so a customer learns nothing from validation either.
  app.addHook('onRequest', requireStaff);
  const work = (request: FastifyRequest): WorkContext => ({
    app,
    tenant: tenantOf(request),
    staff: staffOf(request),
    publicUrl,
  });

  app.get(
    '/members',
    {
      schema: {
        tags: ['staff'],
        summary:
          'The signed-in staff member and the utility’s agents and admins (whom an item can be assigned to)',
        security,
        response: { 200: staffMembersResponse, 403: errorResponse },
      },
    },
    async (request) => ({
      me: staffOf(request),
      members: await staffMembersOf(app.db, tenantOf(request).id),
    }),
  );

  app.get(
    '/queue',
    {
      schema: {
        tags: ['staff'],
        summary: 'Service requests and contact messages, newest first, filtered and paged',
        description:
          '`status`: `open` (default: all not closed), `closed`, `all` or one status; `assignee`: `me`, `none` or a staff member’s id; `q` matches part of the reference number, name or e-mail address; `from`/`to` are local dates of the utility (inclusive).',
        security,
        querystring: staffQueueQuery,
        response: { 200: staffQueuePage, ...refusals },
      },
    },
    (request) => {
      const tenant = tenantOf(request);
      return queuePage(app.db, {
        ...request.query,
        tenantId: tenant.id,
        timeZone: tenant.timeZone,
        viewerId: staffOf(request).userId,
      });
    },
  );

  app.get(
    '/items/:kind/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'One service request or contact message with its comments and history',
        security,
        params: staffItemParams,
        response: { 200: staffItemDetail, ...refusals },
      },
    },
    (request) => itemDetail(app.db, tenantOf(request), request.params.kind, request.params.id),
  );

  app.post(
    '/items/:kind/:id/assign',
    {
      schema: {
        tags: ['staff'],
        summary: 'Assigns the item to a staff member of the utility (the caller or another), or unassigns it',
        description: 'Send the `version` you saw: when someone changed the item meanwhile the answer is 409.',
        security,
        params: staffItemParams,
        body: staffAssignRequest,
        response: { 200: staffItemDetail, ...refusals, 409: errorResponse },
      },
    },
    (request) => assignItem(work(request), request.params.kind, request.params.id, request.body),
  );

  app.post(
    '/items/:kind/:id/status',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Changes the status (closing is `completed`/`cancelled` for a service request, `closed` for a contact message); e-mails the customer once per change',
        description:
          'Service requests: submitted, in_progress, completed, cancelled. Contact messages: open, in_progress, closed. The same status again changes nothing and sends nothing. Send the `version` you saw: 409 when someone changed the item meanwhile.',
        security,
        params: staffItemParams,
        body: staffStatusRequest,
        response: { 200: staffItemDetail, ...refusals, 409: errorResponse },
      },
    },
    (request) => changeStatus(work(request), request.params.kind, request.params.id, request.body),
  );

  app.post(
    '/items/:kind/:id/comments',
    {
      schema: {
        tags: ['staff'],
        summary: 'Adds a staff comment (internal: the customer never sees it)',
        security,
        params: staffItemParams,
        body: staffCommentRequest,
        response: { 200: staffItemDetail, ...refusals },
      },
    },
    (request) => addComment(work(request), request.params.kind, request.params.id, request.body.body),
  );

  app.get(
    '/customers/:accountNumber',
    {
      schema: {
        tags: ['staff'],
        summary:
          'What the customer of an account sees, read-only: account information, latest bills and payments, requests; every look is audited',
        security,
        params: staffCustomerParams,
        response: { 200: staffCustomerView, ...refusals },
      },
    },
    (request) =>
      lookUpCustomer(
        app.db,
        request,
        tenantOf(request),
        staffOf(request).userId,
        request.params.accountNumber,
      ),
  );
};
