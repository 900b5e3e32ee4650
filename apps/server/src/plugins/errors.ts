// One error handler for the whole process (STYLE.md, "errors in two layers"). Expected failures are
// answered deliberately through sendError; whatever reaches the handler is mapped to the one error
// body of the contract: bad input → 400 with the spec's message of the first failing field,
// unknown API paths → JSON 404, faults → 500 with a request id and never a stack trace.
import { STATUS_CODES } from 'node:http';
import type { ErrorResponse } from '@gridfront/contracts';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** Path prefixes that always answer JSON; everything else may fall back to the portal. */
export const JSON_PATH_PREFIXES = ['/api', '/ml', '/pay', '/healthz', '/readyz', '/dev'] as const;

export function isJsonPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return JSON_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export function errorBody(
  statusCode: number,
  message: string,
  extra: Pick<ErrorResponse, 'fields' | 'requestId'> = {},
): ErrorResponse {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...extra };
}

/** Answers an expected failure with the contract's error body. */
export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  extra: Pick<ErrorResponse, 'fields' | 'requestId'> = {},
): FastifyReply {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send(errorBody(statusCode, message, extra));
}

/** An expected failure thrown from deep inside a service; the handler answers it with its message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** "/body/username" or "/username" → "username"; nested paths keep their dots ("address.zip"). */
function fieldName(instancePath: string, context: string | undefined): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (parts.length === 0) return context ?? 'body';
  return parts.join('.');
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const name = fieldName(issue.instancePath, error.validationContext);
      fields[name] ??= issue.message ?? 'Invalid value';
    }
    const first = error.validation[0]?.message ?? 'Invalid request';
    return sendError(reply, 400, first, { fields });
  }

  // A deliberate failure keeps its status and message; a 5xx of this kind (an outside system is
  // down) still carries the request id.
  if (error instanceof HttpError) {
    if (error.statusCode >= 500) request.log.warn({ err: error }, 'request failed deliberately');
    return sendError(
      reply,
      error.statusCode,
      error.message,
      error.statusCode >= 500 ? { requestId: String(request.id) } : {},
    );
  }

  const statusCode =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
      ? error.statusCode
      : 500;

  // Includes responses that failed their own schema (FST_ERR_RESPONSE_SERIALIZATION is a 500).
  if (statusCode >= 500) {
    // The log keeps everything a developer needs; the client only gets the id to quote.
    request.log.error(
      {
        err: error,
        req: {
          method: request.method,
          url: request.url,
          tenantId: request.tenant?.id,
          userId: request.user?.userId,
        },
      },
      'request failed',
    );
    return sendError(reply, 500, 'Internal Server Error', { requestId: String(request.id) });
  }

  // 4xx raised by Fastify itself (malformed JSON, wrong content type, body too large) or a plugin.
  return sendError(reply, statusCode, error.message || (STATUS_CODES[statusCode] ?? 'Error'));
}

const errorsPlugin: FastifyPluginAsync = async (app) => {
  app.setErrorHandler(handleError);

  app.setNotFoundHandler(async (request, reply) => {
    const wantsAppShell = (request.method === 'GET' || request.method === 'HEAD') && !isJsonPath(request.url);
    // The static plugin (when the portal is served by this process) answers client-side routes.
    if (wantsAppShell && app.hasDecorator('serveAppShell')) return app.serveAppShell(request, reply);
    return sendError(reply, 404, `Route ${request.method}:${request.url.split('?')[0]} not found`);
  });

  // A JSON route called with no body at all is validated as `{}`, so the answer names the first
  // missing field with the spec's message instead of "expected object".
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body == null && request.routeOptions.schema?.body) request.body = {};
    done();
  });
};

export const errors = fp(errorsPlugin, { name: 'errors' });
