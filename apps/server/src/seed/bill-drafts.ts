// One bill as the demo issues it: number, bill and due dates, late fee, amounts and ledger entries.
// Pure; the seed's billing history and the bill run both draft their bills here.
import { addDays } from '../domain/calendar/local-day.ts';
import type { BillLineItem } from '../domain/tariffs/bill-line.ts';
import type { PricedBillingPeriod } from '../domain/tariffs/price-billing-period.ts';

export interface SegmentDraft {
  serviceId: string;
  utilityType: 'electricity' | 'gas' | 'water' | 'sewer';
  tariffId: string;
  usageQuantity: number;
  usageUnit: string;
  priced: PricedBillingPeriod;
}

export interface MonthCharges {
  periodStart: string;
  periodEnd: string;
  segments: SegmentDraft[];
}

export type BillStatus = 'open' | 'partial' | 'paid';

export interface BillDraft {
  billNumber: string;
  periodStart: string;
  periodEnd: string;
  billDate: string;
  dueDate: string;
  previousBalanceCents: number;
  paymentsReceivedCents: number;
  currentChargesCents: number;
  amountDueCents: number;
  lateFeeCents: number;
  status: BillStatus;
  segments: SegmentDraft[];
}

export interface LedgerDraft {
  entryDate: string;
  kind: 'bill' | 'payment' | 'late_fee';
  transactionType: 'C1BL' | 'PAY' | 'LPC';
  description: string;
  amountCents: number;
  billNumber: string | null;
  /** Confirmation number of the payment, for payment entries. */
  paymentConfirmation: string | null;
}

/** Bills go out 3 days after the period and are due 21 days later. */
export const BILL_LAG_DAYS = 3;
export const DUE_DAYS = 21;

export function billDateFor(periodEnd: string): string {
  return addDays(periodEnd, BILL_LAG_DAYS);
}

export function dueDateFor(billDate: string): string {
  return addDays(billDate, DUE_DAYS);
}

export function billNumberFor(accountNumber: string, periodEnd: string): string {
  return `${accountNumber}-${periodEnd.slice(0, 7).replace('-', '')}`;
}

/**
 * The late fee on a bill: charged when the previous bill asked for money and less than its amount
 * due was paid by its due date (nothing, late, or short).
 */
export function lateFeeFor(
  previous: { amountDueCents: number; paidByDueDateCents: number } | null,
  lateFeeCents: number,
): number {
  if (!previous || previous.amountDueCents <= 0) return 0;
  return previous.paidByDueDateCents < previous.amountDueCents ? lateFeeCents : 0;
}

export function billStatusFor(amountDueCents: number, paidCents: number): BillStatus {
  return amountDueCents <= 0 || paidCents >= amountDueCents ? 'paid' : paidCents > 0 ? 'partial' : 'open';
}

export interface BillInput {
  accountNumber: string;
  month: MonthCharges;
  previousBalanceCents: number;
  paymentsReceivedCents: number;
  lateFeeCents: number;
}

/**
 * The bill of a month and its ledger entries (late fee first, then the bill's charges). Its amount
 * due is the ledger balance on its bill date: previous amount due − payments since + current charges.
 */
export function draftBill(input: BillInput): { bill: BillDraft; ledger: LedgerDraft[] } {
  const { month, lateFeeCents } = input;
  const billDate = billDateFor(month.periodEnd);
  const billNumber = billNumberFor(input.accountNumber, month.periodEnd);
  const serviceCharges = month.segments.reduce((sum, segment) => sum + segment.priced.totalCents, 0);
  const currentChargesCents = serviceCharges + lateFeeCents;
  const amountDueCents = input.previousBalanceCents - input.paymentsReceivedCents + currentChargesCents;
  const bill: BillDraft = {
    billNumber,
    periodStart: month.periodStart,
    periodEnd: month.periodEnd,
    billDate,
    dueDate: dueDateFor(billDate),
    previousBalanceCents: input.previousBalanceCents,
    paymentsReceivedCents: input.paymentsReceivedCents,
    currentChargesCents,
    amountDueCents,
    lateFeeCents,
    status: 'open',
    segments: month.segments,
  };
  const ledger: LedgerDraft[] = [];
  if (lateFeeCents > 0) {
    ledger.push({
      entryDate: billDate,
      kind: 'late_fee',
      transactionType: 'LPC',
      description: 'Late payment charge',
      amountCents: lateFeeCents,
      billNumber,
      paymentConfirmation: null,
    });
  }
  ledger.push({
    entryDate: billDate,
    kind: 'bill',
    transactionType: 'C1BL',
    description: `Bill for ${month.periodStart} to ${month.periodEnd}`,
    amountCents: serviceCharges,
    billNumber,
    paymentConfirmation: null,
  });
  return { bill, ledger };
}

/** How a segment's usage is stored (numeric(14,3)). */
export function usageQuantityText(quantity: number): string {
  return quantity.toFixed(3);
}

/** A priced line as stored in bill_line_items: quantity to 3 decimals, rate to 6. */
export function lineItemColumns(item: BillLineItem) {
  return {
    kind: item.kind,
    description: item.description,
    quantity: item.quantity === null ? null : item.quantity.toFixed(3),
    unit: item.unit,
    rate: item.rate === null ? null : String(Math.round(item.rate * 1e6) / 1e6),
    amountCents: item.amountCents,
  };
}
