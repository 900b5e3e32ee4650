import { describe, expect, it } from 'vitest';
import { DEMO_TARIFFS } from '../../seed/demo-tariffs.ts';
import type { DailyIntervalUsage } from '../tariffs/aggregate-usage.ts';
import { priceBillingPeriod } from '../tariffs/price-billing-period.ts';
import { compareRates } from './compare-rates.ts';
import { householdWh, intervalDays, panelExportWh, TIME_ZONE } from './comparison-test-kit.ts';
import type { ComparisonTariff } from './eligible-tariffs.ts';

const demo = (code: string): ComparisonTariff => {
  const tariff = DEMO_TARIFFS.find((candidate) => candidate.code === code);
  if (!tariff) throw new Error(`no demo tariff ${code}`);
  return { id: code, name: tariff.name, sector: tariff.sector, structure: tariff.structure };
};
// A net-metering plan: exports offset imports period by period and the surplus carries month to month.
const netMetering: ComparisonTariff = {
  id: 'E-NEM',
  name: 'Residential Net Metering',
  sector: 'Residential',
  structure: {
    name: 'Residential Net Metering',
    sector: 'Residential',
    dgrules: 'Net Metering',
    fixedchargefirstmeter: 15,
    fixedchargeunits: '$/month',
    energyratestructure: [[{ rate: 0.128, adj: 0.0124 }]],
  },
};
const tariffs = [demo('E-RS'), demo('E-TOU'), demo('E-GS'), demo('G-RS'), netMetering];
const year2025 = intervalDays('2025-01-01', '2025-12-31', householdWh, panelExportWh);

/** The bills of a plan, priced here month by month straight from the tariff engine. */
function engineBills(tariff: ComparisonTariff, days: readonly DailyIntervalUsage[]): number[] {
  const totals: number[] = [];
  let carriedCreditKwh = 0;
  for (let month = 1; month <= 12; month++) {
    const key = `2025-${String(month).padStart(2, '0')}`;
    const monthDays = days.filter((day) => day.date.startsWith(key));
    const priced = priceBillingPeriod(
      tariff.structure,
      { kind: 'intervals', days: monthDays },
      {
        periodStart: monthDays[0]?.date ?? '',
        periodEnd: monthDays.at(-1)?.date ?? '',
        timeZone: TIME_ZONE,
        carriedCreditKwh,
      },
    );
    carriedCreditKwh = priced.carriedCreditKwh ?? 0;
    totals.push(priced.totalCents);
  }
  return totals;
}

