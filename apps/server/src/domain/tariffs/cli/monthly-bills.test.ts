import { describe, expect, it } from 'vitest';
import { reading } from '../test-kit.ts';
import type { UrdbRateStructure } from '../urdb.ts';
import { priceMonthlyBills } from './monthly-bills.ts';

describe('priceMonthlyBills', () => {
  it('carries peaks into the ratchet and the net metering credit to the next month, resetting the credit each year', () => {
    const tariff: UrdbRateStructure = {
      dgrules: 'Net Metering',
      energyratestructure: [[{ rate: 0.1 }]],
      flatdemandstructure: [[{ rate: 10 }]],
      flatdemandmonths: new Array(12).fill(0),
      demandratchetpercentage: new Array(12).fill(0.8),
    };
    const bills = priceMonthlyBills(tariff, [
      reading('2024-11-05', 12, 50),
      reading('2024-11-05', 13, 0, 100),
      reading('2024-12-05', 12, 20),
      reading('2025-01-05', 12, 10),
    ]);
    // November: energy 50 × 0.10 = 5.00, all netted by 100 kWh exported → −5.00, 50 kWh carried;
    // demand 50 kW × 10 = 500.00.
    // December: ratchet 0.8 × 50 = 40 kW > 20 kW → 400.00; energy 20 × 0.10 = 2.00 netted by the
    // carried credit → −2.00 (30 kWh left, which lapse at the year end).
    // January: ratchet still 0.8 × 50 (November is 2 months back) → 400.00; energy 10 × 0.10 = 1.00.
    expect(bills).toEqual([
      {
        month: '2024-11',
        kwh: 50,
        peak_kw: 50,
        fixed: 0,
        energy: 5,
        demand: 500,
        export_credit: -5,
        minimum_applied: 0,
        total: 500,
      },
      {
        month: '2024-12',
        kwh: 20,
        peak_kw: 20,
        fixed: 0,
        energy: 2,
        demand: 400,
        export_credit: -2,
        minimum_applied: 0,
        total: 400,
      },
      {
        month: '2025-01',
        kwh: 10,
        peak_kw: 10,
        fixed: 0,
        energy: 1,
        demand: 400,
        export_credit: 0,
        minimum_applied: 0,
        total: 401,
      },
    ]);
  });

  it('reports the interval peak even when demand is priced on a 60-minute window', () => {
    const tariff: UrdbRateStructure = {
      flatdemandstructure: [[{ rate: 10 }]],
      flatdemandmonths: new Array(12).fill(0),
      demandwindow: 60,
    };
    const bills = priceMonthlyBills(
      tariff,
      [1, 2, 3, 2].map((kwh) => reading('2024-07-10', 13, kwh, 0, 15)),
    );
    // Interval peak 3 kWh / 0.25 h = 12 kW; billed demand 8 kWh / 1 h = 8 kW × 10 = 80.00.
    expect(bills[0]).toMatchObject({ kwh: 8, peak_kw: 12, demand: 80, total: 80 });
  });
});
