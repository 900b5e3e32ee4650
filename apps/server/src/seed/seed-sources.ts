// What the seeded history keeps of a payment's source (contracts' payment-sources.ts): a card the
// demo pays with is a Visa, a bank account is 'bank', both ending in the account number's last four
// digits; a check or cash has none.
import type { SourceBrand } from '@gridfront/contracts/payment-sources';

export function seededSource(
  method: string,
  accountNumber: string,
): { brand: SourceBrand; last4: string } | null {
  const last4 = accountNumber.slice(-4);
  if (method === 'card') return { brand: 'visa', last4 };
  if (method === 'ach') return { brand: 'bank', last4 };
  return null;
}
