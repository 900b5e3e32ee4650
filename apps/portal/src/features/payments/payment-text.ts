// The English messages of the payment calls (contracts, card and bank checks, the processor's
// reasons), shown in the reader's language; anything unknown is shown as sent.
import { messages } from '@gridfront/contracts/messages';
import { paymentSourceMessages } from '@gridfront/contracts/payment-sources';
import { checkoutMessages, declineReasons } from '@gridfront/contracts/payments';
import { i18n } from '../../i18n/i18n.ts';
import { readErrorBody } from '../../lib/api/error-body.ts';
import { isFetchBaseQueryError } from '../../lib/api/error-message.ts';
import { serverText } from '../../lib/api/server-text.ts';
import type { PaymentsTexts } from './locales/en.ts';

type ErrorKey = keyof PaymentsTexts['errors'];

const keyByText = new Map<string, ErrorKey>([
  [checkoutMessages.amount, 'amount'],
  [checkoutMessages.amountTooLarge, 'amountTooLarge'],
  [checkoutMessages.tokenInvalid, 'tokenInvalid'],
  [checkoutMessages.tokenUsed, 'tokenUsed'],
  [checkoutMessages.inProgress, 'inProgress'],
  [checkoutMessages.tooManyDeclines, 'tooManyDeclines'],
  [paymentSourceMessages.cardNumber, 'cardNumber'],
  [paymentSourceMessages.expiry, 'expiry'],
  [paymentSourceMessages.cvc, 'cvc'],
  [paymentSourceMessages.routing, 'routing'],
  [paymentSourceMessages.bankAccount, 'bankAccount'],
  [messages.validEmail, 'email'],
  [checkoutMessages.unavailable, 'unavailable'],
  [checkoutMessages.notCharged, 'notCharged'],
  [declineReasons.declined, 'declined'],
  [declineReasons.insufficient_funds, 'insufficientFunds'],
  [declineReasons.closed_account, 'closedAccount'],
]);

export function paymentText(message: string | null | undefined): string {
  if (!message) return '';
  const key = keyByText.get(message);
  return key ? i18n.t(`errors.${key}`, { ns: 'payments' }) : message;
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
