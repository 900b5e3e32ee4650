// The English messages of the payment calls (contracts, card and bank checks, the processor's
// reasons), shown in the reader's language; anything unknown is shown as sent.

import { messages } from '@gridfront/contracts/messages';
import { autopayMessages, checkoutMessages, declineReasons } from '@gridfront/contracts/payment-messages';
import { paymentSourceMessages } from '@gridfront/contracts/payment-sources';
import { i18n } from '../../i18n/i18n.ts';
import { readErrorBody } from '../../lib/api/error-body.ts';
import { isFetchBaseQueryError } from '../../lib/api/error-message.ts';
import { serverText } from '../../lib/api/server-text.ts';
import type { PaymentsTexts } from './locales/en.ts';

type ErrorKey =
  | `errors.${keyof PaymentsTexts['errors']}`
  | `autopay.messages.${keyof PaymentsTexts['autopay']['messages']}`;

const keyByText = new Map<string, ErrorKey>([
  [checkoutMessages.amount, 'errors.amount'],
  [checkoutMessages.amountTooLarge, 'errors.amountTooLarge'],
  [checkoutMessages.tokenInvalid, 'errors.tokenInvalid'],
  [checkoutMessages.tokenUsed, 'errors.tokenUsed'],
  [checkoutMessages.inProgress, 'errors.inProgress'],
  [checkoutMessages.tooManyDeclines, 'errors.tooManyDeclines'],
  [paymentSourceMessages.cardNumber, 'errors.cardNumber'],
  [paymentSourceMessages.expiry, 'errors.expiry'],
  [paymentSourceMessages.cvc, 'errors.cvc'],
  [paymentSourceMessages.routing, 'errors.routing'],
  [paymentSourceMessages.bankAccount, 'errors.bankAccount'],
  [messages.validEmail, 'errors.email'],
  [checkoutMessages.unavailable, 'errors.unavailable'],
  [checkoutMessages.notCharged, 'errors.notCharged'],
  [declineReasons.declined, 'errors.declined'],
  [declineReasons.insufficient_funds, 'errors.insufficientFunds'],
  [declineReasons.closed_account, 'errors.closedAccount'],
  ...Object.entries(autopayMessages).map(
    ([key, text]) => [text, `autopay.messages.${key as keyof typeof autopayMessages}`] as [string, ErrorKey],
  ),
]);

export function paymentText(message: string | null | undefined): string {
  if (!message) return '';
  const key = keyByText.get(message);
  return key ? i18n.t(key, { ns: 'payments' }) : message;
}

/** A failed payment call in the reader's language: the server's reason, or what went wrong on the way. */
export function paymentFailureText(error: unknown): string {
  if (isFetchBaseQueryError(error)) {
    const body = readErrorBody(error.data);
    if (body) return keyByText.has(body.message) ? paymentText(body.message) : serverText(body.message);
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
      return i18n.t('errors.network', { ns: 'payments' });
    }
  }
  return i18n.t('errors.generic');
}
