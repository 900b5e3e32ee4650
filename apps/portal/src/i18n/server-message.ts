import { messageKeyByText } from '@gridfront/contracts/messages';
import { i18n } from './i18n.ts';

/**
 * The server answers with the spec's English messages; a message the portal knows is shown in
 * the reader's language, anything else as sent.
 */
export function translateServerMessage(message: string): string {
  const key = messageKeyByText.get(message);
  return key ? i18n.t(`messages.${key}`, { page: '{page}' }) : message;
}
