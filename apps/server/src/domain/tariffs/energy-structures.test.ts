import { describe, expect, it } from 'vitest';
import { priceBillingPeriod } from './price-billing-period.ts';
import { july2024, june2024, reading, schedule } from './test-kit.ts';
import type { UrdbRateStructure } from './urdb.ts';

// One test per URDB structure, on small made-up tariffs. Every expected amount is worked out by
// hand in the comment beside it (cents, each line rounded half away from zero).

const kinds = (result: { lineItems: Array<{ kind: string; amountCents: number }> }) =>
  result.lineItems.map((item) => [item.kind, item.amountCents]);
const nothing = { kind: 'total', quantity: 0 } as const;

describe('fixed charges by fixedchargeunits', () => {
  it('bills $/month once, $/day per day and $/year as a twelfth', () => {
    const monthly = priceBillingPeriod(
      { fixedchargefirstmeter: 7.25, fixedchargeunits: '$/month' },
      nothing,
      july2024,
    );
    expect(monthly.totalCents).toBe(725); // 7.25
    const daily = priceBillingPeriod(
      { fixedchargefirstmeter: 0.5, fixedchargeunits: '$/day' },
      nothing,
      july2024,
    );
    expect(daily.totalCents).toBe(1550); // 31 days × 0.50 = 15.50
    const yearly = priceBillingPeriod(
      { fixedchargefirstmeter: 120, fixedchargeunits: '$/year' },
      nothing,
      july2024,
    );
    expect(yearly.totalCents).toBe(1000); // 120 / 12 = 10.00
    const legacy = priceBillingPeriod({ fixedmonthlycharge: 259.2 }, nothing, july2024);
    expect(legacy.totalCents).toBe(25_920);
  });
});

describe('minimum charges by minchargeunits', () => {
  const energy = { energyratestructure: [[{ rate: 0.1 }]] };

  it('tops a bill up to $/month, $/day × days and $/year / 12', () => {
    // 50 kWh × 0.10 = 500; minimum 2000 → top-up 1500.
    const monthly = priceBillingPeriod(
      { ...energy, mincharge: 20, minchargeunits: '$/month' },
      { kind: 'total', quantity: 50 },
      july2024,
    );
    expect(kinds(monthly)).toEqual([
      ['energy', 500],
      ['minimum', 1500],
    ]);
    expect(monthly.totalCents).toBe(2000);
    // June: 30 days × 1.00 = 3000; 100 kWh × 0.10 = 1000 → top-up 2000.
    const daily = priceBillingPeriod(
      { ...energy, mincharge: 1, minchargeunits: '$/day' },
      { kind: 'total', quantity: 100 },
      june2024,
    );
    expect(kinds(daily)).toEqual([
      ['energy', 1000],
      ['minimum', 2000],
    ]);
    // 240 / 12 = 2000; 300 kWh × 0.10 = 3000 is above it: no top-up.
    const yearly = priceBillingPeriod(
      { ...energy, mincharge: 240, minchargeunits: '$/year' },
      { kind: 'total', quantity: 300 },
      june2024,
    );
    expect(kinds(yearly)).toEqual([['energy', 3000]]);
  });

  it('compares the minimum with the bill after credits, a negative bill counting as zero (SAM)', () => {
    const tariff: UrdbRateStructure = {
      energyratestructure: [[{ rate: 0.1, sell: 0.05 }]],
      dgrules: 'Net Billing Instantaneous',
      mincharge: 20,
    };
    // 10 kWh × 0.10 = 100; 300 kWh × 0.05 = −1500 → bill −1400, counted as 0 → top-up 2000.
    const result = priceBillingPeriod(tariff, { kind: 'total', quantity: 10, exportQuantity: 300 }, july2024);
    expect(kinds(result)).toEqual([
      ['energy', 100],
      ['export_credit', -1500],
      ['minimum', 2000],
    ]);
    expect(result.totalCents).toBe(600);
  });
});

describe('time of use by month, weekday, weekend and hour', () => {
  // July: weekday 16–21 h period 1, weekend all day period 2, other hours period 0; January: 3.
  const tariff: UrdbRateStructure = {
    energyratestructure: [[{ rate: 0.1 }], [{ rate: 0.3 }], [{ rate: 0.2 }], [{ rate: 0.05 }]],
    energyweekdayschedule: schedule((month, hour) => (month === 0 ? 3 : hour >= 16 && hour < 21 ? 1 : 0)),
    energyweekendschedule: schedule((month) => (month === 0 ? 3 : 2)),
  };

  it('places each read by its local month, day of week and clock hour', () => {
    const readings = [
      reading('2024-07-10', 3, 1), // Wednesday 03:00: period 0
      reading('2024-07-10', 17, 2), // Wednesday 17:00: period 1
      reading('2024-07-13', 17, 4), // Saturday 17:00: period 2
    ];
    const result = priceBillingPeriod(tariff, { kind: 'readings', readings }, july2024);
    // 1 × 0.10 = 10; 2 × 0.30 = 60; 4 × 0.20 = 80.
    expect(kinds(result)).toEqual([
      ['energy', 10],
      ['energy', 60],
      ['energy', 80],
    ]);
    expect(result.totalCents).toBe(150);
    const january = priceBillingPeriod(
      tariff,
      { kind: 'readings', readings: [reading('2024-01-10', 17, 3)] },
      { periodStart: '2024-01-01', periodEnd: '2024-01-31' },
    );
    expect(january.totalCents).toBe(15); // 3 × 0.05
  });
});

