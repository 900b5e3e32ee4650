import type { Transaction } from '@gridfront/contracts/billing';
import { describe, expect, it } from 'vitest';
import { transactionsCsv } from './transactions-csv.ts';

const headings = {
  date: 'Date',
  type: 'Type',
  description: 'Description',
  amount: 'Amount (USD)',
  billNumber: 'Bill number',
  dueDate: 'Due date',
  confirmation: 'Confirmation number',
};

const row = (overrides: Partial<Transaction>): Transaction => ({
  transactionId: '5b0f1c52-3a55-4a47-9d0e-0a4a3c1f2b10',
  transactionDate: '2026-03-01',
  transactionType: 'C1BL',
  description: 'Bill',
  amountCents: 0,
  billId: null,
  billNumber: null,
  periodStart: null,
  periodEnd: null,
  dueDate: null,
  paymentMethod: null,
  confirmationNumber: null,
  paymentStatus: null,
  hasPdf: false,
  ...overrides,
});

describe('transactionsCsv', () => {
  it('writes RFC 4180 lines: quotes around commas and quotes, doubled quotes, dollars with a point', () => {
    const csv = transactionsCsv(
      [
        row({
          description: 'Bill for 2026-02-01 to 2026-02-28, "estimated"',
          amountCents: 12_345,
          billNumber: 'B-1',
          dueDate: '2026-03-21',
        }),
        row({
          transactionDate: '2026-03-10',
          transactionType: 'PAY',
          description: 'Payment',
          amountCents: -5,
          confirmationNumber: 'C9',
        }),
      ],
      headings,
      (type) => (type === 'PAY' ? 'Payment' : 'Bill'),
    );
    expect(csv).toBe(
      'Date,Type,Description,Amount (USD),Bill number,Due date,Confirmation number\r\n' +
        '2026-03-01,Bill,"Bill for 2026-02-01 to 2026-02-28, ""estimated""",123.45,B-1,2026-03-21,\r\n' +
        '2026-03-10,Payment,Payment,-0.05,,,C9\r\n',
    );
  });
});
