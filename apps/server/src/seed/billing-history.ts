// An account's bills, payments and ledger from its monthly priced segments and its payment habit.
// Pure: the same inputs give the same history. Invariant: a bill's amount due equals the ledger
// balance on its bill date (previous amount due − payments since + current charges).
import { addDays } from '../domain/calendar/local-day.ts';
import { type FeeSchedule, paymentFeeCents } from '../domain/fees/payment-fees.ts';
import { formatCents } from '../domain/money/cents.ts';
import { type Random, randomInt } from '../domain/random/prng.ts';
import type { PayerHabit, PayMethod } from './account-plan.ts';
import {
  type BillDraft,
  billDateFor,
  billStatusFor,
  draftBill,
  type LedgerDraft,
  lateFeeFor,
  type MonthCharges,
} from './bill-drafts.ts';
import type { DemoPayment } from './demo-payer.ts';

export type { BillDraft, LedgerDraft, MonthCharges, SegmentDraft } from './bill-drafts.ts';
export { BILL_LAG_DAYS, DUE_DAYS } from './bill-drafts.ts';

export interface PaymentDraft {
  billNumber: string;
  confirmationNumber: string;
  idempotencyKey: string;
  amountCents: number;
  feeCents: number;
  method: PayMethod | 'cash';
  channel: 'portal' | 'quickpay' | 'autopay' | 'mail' | 'agent';
  sourceLabel: string;
  paidDate: string;
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
  /**
   * The day and channel of a bill's payment for a payer not on AutoPay (seed/demo-payer.ts, the rule
   * the bill run pays later bills by); without it they are drawn from `random`.
   */
  paymentOf?: (bill: BillDraft) => DemoPayment;
}

function sourceLabelFor(method: PayMethod | 'cash', accountNumber: string): string {
  const last4 = accountNumber.slice(-4);
  if (method === 'card') return `Visa ending ${last4}`;
  if (method === 'ach') return `Checking ending ${last4}`;
  return method === 'cash' ? 'Cash' : 'Check';
}

export function buildBillingHistory(input: BillingHistoryInput): BillingHistory {
  const { random, fees } = input;
  const bills: BillDraft[] = [];
  const payments: PaymentDraft[] = [];
  const ledger: LedgerDraft[] = [];
  let previous: { bill: BillDraft; paidCents: number; paidDate: string | null } | null = null;
  let paymentsSincePrevious = 0;

  const billable = input.months.filter((month) => billDateFor(month.periodEnd) < input.today);
  billable.forEach((month, index) => {
    const { bill, ledger: billEntries } = draftBill({
      accountNumber: input.accountNumber,
      month,
      previousBalanceCents: previous?.bill.amountDueCents ?? 0,
      paymentsReceivedCents: paymentsSincePrevious,
      lateFeeCents: lateFeeFor(
        previous && {
          amountDueCents: previous.bill.amountDueCents,
          paidByDueDateCents:
            previous.paidDate !== null && previous.paidDate <= previous.bill.dueDate ? previous.paidCents : 0,
        },
        fees.lateFeeCents,
      ),
    });
    const { billNumber, billDate, dueDate } = bill;
    ledger.push(...billEntries);

    // How this bill gets paid.
    const due = bill.amountDueCents;
    let paidDate: string | null = null;
    let amount = 0;
    const latest = index === billable.length - 1;
    const planned = input.payer === 'autopay' ? undefined : input.paymentOf?.(bill);
    if (due > 0 && !(latest && input.keepLatestOpen)) {
      switch (input.payer) {
        case 'autopay':
          paidDate = dueDate;
          amount = due;
          break;
        case 'prompt':
          paidDate = planned?.day ?? addDays(billDate, randomInt(random, 2, 18));
          amount = due;
          break;
        case 'late':
          paidDate =
            planned?.day ??
            (random() < 0.6
              ? addDays(dueDate, randomInt(random, 1, 7))
              : addDays(billDate, randomInt(random, 5, 20)));
          amount = due;
          break;
        case 'delinquent': {
          const skip = random() < 0.35;
          paidDate = skip ? null : (planned?.day ?? addDays(dueDate, randomInt(random, -3, 7)));
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
      const method = planned?.method ?? input.payMethod;
      const channel =
        input.payer === 'autopay'
          ? 'autopay'
          : (planned?.channel ?? (method === 'check' ? 'mail' : random() < 0.12 ? 'quickpay' : 'portal'));
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
    bill.status = billStatusFor(due, amount);
    bills.push(bill);
    previous = { bill, paidCents: amount, paidDate };
  });
  return { bills, payments, ledger };
}
