// One line of a priced bill.
import { chargeCents, roundQuantity } from '../money/cents.ts';

export type LineItemKind = 'fixed' | 'energy' | 'demand' | 'export_credit' | 'minimum';

export interface BillLineItem {
  kind: LineItemKind;
  description: string;
  quantity: number | null;
  unit: string | null;
  /** Price per unit in dollars (rate + adj). */
  rate: number | null;
  amountCents: number;
}

/** A priced line: the quantity rounded to what the bill shows (3 decimals), then × rate in cents. */
export function line(
  kind: LineItemKind,
  description: string,
  quantity: number,
  unit: string,
  rate: number,
): BillLineItem {
  const shown = roundQuantity(quantity);
  return { kind, description, quantity: shown, unit, rate, amountCents: chargeCents(shown, rate) };
}