describe('compareRates', () => {
  const comparison = compareRates({
    days: year2025,
    timeZone: TIME_ZONE,
    tariffs,
    currentTariffId: 'E-RS',
    sector: 'Residential',
  });

  it('prices each plan as the sum of the bills the tariff engine gives on the same days', () => {
    expect(comparison.periods.map((period) => period.month)).toEqual(
      Array.from({ length: 12 }, (_, k) => `2025-${String(k + 1).padStart(2, '0')}`),
    );
    for (const code of ['E-RS', 'E-TOU', 'E-NEM']) {
      const plan = comparison.plans.find((candidate) => candidate.tariffId === code);
      const tariff = tariffs.find((candidate) => candidate.id === code);
      if (!plan || !tariff) throw new Error(`${code} missing`);
      const expected = engineBills(tariff, year2025);
      expect(plan.bills.map((bill) => bill.totalCents)).toEqual(expected);
      expect(plan.annualCents).toBe(expected.reduce((sum, cents) => sum + cents, 0));
      for (const bill of plan.bills) {
        expect(bill.totalCents).toBe(bill.lineItems.reduce((sum, item) => sum + item.amountCents, 0));
      }
    }
    // Net metering carried a surplus at least once, so the chaining above was exercised.
    const nem = comparison.plans.find((plan) => plan.tariffId === 'E-NEM');
    expect(nem?.bills.some((bill) => bill.lineItems.some((item) => item.kind === 'export_credit'))).toBe(
      true,
    );
  });

  it('offers a residential customer residential electric plans only', () => {
    expect(comparison.plans.map((plan) => plan.tariffId).sort()).toEqual(['E-NEM', 'E-RS', 'E-TOU']);
    const commercial = compareRates({
      days: year2025,
      timeZone: TIME_ZONE,
      tariffs,
      currentTariffId: 'E-GS',
      sector: 'Commercial',
    });
    expect(commercial.plans.map((plan) => plan.tariffId)).toEqual(['E-GS']);
  });

  it('keeps the current plan even where it is not offered, and respects URDB demand bounds', () => {
    const capped: ComparisonTariff = {
      ...netMetering,
      id: 'E-SMALL',
      // This household peaks above 2 kW (an evening quarter-hour of ~0.6 kWh), so it is out.
      structure: { ...netMetering.structure, peakkwcapacitymax: 2 } as ComparisonTariff['structure'],
    };
    const result = compareRates({
      days: year2025,
      timeZone: TIME_ZONE,
      tariffs: [...tariffs, capped],
      currentTariffId: 'E-GS',
      sector: 'Residential',
    });
    expect(result.plans[0]?.tariffId).toBe('E-GS');
    expect(result.plans.map((plan) => plan.tariffId)).not.toContain('E-SMALL');
  });

  it('puts the current plan first, ranks the rest by annual cost and gives the differences', () => {
    const [first, ...others] = comparison.plans;
    expect(first?.tariffId).toBe('E-RS');
    expect(first?.current).toBe(true);
    expect(first?.annualDifferenceCents).toBe(0);
    const annual = others.map((plan) => plan.annualCents);
    expect(annual).toEqual([...annual].sort((a, b) => a - b));
    const ranks = [...comparison.plans]
      .sort((a, b) => a.annualCents - b.annualCents)
      .map((plan) => plan.rank);
    expect(ranks).toEqual([1, 2, 3]);
    for (const plan of others) {
      expect(plan.annualDifferenceCents).toBe(plan.annualCents - (first?.annualCents ?? 0));
      plan.bills.forEach((bill, k) => {
        expect(bill.differenceCents).toBe(bill.totalCents - (first?.bills[k]?.totalCents ?? 0));
      });
      expect(plan.bills.reduce((sum, bill) => sum + bill.differenceCents, 0)).toBe(
        plan.annualDifferenceCents,
      );
    }
    expect(comparison.estimatedMonths).toEqual([]);
    expect(comparison.plans.every((plan) => plan.whatIfEnergy === null)).toBe(true);
  });

  it('fills months without data from the reference profile scaled to the customer, and marks them', () => {
    // The customer draws 200 Wh every quarter-hour from July; similar homes 100 Wh: scale 2.
    const fromJuly = intervalDays('2025-07-01', '2025-12-31', () => 200);
    // Some similar homes have panels; this customer has none, so its filled days export nothing.
    const reference = {
      importWh: Array.from({ length: 12 }, () => new Array<number>(96).fill(100)),
      exportWh: Array.from({ length: 12 }, () => new Array<number>(96).fill(30)),
    };
    const result = compareRates({
      days: fromJuly,
      timeZone: TIME_ZONE,
      tariffs,
      currentTariffId: 'E-RS',
      sector: 'Residential',
      asOf: '2025-12-31',
      referenceProfile: reference,
    });
    expect(result.estimatedMonths).toEqual([
      '2025-01',
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
    ]);
    expect(result.periods.map((period) => period.estimated)).toEqual([
      ...new Array(6).fill(true),
      ...new Array(6).fill(false),
    ]);
    const bills = result.plans[0]?.bills ?? [];
    // January: 31 days × 96 slots × 200 Wh = 595.2 kWh. March loses an hour to DST: 92 slots on the 9th.
    expect(bills[0]?.importKwh).toBe(595.2);
    expect(bills[0]?.estimated).toBe(true);
    expect(bills[0]?.exportKwh).toBe(0);
    expect(bills[2]?.importKwh).toBeCloseTo(((31 * 96 - 4) * 200) / 1000, 6);
    expect(bills[6]?.importKwh).toBe(595.2);
    expect(bills[6]?.estimated).toBe(false);
  });

  it('refuses to invent days when no reference profile is given', () => {
    const halfYear = compareRates({
      days: intervalDays('2025-07-01', '2025-12-31', () => 200),
      timeZone: TIME_ZONE,
      tariffs,
      currentTariffId: 'E-RS',
      sector: 'Residential',
      billingPeriods: [
        { periodStart: '2025-07-01', periodEnd: '2025-09-30' },
        { periodStart: '2025-10-01', periodEnd: '2025-12-31' },
      ],
    });
    expect(halfYear.periods.map((period) => period.month)).toEqual(['2025-08', '2025-11']);
    expect(halfYear.estimatedMonths).toEqual([]);
    expect(() =>
      compareRates({
        days: intervalDays('2025-07-01', '2025-12-31', () => 200),
        timeZone: TIME_ZONE,
        tariffs,
        currentTariffId: 'E-RS',
        sector: 'Residential',
      }),
    ).toThrow(/no reference profile/);
    expect(() =>
      compareRates({
        days: intervalDays('2025-07-01', '2025-12-31', () => 200),
        timeZone: TIME_ZONE,
        tariffs,
        currentTariffId: 'E-RS',
        sector: 'Residential',
        asOf: '2026-06-30',
      }),
    ).toThrow(/no reference profile/);
  });
});
