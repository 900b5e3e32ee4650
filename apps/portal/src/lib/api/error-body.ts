// Reads a non-2xx answer's body (contract: errorResponse) without zod, because the error path is
// part of every page's first load and zod belongs only to the pages with forms (issue 7).
// error-body.test.ts holds it to the same verdicts as the contract's schema.
import type { ErrorResponse } from '@gridfront/contracts/api';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((entry) => typeof entry === 'string');
}

/** The body when it has the contract's shape, else undefined. */
export function readErrorBody(data: unknown): ErrorResponse | undefined {
  if (!isRecord(data)) return undefined;
  const { statusCode, error, message, fields, requestId } = data;
  if (typeof statusCode !== 'number' || !Number.isSafeInteger(statusCode)) return undefined;
  if (typeof error !== 'string' || typeof message !== 'string') return undefined;
  if (fields !== undefined && !isStringRecord(fields)) return undefined;
  if (requestId !== undefined && typeof requestId !== 'string') return undefined;
  return {
    statusCode,
    error,
    message,
    ...(fields === undefined ? {} : { fields: { ...fields } }),
    ...(requestId === undefined ? {} : { requestId }),
  };
}
