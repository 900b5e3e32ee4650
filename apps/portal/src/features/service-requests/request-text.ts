// The service request calls' own messages in the reader's language; a spec message goes through
// the portal's usual translation.
import { serviceRequestMessages } from '@gridfront/contracts/service-requests-messages';
import { i18n } from '../../i18n/i18n.ts';
import { readErrorBody } from '../../lib/api/error-body.ts';
import { isFetchBaseQueryError } from '../../lib/api/error-message.ts';
import { failureText, serverText } from '../../lib/api/server-text.ts';
import { SERVICE_REQUESTS_NAMESPACE } from './texts.ts';

type Key = keyof typeof serviceRequestMessages;
const keyByText: ReadonlyMap<string, Key> = new Map(
  (Object.entries(serviceRequestMessages) as [Key, string][]).map(([key, text]) => [text, key]),
);

/** The message's key when it is one of the flow's own. */
export function requestMessageKey(message: string): Key | undefined {
  return keyByText.get(message);
}

/** A field's or the server's message, translated: the flow's own here, the spec's by the portal. */
export function requestText(message: string): string {
  const key = keyByText.get(message);
  return key ? i18n.t(`messages.${key}`, { ns: SERVICE_REQUESTS_NAMESPACE }) : serverText(message);
}

/** The server's message of a failed call (untranslated), or undefined. */
export function failureMessage(error: unknown): string | undefined {
  return isFetchBaseQueryError(error) ? readErrorBody(error.data)?.message : undefined;
}

/** What to tell the customer about a failed call, translated. */
export function requestFailureText(error: unknown): string {
  const message = failureMessage(error);
  return message ? requestText(message) : failureText(error);
}
