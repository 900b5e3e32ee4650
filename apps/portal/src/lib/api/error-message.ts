import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { i18n } from '../../i18n/i18n.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { readErrorBody } from './error-body.ts';

export function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** HTTP status of a failed call, or undefined when the call never got an answer. */
export function errorStatus(error: unknown): number | undefined {
  return isFetchBaseQueryError(error) && typeof error.status === 'number' ? error.status : undefined;
}

/**
 * What to tell the user about a failed call: the server's `message` (translated when it is a
 * spec message), or a generic line when the answer is missing or malformed.
 */
export function errorMessage(error: FetchBaseQueryError | SerializedError | undefined | unknown): string {
  if (isFetchBaseQueryError(error)) {
    const body = readErrorBody(error.data);
    if (body) return translateServerMessage(body.message);
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return i18n.t('errors.network');
  }
  return i18n.t('errors.generic');
}
