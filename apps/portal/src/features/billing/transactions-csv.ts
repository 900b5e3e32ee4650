// The history as a CSV file (RFC 4180): every field quoted when it holds a comma, quote or line
// break; amounts in dollars with two decimals and a point, so spreadsheets in any locale read them.
import type { Transaction } from '@gridfront/contracts/billing';

export interface CsvHeadings {
  date: string;
  type: string;
  description: string;
  amount: string;
  billNumber: string;
  dueDate: string;
  confirmation: string;
}

/** Quotes one field when it needs it (RFC 4180); the usage chart's CSV uses it too. */
export function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

export function transactionsCsv(
  rows: readonly Transaction[],
  headings: CsvHeadings,
  typeName: (type: string) => string,
  describe: (row: Transaction) => string = (row) => row.description,
): string {
  const lines = [
    [
      headings.date,
      headings.type,
      headings.description,
      headings.amount,
      headings.billNumber,
      headings.dueDate,
      headings.confirmation,
    ],
    ...rows.map((row) => [
      row.transactionDate,
      typeName(row.transactionType),
      describe(row),
      dollars(row.amountCents),
      row.billNumber ?? '',
      row.dueDate ?? '',
      row.confirmationNumber ?? '',
    ]),
  ];
  return `${lines.map((line) => line.map(field).join(',')).join('\r\n')}\r\n`;
}

/** Offers text as a file download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(new Blob([text], { type }), fileName);
}

/** Offers a blob (a CSV, a bill PDF) as a file download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
