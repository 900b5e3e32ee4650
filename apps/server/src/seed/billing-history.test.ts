import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../domain/random/prng.ts';
import type { PricedBillingPeriod } from '../domain/tariffs/price-billing-period.ts';
import { type BillingHistoryInput, buildBillingHistory, type MonthCharges } from './billing-history.ts';

function priced(totalCents: number): PricedBillingPeriod {
  return {
    lineItems: [
      {
        kind: 'fixed',
        description: 'Customer charge',
        quantity: 1,
        unit: 'month',
        rate: 1,
        amountCents: totalCents,
      },
    ],
    totalCents,
    usage: { unit: 'kWh', importQuantity: 0, exportQuantity: 0, peakDemandKw: null },
  };
}

function month(start: string, end: string, cents: number): MonthCharges {
  return {
    periodStart: start,
    periodEnd: end,
    segments: [
      {
        serviceId: 's',
        utilityType: 'electricity',
        tariffId: 't',
        usageQuantity: 1,
        usageUnit: 'kWh',
        priced: priced(cents),
      },
    ],
  };
}

const months = [
  month('2025-01-01', '2025-01-31', 10_000),
  month('2025-02-01', '2025-02-28', 12_000),
  month('2025-03-01', '2025-03-31', 9_000),
];
const base: BillingHistoryInput = {
  accountNumber: '3100000003',
  payer: 'autopay',
  payMethod: 'ach',
  months,
  today: '2025-05-01',
  fees: { cardFeeBasisPoints: 250, achFeeCents: 75, lateFeeCents: 500 },
  random: mulberry32(1),
};

const balanceOn = (ledger: ReturnType<typeof buildBillingHistory>['ledger'], date: string) =>
  ledger.filter((entry) => entry.entryDate <= date).reduce((sum, entry) => sum + entry.amountCents, 0);

describe('billing history', () => {
  it('bills 3 days after each month, due 21 days later, paid by AutoPay on the due date', () => {
    const history = buildBillingHistory(base);
    expect(
      history.bills.map((b) => [b.billNumber, b.billDate, b.dueDate, b.amountDueCents, b.status]),
    ).toEqual([
      ['3100000003-202501', '2025-02-03', '2025-02-24', 10_000, 'paid'],
      ['3100000003-202502', '2025-03-03', '2025-03-24', 12_000, 'paid'],
      ['3100000003-202503', '2025-04-03', '2025-04-24', 9_000, 'paid'],
    ]);
    expect(history.payments.map((p) => [p.paidDate, p.amountCents, p.feeCents, p.channel])).toEqual([
      ['2025-02-24', 10_000, 75, 'autopay'],
      ['2025-03-24', 12_000, 75, 'autopay'],
      ['2025-04-24', 9_000, 75, 'autopay'],
    ]);
    expect(history.bills[1]?.paymentsReceivedCents).toBe(10_000);
  });

  it('leaves bills open from today on, and the latest open when asked', () => {
    const recent = buildBillingHistory({ ...base, today: '2025-04-20' });
    expect(recent.bills.at(-1)?.status).toBe('open');
    expect(recent.payments).toHaveLength(2);
    const keep = buildBillingHistory({ ...base, keepLatestOpen: true });
    expect(keep.bills.at(-1)?.status).toBe('open');
    expect(balanceOn(keep.ledger, '2025-05-01')).toBe(9_000);
  });

  it('charges a late fee on the next bill after a late or short payment, keeping amount due = ledger balance', () => {
    for (let seed = 1; seed < 40; seed++) {
      const history = buildBillingHistory({
        ...base,
        payer: 'delinquent',
        payMethod: 'card',
        random: mulberry32(seed),
      });
      history.bills.forEach((bill, i) => {
        expect(bill.amountDueCents).toBe(balanceOn(history.ledger, bill.billDate));
        const previous = history.bills[i - 1];
        if (!previous) return;
        const payment = history.payments.find((p) => p.billNumber === previous.billNumber);
        const late =
          !payment || payment.paidDate > previous.dueDate || payment.amountCents < previous.amountDueCents;
        expect(bill.lateFeeCents).toBe(late ? 500 : 0);
      });
      for (const payment of history.payments) {
        expect(payment.feeCents).toBe(Math.round(payment.amountCents * 0.025 + 1e-9));
      }
    }
  });
});
