// One line of a priced bill.
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
