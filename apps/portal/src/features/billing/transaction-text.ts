// A transaction described in the reader's language from its type and data; the ledger's own
// description (written by the billing system in its language) only for kinds the portal does not know.
import type { Transaction } from '@gridfront/contracts/billing';
import type { TFunction } from 'i18next';
import { formatDate } from './format.ts';

export function describeTransaction(row: Transaction, t: TFunction<'billing'>, language: string): string {
  if (row.transactionType === 'C1BL' && row.periodStart && row.periodEnd) {
    return t('history.billFor', {
      from: formatDate(row.periodStart, language),
      to: formatDate(row.periodEnd, language),
    });
  }
  if (row.transactionType === 'PAY' && row.confirmationNumber) {
    return t('history.paymentReceived', { confirmation: row.confirmationNumber });
  }
  if (row.transactionType === 'LPC') return t('history.lateFee');
  return row.description;
}
