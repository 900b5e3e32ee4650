import { describe, expect, it } from 'vitest';
import { priceBillingPeriod } from './price-billing-period.ts';
import { july2024, june2024, reading, schedule } from './test-kit.ts';
import type { UrdbRateStructure } from './urdb.ts';

// One test per URDB structure, on small made-up tariffs. Every expected amount is worked out by
// hand in the comment beside it (cents, each line rounded half away from zero).

const kinds = (result: { lineItems: Array<{ kind: string; amountCents: number }> }) =>
  result.lineItems.map((item) => [item.kind, item.amountCents]);

describe('demand charges', () => {
  it("tiers the flat demand charge on the month's peak, by flatdemandmonths season", () => {
    const tariff: UrdbRateStructure = {
      flatdemandstructure: [[{ rate: 5, max: 10 }, { rate: 4 }], [{ rate: 7 }]],
      flatdemandmonths: Array.from({ length: 12 }, (_, month) => (month === 6 ? 1 : 0)),
    };
    const june = priceBillingPeriod(tariff, { kind: 'total', quantity: 0, peakDemandKw: 15 }, june2024);
    // 10 kW × 5 = 5000; 5 kW × 4 = 2000.
    expect(kinds(june)).toEqual([
      ['demand', 5000],
      ['demand', 2000],
    ]);
    const july = priceBillingPeriod(tariff, { kind: 'total', quantity: 0, peakDemandKw: 15 }, july2024);
    expect(july.totalCents).toBe(10_500); // 15 kW × 7
  });

  it("tiers the TOU demand charge on each period's own peak", () => {
    const tariff: UrdbRateStructure = {
      demandratestructure: [[{ rate: 0 }], [{ rate: 10, max: 5 }, { rate: 12 }]],
      demandweekdayschedule: schedule((_, hour) => (hour >= 12 && hour < 18 ? 1 : 0)),
      demandweekendschedule: schedule(() => 0),
    };
    const readings = [
      reading('2024-07-10', 13, 8),
      reading('2024-07-10', 2, 20),
      reading('2024-07-13', 13, 9),
    ];
    const result = priceBillingPeriod(tariff, { kind: 'readings', readings }, july2024);
    // Period 1 peak is Wednesday 13:00, 8 kW (Saturday is period 0): 5 × 10 = 5000, 3 × 12 = 3600.
    // Period 0 (20 kW) costs nothing.
    expect(kinds(result)).toEqual([
      ['demand', 5000],
      ['demand', 3600],
    ]);
    expect(() => priceBillingPeriod(tariff, { kind: 'total', quantity: 10 }, july2024)).toThrow(/interval/);
  });

  it('averages demand over the clock hour with a 60-minute demandwindow', () => {
    const tariff: UrdbRateStructure = {
      flatdemandstructure: [[{ rate: 10 }]],
      flatdemandmonths: new Array(12).fill(0),
    };
    const quarterHours = [1, 2, 3, 2].map((kwh) => reading('2024-07-10', 13, kwh, 0, 15));
    // 15-minute peak: 3 kWh / 0.25 h = 12 kW → 12 000; hourly: 8 kWh / 1 h = 8 kW → 8000.
    expect(
      priceBillingPeriod(tariff, { kind: 'readings', readings: quarterHours }, july2024).totalCents,
    ).toBe(12_000);
    const hourly = { ...tariff, demandwindow: 60 };
    expect(
      priceBillingPeriod(hourly, { kind: 'readings', readings: quarterHours }, july2024).totalCents,
    ).toBe(8000);
  });
});

describe('ratchets and lookbacks', () => {
  const flat: UrdbRateStructure = {
    flatdemandstructure: [[{ rate: 10 }]],
    flatdemandmonths: new Array(12).fill(0),
  };
  const july = (tariff: UrdbRateStructure, history: Array<{ month: string; peakDemandKw: number }>) =>
    priceBillingPeriod(
      tariff,
      { kind: 'total', quantity: 0, peakDemandKw: 30 },
      { ...july2024, demandHistory: history },
    );

  it("raises billing demand to demandratchetpercentage of the previous 11 months' peak", () => {
    const ratchet = { ...flat, demandratchetpercentage: new Array(12).fill(0.8) };
    // 0.8 × 50 kW (March) = 40 kW > 30 kW: 40 × 10 = 40 000.
    const raised = july(ratchet, [{ month: '2024-03', peakDemandKw: 50 }]);
    expect(kinds(raised)).toEqual([['demand', 40_000]]);
    expect(raised.usage.billingDemandKw).toBe(40);
    // July 2023 is 12 months back, out of reach: 30 × 10 = 30 000.
    expect(july(ratchet, [{ month: '2023-07', peakDemandKw: 50 }]).totalCents).toBe(30_000);
  });

  it('looks back lookbackrange months at lookbackpercent', () => {
    const lookback = { ...flat, lookbackpercent: 0.5, lookbackrange: 2 };
    // May (2 months back) 100 kW × 0.5 = 50 kW; April (3 back) is outside the range: 50 × 10.
    const history = [
      { month: '2024-04', peakDemandKw: 200 },
      { month: '2024-05', peakDemandKw: 100 },
    ];
    expect(july(lookback, history).totalCents).toBe(50_000);
  });

  it('looks back only at the months flagged in lookbackmonths', () => {
    const summer = Array.from({ length: 12 }, (_, month) => month >= 5 && month <= 8);
    const lookback = { ...flat, lookbackpercent: 0.5, lookbackmonths: summer };
    // August 2023 (flagged) 120 × 0.5 = 60 kW; January 2024 (not flagged) is ignored: 60 × 10.
    const history = [
      { month: '2023-08', peakDemandKw: 120 },
      { month: '2024-01', peakDemandKw: 300 },
    ];
    expect(july(lookback, history).totalCents).toBe(60_000);
  });

  it('uses the ratcheted billing demand for kWh/kW tiers', () => {
    const tariff: UrdbRateStructure = {
      energyratestructure: [[{ rate: 0.1, max: 100, unit: 'kWh/kW' }, { rate: 0.05 }]],
      demandratchetpercentage: new Array(12).fill(1),
    };
    const result = priceBillingPeriod(
      tariff,
      { kind: 'total', quantity: 2000, peakDemandKw: 10 },
      { ...july2024, demandHistory: [{ month: '2024-06', peakDemandKw: 15 }] },
    );
    // Billing demand 15 kW: 1500 kWh × 0.10 = 15 000, 500 × 0.05 = 2500.
    expect(kinds(result)).toEqual([
      ['energy', 15_000],
      ['energy', 2500],
    ]);
  });
});

