// An account's bills, payments and ledger from its monthly priced segments and its payment habit.
// Pure: the same inputs give the same history. Invariant: a bill's amount due equals the ledger
// balance on its bill date (previous amount due − payments since + current charges).
import { addDays } from '../domain/calendar/local-day.ts';
import { type FeeSchedule, paymentFeeCents } from '../domain/fees/payment-fees.ts';
import { formatCents } from '../domain/money/cents.ts';
import { type Random, randomInt } from '../domain/random/prng.ts';
import type { PricedBillingPeriod } from '../domain/tariffs/price-billing-period.ts';
import type { PayerHabit, PayMethod } from './account-plan.ts';

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
  status: 'open' | 'partial' | 'paid';
  segments: SegmentDraft[];
}

export interface PaymentDraft {
  billNumber: string;
  confirmationNumber: string;
  idempotencyKey: string;
  amountCents: number;
  feeCents: number;
  method: PayMethod;
  channel: 'portal' | 'quickpay' | 'autopay' | 'mail';
  sourceLabel: string;
  paidDate: string;
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

export interface BillingHistory {
  bills: BillDraft[];
  payments: PaymentDraft[];
  ledger: LedgerDraft[];
}

export interface BillingHistoryInput {
  accountNumber: string;
  payer: PayerHabit;
  payMethod: PayMethod;
  months: readonly MonthCharges[];
  /** Local date of today: nothing is billed or paid from today on. */
  today: string;
  fees: FeeSchedule & { lateFeeCents: number };
  random: Random;
  /** Keep the latest bill unpaid (the demo login always has something to pay). */
  keepLatestOpen?: boolean;
}

/** Bills go out 3 days after the period and are due 21 days later. */
export const BILL_LAG_DAYS = 3;
export const DUE_DAYS = 21;

function sourceLabelFor(method: PayMethod, accountNumber: string): string {
  const last4 = accountNumber.slice(-4);
  if (method === 'card') return `Visa ending ${last4}`;
  if (method === 'ach') return `Checking ending ${last4}`;
  return 'Check';
}

export function buildBillingHistory(input: BillingHistoryInput): BillingHistory {
  const { random, fees } = input;
  const bills: BillDraft[] = [];
  const payments: PaymentDraft[] = [];
  const ledger: LedgerDraft[] = [];
  let previous: { bill: BillDraft; paidCents: number; paidDate: string | null } | null = null;
  let paymentsSincePrevious = 0;

  const billable = input.months.filter((month) => addDays(month.periodEnd, BILL_LAG_DAYS) < input.today);
  billable.forEach((month, index) => {
    const billDate = addDays(month.periodEnd, BILL_LAG_DAYS);
    const dueDate = addDays(billDate, DUE_DAYS);
    const billNumber = `${input.accountNumber}-${month.periodEnd.slice(0, 7).replace('-', '')}`;
    const serviceCharges = month.segments.reduce((sum, segment) => sum + segment.priced.totalCents, 0);
    let lateFeeCents = 0;
    if (previous && previous.bill.amountDueCents > 0) {
      const paidLate = previous.paidDate === null || previous.paidDate > previous.bill.dueDate;
      const short = previous.paidCents < previous.bill.amountDueCents;
      if (paidLate || short) lateFeeCents = fees.lateFeeCents;
    }
    const previousBalanceCents = previous?.bill.amountDueCents ?? 0;
    const currentChargesCents = serviceCharges + lateFeeCents;
    const bill: BillDraft = {
      billNumber,
      periodStart: month.periodStart,
      periodEnd: month.periodEnd,
      billDate,
      dueDate,
      previousBalanceCents,
      paymentsReceivedCents: paymentsSincePrevious,
      currentChargesCents,
      amountDueCents: previousBalanceCents - paymentsSincePrevious + currentChargesCents,
      lateFeeCents,
      status: 'open',
      segments: month.segments,
    };
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

    // How this bill gets paid.
    const due = bill.amountDueCents;
    let paidDate: string | null = null;
    let amount = 0;
    const latest = index === billable.length - 1;
    if (due > 0 && !(latest && input.keepLatestOpen)) {
      switch (input.payer) {
        case 'autopay':
          paidDate = dueDate;
          amount = due;
          break;
        case 'prompt':
          paidDate = addDays(billDate, randomInt(random, 2, 18));
          amount = due;
          break;
        case 'late':
          paidDate =
            random() < 0.6
              ? addDays(dueDate, randomInt(random, 1, 7))
              : addDays(billDate, randomInt(random, 5, 20));
          amount = due;
          break;
        case 'delinquent': {
          const skip = random() < 0.35;
          paidDate = skip ? null : addDays(dueDate, randomInt(random, -3, 7));
          amount = skip
            ? 0
            : random() < 0.5
              ? due
              : Math.max(100, Math.round((due * (50 + randomInt(random, 0, 30))) / 100));
          break;
        }
      }
    }
    // Nothing is paid from today on: recent bills stay open.
    if (paidDate !== null && paidDate >= input.today) {
      paidDate = null;
      amount = 0;
    }
    paymentsSincePrevious = 0;
    if (paidDate !== null && amount > 0) {
      const method = input.payMethod;
      const channel =
        input.payer === 'autopay'
          ? 'autopay'
          : method === 'check'
            ? 'mail'
            : random() < 0.12
              ? 'quickpay'
              : 'portal';
      const confirmationNumber = `RB${bill.billNumber.replace('-', '')}`;
      payments.push({
        billNumber,
        confirmationNumber,
        idempotencyKey: `seed-${bill.billNumber}`,
        amountCents: amount,
        feeCents: paymentFeeCents(amount, method, fees),
        method,
        channel,
        sourceLabel: sourceLabelFor(method, input.accountNumber),
        paidDate,
      });
      ledger.push({
        entryDate: paidDate,
        kind: 'payment',
        transactionType: 'PAY',
        description: `${channel === 'autopay' ? 'AutoPay payment' : 'Payment'} ${formatCents(amount)} - thank you`,
        amountCents: -amount,
        billNumber,
        paymentConfirmation: confirmationNumber,
      });
      paymentsSincePrevious = amount;
    }
    bill.status = due <= 0 || amount >= due ? 'paid' : amount > 0 ? 'partial' : 'open';
    bills.push(bill);
    previous = { bill, paidCents: amount, paidDate };
  });
  return { bills, payments, ledger };
}
