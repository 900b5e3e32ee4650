// How much of each service's charges is still unpaid: the spec shows a current outstanding amount
// per service, while the ledger only knows the account's balance.

/**
 * Spreads `unpaidCents` over the segments pro rata to their amounts, by the largest-remainder
 * method, so the parts are whole cents and add up exactly to the unpaid total.
 */
export function allocateOutstanding(segmentAmounts: readonly number[], unpaidCents: number): number[] {
  const total = segmentAmounts.reduce((sum, amount) => sum + Math.max(amount, 0), 0);
  if (unpaidCents <= 0 || total <= 0) return segmentAmounts.map(() => 0);
  const owed = Math.min(unpaidCents, total);
  const exact = segmentAmounts.map((amount) => (Math.max(amount, 0) * owed) / total);
  const parts = exact.map(Math.floor);
  let left = owed - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** The bill's part that is still owed: the account balance, capped at what this bill asked for. */
export function unpaidOfBill(balanceCents: number, amountDueCents: number): number {
  return Math.max(0, Math.min(balanceCents, amountDueCents));
}

/**
 * The latest bill's status as the ledger has it now: a payment posted after the bill run makes it
 * partly paid or paid at once, without rewriting the bill.
 */
export function statusOfUnpaid(unpaidCents: number, amountDueCents: number): 'open' | 'partial' | 'paid' {
  if (unpaidCents <= 0) return 'paid';
  return unpaidCents < amountDueCents ? 'partial' : 'open';
}
