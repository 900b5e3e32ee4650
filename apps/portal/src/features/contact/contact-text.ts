// The contact call's own messages (beyond the spec's) in the reader's language; any other server
// message goes through the portal's usual translation.

import { contactMessages } from '@gridfront/contracts/contact-messages';
import { i18n } from '../../i18n/i18n.ts';
import { readErrorBody } from '../../lib/api/error-body.ts';
import { isFetchBaseQueryError } from '../../lib/api/error-message.ts';
import { failureText, serverText } from '../../lib/api/server-text.ts';

type ContactMessageKey = keyof typeof contactMessages;
const keyByText: ReadonlyMap<string, ContactMessageKey> = new Map(
  (Object.entries(contactMessages) as [ContactMessageKey, string][]).map(([key, text]) => [text, key]),
);

/**
 * A field's error: a contact message translated here; a spec message is returned as it is, for
 * the field to translate (TextField does).
 */
export function fieldError(message: string | undefined): string | undefined {
  const key = message === undefined ? undefined : keyByText.get(message);
  return key ? i18n.t(`contact.messages.${key}`) : message;
}

/** A server answer as the toast shows it. */
export function contactServerText(message: string): string {
  const key = keyByText.get(message);
  return key ? i18n.t(`contact.messages.${key}`) : serverText(message);
}

/** What to tell the customer about a failed send: the server's message, translated when known. */
export function contactFailureText(error: unknown): string {
  if (isFetchBaseQueryError(error)) {
    const body = readErrorBody(error.data);
    if (body) return contactServerText(body.message);
  }
  return failureText(error);
}
