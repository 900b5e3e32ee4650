// When and how a demo customer not on AutoPay pays a bill: a day drawn from the bill's own seeded
// generator (so the seed's history and the bill run's later payments follow one rule, whichever runs
// first), and the channel a utility sees for the customer's usual method. Pure.
import { addDays } from '../domain/calendar/local-day.ts';
import { hashSeed, mulberry32, randomInt } from '../domain/random/prng.ts';
import type { PayerHabit, PayMethod } from './account-plan.ts';

/** portal: the customer's own card or bank account online; mail: a check mailed in; agent: in person. */
export type DemoPayChannel = 'portal' | 'quickpay' | 'mail' | 'agent';

export interface DemoPayment {
  /** The tenant-local day the money arrives. */
  day: string;
  channel: DemoPayChannel;
  method: PayMethod | 'cash';
}

/** The latest day a demo payment may fall on: before the next bill's date (28 days at the least). */
export const LAST_PAY_DAY_AFTER_BILL = 27;

/**
 * The demo login keeps its latest bill open, so there is always something to pay: its bills are
 * paid (on their day) only once the next bill is out.
 */
export function keepsLatestBillOpen(accountIndex: number): boolean {
  return accountIndex === 0;
}

export function demoPaymentOf(
  seed: number,
  account: { index: number; payer: PayerHabit; payMethod: PayMethod },
  bill: { billNumber: string; billDate: string; dueDate: string },
): DemoPayment {
  const random = mulberry32(hashSeed(seed, 'bill-payment', account.index, bill.billNumber));
  let day: string;
  switch (account.payer) {
    case 'autopay':
      day = bill.dueDate;
      break;
    case 'prompt':
      day = addDays(bill.billDate, randomInt(random, 2, 18));
      break;
    case 'late':
      day =
        random() < 0.6
          ? addDays(bill.dueDate, randomInt(random, 1, 6))
          : addDays(bill.billDate, randomInt(random, 5, 20));
      break;
    case 'delinquent':
      day = addDays(bill.dueDate, randomInt(random, -3, 6));
      break;
  }
  const latest = addDays(bill.billDate, LAST_PAY_DAY_AFTER_BILL);
  if (day > latest) day = latest;
  const draw = random();
  if (account.payMethod === 'check') {
    // Most checks come by mail; some customers bring one, or cash, to the office.
    if (draw < 0.8) return { day, channel: 'mail', method: 'check' };
    return { day, channel: 'agent', method: draw < 0.9 ? 'check' : 'cash' };
  }
  return { day, channel: draw < 0.12 ? 'quickpay' : 'portal', method: account.payMethod };
}