describe('tiers in every URDB unit', () => {
  it('applies kWh tiers to total use and prorates them over TOU periods (SAM)', () => {
    const tariff: UrdbRateStructure = {
      energyratestructure: [
        [{ rate: 0.1, max: 100, unit: 'kWh' }, { rate: 0.2 }],
        [{ rate: 0.3, max: 100, unit: 'kWh' }, { rate: 0.4 }],
      ],
      energyweekdayschedule: schedule((_, hour) => (hour === 12 ? 1 : 0)),
      energyweekendschedule: schedule(() => 0),
    };
    const readings = [reading('2024-07-01', 0, 150), reading('2024-07-01', 12, 50)];
    const result = priceBillingPeriod(tariff, { kind: 'readings', readings }, july2024);
    // 200 kWh: tier 1 = 100, tier 2 = 100, split 150/200 = 75 % to period 0 and 25 % to period 1.
    // Period 0: 75 × 0.1 = 750, 75 × 0.2 = 1500; period 1: 25 × 0.3 = 750, 25 × 0.4 = 1000.
    expect(result.lineItems.map((item) => [item.quantity, item.amountCents])).toEqual([
      [75, 750],
      [75, 1500],
      [25, 750],
      [25, 1000],
    ]);
    expect(result.totalCents).toBe(4000);
  });

  it('multiplies "kWh daily" limits by the days of the period', () => {
    const tariff = {
      energyratestructure: [
        [
          { rate: 0.1, max: 10, unit: 'kWh daily' },
          { rate: 0.2, unit: 'kWh daily' },
        ],
      ],
    };
    const result = priceBillingPeriod(tariff, { kind: 'total', quantity: 400 }, june2024);
    // 10 × 30 days = 300 kWh at 0.10 = 3000; 100 kWh at 0.20 = 2000.
    expect(kinds(result)).toEqual([
      ['energy', 3000],
      ['energy', 2000],
    ]);
  });

  it('multiplies "kWh/kW" limits by the billing demand', () => {
    const tariff = {
      energyratestructure: [
        [
          { rate: 0.08, max: 200, unit: 'kWh/kW' },
          { rate: 0.05, unit: 'kWh/kW' },
        ],
      ],
    };
    const result = priceBillingPeriod(tariff, { kind: 'total', quantity: 1500, peakDemandKw: 5 }, june2024);
    // 200 × 5 kW = 1000 kWh at 0.08 = 8000; 500 kWh at 0.05 = 2500.
    expect(kinds(result)).toEqual([
      ['energy', 8000],
      ['energy', 2500],
    ]);
    expect(() => priceBillingPeriod(tariff, { kind: 'total', quantity: 1500 }, june2024)).toThrow(/kWh\/kW/);
  });

  it('multiplies "kWh/kW daily" limits by days and billing demand', () => {
    const tariff = { energyratestructure: [[{ rate: 0.08, max: 10, unit: 'kWh/kW daily' }, { rate: 0.05 }]] };
    const result = priceBillingPeriod(tariff, { kind: 'total', quantity: 1500, peakDemandKw: 4 }, june2024);
    // 10 × 30 days × 4 kW = 1200 kWh at 0.08 = 9600; 300 kWh at 0.05 = 1500.
    expect(kinds(result)).toEqual([
      ['energy', 9600],
      ['energy', 1500],
    ]);
  });

  it('treats 1e38 as an open tier', () => {
    const tariff = { energyratestructure: [[{ rate: 0.1, max: 1e38 }, { rate: 0.5 }]] };
    // 1e38 is "no limit": all 100 kWh in tier 1 = 1000.
    expect(priceBillingPeriod(tariff, { kind: 'total', quantity: 100 }, june2024).totalCents).toBe(1000);
  });
});

describe('adj riders and fuel adjustments', () => {
  it('adds adj, negative or positive, to the rate', () => {
    const tariff = {
      energyratestructure: [
        [
          { rate: 0.1, adj: -0.02, max: 100 },
          { rate: 0.1, adj: 0.015 },
        ],
      ],
    };
    const result = priceBillingPeriod(tariff, { kind: 'total', quantity: 150 }, june2024);
    // 100 × 0.08 = 800; 50 × 0.115 = 575.
    expect(kinds(result)).toEqual([
      ['energy', 800],
      ['energy', 575],
    ]);
  });

  it("adds the month's fueladjustmentsmonthly to every kWh", () => {
    const tariff = {
      energyratestructure: [[{ rate: 0.1 }]],
      fueladjustmentsmonthly: Array.from({ length: 12 }, (_, month) => (month === 6 ? 0.015 : 0.01)),
    };
    const result = priceBillingPeriod(tariff, { kind: 'total', quantity: 200 }, july2024);
    // 200 × 0.10 = 2000; July adjustment 200 × 0.015 = 300.
    expect(kinds(result)).toEqual([
      ['energy', 2000],
      ['energy', 300],
    ]);
  });
});
