// /api/usage/greenButton: Download My Data (ESPI XML or CSV) and the user's Green Button uploads.
// Signed-in users only; accounts and uploads are the caller's own, anything else answers 404.
import {
  errorResponse,
  GREEN_BUTTON_MAX_UPLOAD_BYTES,
  greenButtonDeleteResponse,
  greenButtonExportRequest,
  greenButtonMessages,
  greenButtonUpload,
  greenButtonUploadParams,
  greenButtonUploadQuery,
  greenButtonUploadsResponse,
} from '@gridfront/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { exportUsage } from './export-service.ts';
import { deleteGreenButtonUpload, listGreenButtonUploads, uploadGreenButton } from './upload-service.ts';

const signedIn = [{ clientCredential: [], accessToken: [] }];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse } as const;
const XML_TYPES = ['application/xml', 'text/xml'];
/** Uploads per user and address per minute: parsing and validating a file is real work. */
export const UPLOAD_RATE_LIMIT = { max: 10, timeWindow: 60_000 } as const;

function readXmlBody(
  _request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (error: Error | null, body?: string) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (error: Error | null, body?: string) => {
    if (finished) return;
    finished = true;
    done(error, body);
  };
  payload.on('data', (chunk: Buffer) => {
    if (finished) return;
    size += chunk.length;
    if (size > GREEN_BUTTON_MAX_UPLOAD_BYTES) finish(new HttpError(413, greenButtonMessages.tooLarge));
    else chunks.push(chunk);
  });
  payload.on('end', () => finish(null, Buffer.concat(chunks).toString('utf8')));
  payload.on('error', (error: Error) => finish(error));
}

function ownerOf(request: FastifyRequest) {
  return { tenantId: tenantOf(request).id, userId: userOf(request).userId };
}

export const greenButtonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);
  // Raw XML for the upload only (this plugin's scope), counted as it arrives so that a body sent
  // without a length is cut off at the limit too, with the contract's message.
  app.addContentTypeParser(XML_TYPES, readXmlBody);

  app.post(
    '/greenButton/export',
    {
      schema: {
        tags: ['usage'],
        summary:
          'Download My Data: a service of one of the user’s accounts over local dates (at most 366 days), as Green Button ESPI XML or CSV (an attachment)',
        security: signedIn,
        body: greenButtonExportRequest,
        response: errors,
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const file = await exportUsage(app.db, tenant, ownerOf(request), request.body);
      return (
        reply
          .type(file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          // A text body: the response schemas describe the JSON errors only.
          .send(file.body as never)
      );
    },
  );

  app.post(
    '/greenButton/upload',
    {
      bodyLimit: GREEN_BUTTON_MAX_UPLOAD_BYTES,
      config: { rateLimit: UPLOAD_RATE_LIMIT },
      // A declared length over the limit is refused before the body is read, with the contract's message.
      onRequest: async (request) => {
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > GREEN_BUTTON_MAX_UPLOAD_BYTES) throw new HttpError(413, greenButtonMessages.tooLarge);
      },
      schema: {
        tags: ['usage'],
        summary: `Upload a Green Button (ESPI) XML file, sent raw as application/xml (at most ${GREEN_BUTTON_MAX_UPLOAD_BYTES / 1024 / 1024} MB; ?name= the file name); refused with 422 and the reason when it is not a readable feed`,
        security: signedIn,
        consumes: XML_TYPES,
        querystring: greenButtonUploadQuery,
        body: z.string({ error: greenButtonMessages.contentType }),
        response: {
          200: greenButtonUpload,
          ...errors,
          409: errorResponse,
          413: errorResponse,
          415: errorResponse,
          422: errorResponse,
          429: errorResponse,
        },
      },
    },
    (request) => uploadGreenButton(app.db, ownerOf(request), request.body, request.query.name, request.log),
  );

  app.get(
    '/greenButton/uploads',
    {
      schema: {
        tags: ['usage'],
        summary: 'The user’s Green Button uploads, newest first',
        security: signedIn,
        response: { 200: greenButtonUploadsResponse, 401: errorResponse },
      },
    },
    (request) => listGreenButtonUploads(app.db, ownerOf(request)),
  );

  app.delete(
    '/greenButton/uploads/:id',
    {
      schema: {
        tags: ['usage'],
        summary: 'Delete one of the user’s Green Button uploads and its readings',
        security: signedIn,
        params: greenButtonUploadParams,
        response: { 200: greenButtonDeleteResponse, ...errors },
      },
    },
    (request) => deleteGreenButtonUpload(app.db, ownerOf(request), request.params.id),
  );
};
