import type { Transaction } from '@gridfront/contracts/billing';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { BILLING_NAMESPACE } from './texts.ts';
import { describeTransaction } from './transaction-text.ts';

const base: Transaction = {
  transactionId: '5b0f1c52-3a55-4a47-9d0e-0a4a3c1f2b10',
  transactionDate: '2026-03-03',
  transactionType: 'C1BL',
  description: 'Bill for 2026-02-01 to 2026-02-28',
  amountCents: 10_000,
  billId: null,
  billNumber: 'B-1',
  periodStart: '2026-02-01',
  periodEnd: '2026-02-28',
  dueDate: '2026-03-24',
  paymentMethod: null,
  confirmationNumber: null,
  paymentStatus: null,
  hasPdf: true,
};

beforeAll(async () => {
  await i18n.loadLanguages(['de', 'es']);
  await i18n.loadNamespaces(BILLING_NAMESPACE);
});

describe('describeTransaction', () => {
  it('describes bills, payments and late fees in the reader’s language, not the ledger’s', () => {
    const de = i18n.getFixedT('de', BILLING_NAMESPACE);
    expect(describeTransaction(base, de, 'de')).toBe('Rechnung für 01.02.2026 – 28.02.2026');
    const es = i18n.getFixedT('es', BILLING_NAMESPACE);
    const payment = {
      ...base,
      transactionType: 'PAY',
      confirmationNumber: 'GF12',
      description: 'Payment - thank you',
    };
    expect(describeTransaction(payment, es, 'es')).toBe('Pago recibido, confirmación GF12');
    expect(describeTransaction({ ...base, transactionType: 'LPC' }, es, 'es')).toBe(
      'Recargo por pago tardío',
    );
  });

  it('falls back to the ledger’s description for a kind it does not know', () => {
    const en = i18n.getFixedT('en', BILLING_NAMESPACE);
    expect(
      describeTransaction({ ...base, transactionType: 'ADJ', description: 'Courtesy credit' }, en, 'en'),
    ).toBe('Courtesy credit');
  });
});
