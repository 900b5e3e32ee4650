// A failed gridx call in the reader's words: the messages of the rate comparison from this page's
// texts, anything else as the portal words other failures.
import type { TFunction } from 'i18next';
import { readErrorBody } from '../../lib/api/error-body.ts';
import { errorMessage, isFetchBaseQueryError } from '../../lib/api/error-message.ts';
import { serverMessageKey } from './texts.ts';

export function failureText(error: unknown, t: TFunction<'rates'>): string {
  const body = isFetchBaseQueryError(error) ? readErrorBody(error.data) : undefined;
  const known = body ? serverMessageKey(body.message) : null;
  if (known) return t(`server.${known.key}`, { reference: known.reference ?? '' });
  return errorMessage(error);
}