describe('exports under dgrules', () => {
  const rate = (dgrules?: string): UrdbRateStructure => ({
    energyratestructure: [[{ rate: 0.2, sell: 0.04 }]],
    ...(dgrules ? { dgrules } : {}),
  });

  it('nets exports against imports under Net Metering and carries the surplus in kWh', () => {
    const net = priceBillingPeriod(
      rate('Net Metering'),
      { kind: 'total', quantity: 100, exportQuantity: 30 },
      july2024,
    );
    // Gross 100 × 0.20 = 2000; net 70 × 0.20 = 1400 → credit −600.
    expect(kinds(net)).toEqual([
      ['energy', 2000],
      ['export_credit', -600],
    ]);
    expect(net.carriedCreditKwh).toBe(0);
    const surplus = priceBillingPeriod(
      rate('Net Metering'),
      { kind: 'total', quantity: 100, exportQuantity: 130 },
      july2024,
    );
    // Everything netted: credit −2000, 30 kWh carried.
    expect(kinds(surplus)).toEqual([
      ['energy', 2000],
      ['export_credit', -2000],
    ]);
    expect(surplus.carriedCreditKwh).toBe(30);
    const next = priceBillingPeriod(
      rate('Net Metering'),
      { kind: 'total', quantity: 50 },
      { periodStart: '2024-08-01', periodEnd: '2024-08-31', carriedCreditKwh: 30 },
    );
    // 50 × 0.20 = 1000; 30 kWh carried → net 20 × 0.20 = 400 → credit −600.
    expect(kinds(next)).toEqual([
      ['energy', 1000],
      ['export_credit', -600],
    ]);
    // Without dgrules SAM assumes net metering.
    expect(
      priceBillingPeriod(rate(), { kind: 'total', quantity: 100, exportQuantity: 30 }, july2024).totalCents,
    ).toBe(1400);
  });

  it('nets the fuel adjustment too under Net Metering', () => {
    const tariff = { ...rate('Net Metering'), fueladjustmentsmonthly: new Array(12).fill(0.01) };
    const result = priceBillingPeriod(tariff, { kind: 'total', quantity: 100, exportQuantity: 30 }, july2024);
    // Gross 100 × 0.20 = 2000 and 100 × 0.01 = 100; net 70: 1400 + 70 = 1470 → credit 1470 − 2100 = −630.
    expect(kinds(result)).toEqual([
      ['energy', 2000],
      ['energy', 100],
      ['export_credit', -630],
    ]);
  });

  it('nets at the marginal tier under Net Metering', () => {
    const tiered: UrdbRateStructure = {
      energyratestructure: [[{ rate: 0.1, max: 50 }, { rate: 0.3 }]],
      dgrules: 'Net Metering',
    };
    const result = priceBillingPeriod(tiered, { kind: 'total', quantity: 100, exportQuantity: 30 }, july2024);
    // Gross: 50 × 0.1 = 500, 50 × 0.3 = 1500; net 70: 500 + 20 × 0.3 = 600 → 1100 → credit −900.
    expect(kinds(result)).toEqual([
      ['energy', 500],
      ['energy', 1500],
      ['export_credit', -900],
    ]);
  });

  it('credits exports at the sell price under net billing and buy-all-sell-all', () => {
    for (const dgrules of ['Net Billing Instantaneous', 'Buy All Sell All']) {
      const result = priceBillingPeriod(
        rate(dgrules),
        { kind: 'total', quantity: 100, exportQuantity: 30 },
        july2024,
      );
      // 100 × 0.20 = 2000; 30 × 0.04 = −120.
      expect(kinds(result)).toEqual([
        ['energy', 2000],
        ['export_credit', -120],
      ]);
    }
  });

  it('nets import and export within each clock hour under Net Billing Hourly', () => {
    const readings = [
      reading('2024-07-10', 10, 0.5, 1.5, 15),
      reading('2024-07-10', 10, 0.5, 1.5, 15),
      reading('2024-07-10', 11, 2, 0),
    ];
    const hourly = priceBillingPeriod(rate('Net Billing Hourly'), { kind: 'readings', readings }, july2024);
    // 10:00 nets to 2 kWh exported, 11:00 is 2 kWh imported: 2 × 0.20 = 40; 2 × 0.04 = −8.
    expect(kinds(hourly)).toEqual([
      ['energy', 40],
      ['export_credit', -8],
    ]);
    const instantaneous = priceBillingPeriod(
      rate('Net Billing Instantaneous'),
      { kind: 'readings', readings },
      july2024,
    );
    // 3 kWh in at 0.20 = 60; 3 kWh out at 0.04 = −12.
    expect(kinds(instantaneous)).toEqual([
      ['energy', 60],
      ['export_credit', -12],
    ]);
  });
});
