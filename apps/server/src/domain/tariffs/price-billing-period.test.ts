import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek } from '../calendar/local-day.ts';
import type { DailyIntervalUsage } from './aggregate-usage.ts';
import { priceBillingPeriod } from './price-billing-period.ts';
import { reading } from './test-kit.ts';
import { readUrdbRecord, type UrdbRateStructure } from './urdb.ts';

// Copies of the public OpenEI URDB records from the shared standards folder, kept with the tests
// so that they run from any checkout.
const urdbFolder = new URL('./fixtures/urdb/', import.meta.url);
function loadUrdb(file: string): UrdbRateStructure {
  return readUrdbRecord(JSON.parse(readFileSync(new URL(file, urdbFolder), 'utf8')));
}
const jackson = loadUrdb('tiered_residential_JacksonEMC_5a0b28045457a3ea2aca608e.json');
const psco = loadUrdb('flat_energy_seasonal_demand_residential_PSCo_RD_5a679442682bea21e990a0d4.json');
const sce = loadUrdb('demand_tou_commercial_SCE_GS-2_TOU_B_55fc81d7682bea28da64f9ae.json');
const touC3 = loadUrdb('tou_tiered_residential_PGE_E-TOU-C3_RegionP_5d6eba3a5457a39b2f466f68.json');
const lp1 = loadUrdb('tiered_kwh_per_kw_industrial_SouthCentralPPD_LP1_539f6a23ec4f024411ec8beb.json');
const a6 = loadUrdb('tou_commercial_PGE_A-6_5a33097a682bea356b2e13f2.json');

const july2024 = { periodStart: '2024-07-01', periodEnd: '2024-07-31' };
const january2024 = { periodStart: '2024-01-01', periodEnd: '2024-01-31' };
const amounts = (result: { lineItems: Array<{ amountCents: number }> }) =>
  result.lineItems.map((item) => item.amountCents);

/** Constant load of `kw` on every 15-minute interval of July 2024, with optional overrides. */
function julyIntervals(kw: number, override?: (date: string, slot: number) => number | undefined) {
  const days: DailyIntervalUsage[] = [];
  for (let d = 0; d < 31; d++) {
    const date = addDays('2024-07-01', d);
    const importWh = Array.from({ length: 96 }, (_, slot) => override?.(date, slot) ?? kw * 250);
    days.push({ date, importWh });
  }
  return days;
}

describe('priceBillingPeriod on real URDB records', () => {
  it('prices inclining summer tiers of Jackson EMC, rounding 39.235 up to 39.24', () => {
    const result = priceBillingPeriod(jackson, { kind: 'total', quantity: 1200 }, july2024);
    // Summer (period 2): 650 × 0.0896 = 58.24; 350 × 0.1121 = 39.235 → 39.24; 200 × 0.1181 = 23.62;
    // plus 5.50 fixed = 126.60.
    expect(result.lineItems.map((item) => [item.kind, item.quantity, item.rate, item.amountCents])).toEqual([
      ['fixed', 1, 5.5, 550],
      ['energy', 650, 0.0896, 5824],
      ['energy', 350, 0.1121, 3924],
      ['energy', 200, 0.1181, 2362],
    ]);
    expect(result.totalCents).toBe(12_660);
    expect(result.lineItems[2]?.description).toBe('Energy charge, period 2, next 350 kWh');
  });

  it('prices declining winter tiers of Jackson EMC', () => {
    const result = priceBillingPeriod(jackson, { kind: 'total', quantity: 1200 }, january2024);
    // Winter (period 1): 650 × 0.0896 = 58.24; 350 × 0.0831 = 29.085 → 29.09; 200 × 0.0821 = 16.42;
    // plus 5.50 = 109.25.
    expect(amounts(result)).toEqual([550, 5824, 2909, 1642]);
    expect(result.totalCents).toBe(10_925);
  });

  it('adds adj to rates and picks the seasonal flat demand of PSCo RD', () => {
    // Energy 800 × (0.01974 + 0.0283685) = 38.4868 → 38.49. Summer demand 5.2 × (10.08 + 1.43) =
    // 59.852 → 59.85; winter 5.2 × (7.76 + 1.38) = 47.528 → 47.53. Fixed 15.91.
    const summer = priceBillingPeriod(psco, { kind: 'total', quantity: 800, peakDemandKw: 5.2 }, july2024);
    expect(summer.lineItems.map((item) => [item.kind, item.rate, item.amountCents])).toEqual([
      ['fixed', 15.91, 1591],
      ['energy', 0.0481085, 3849],
      ['demand', 11.51, 5985],
    ]);
    expect(summer.totalCents).toBe(11_425);
    const winter = priceBillingPeriod(psco, { kind: 'total', quantity: 800, peakDemandKw: 5.2 }, january2024);
    expect(winter.totalCents).toBe(1591 + 3849 + 4753);
  });

  it('prices TOU energy, flat demand and TOU demand of SCE GS-2 TOU B from 15-minute reads', () => {
    // 10 kW all month, with one 40 kW interval on Wednesday 10 July at 14:00 (summer on-peak).
    const days = julyIntervals(10, (date, slot) =>
      date === '2024-07-10' && slot === 56 ? 10_000 : undefined,
    );
    expect(dayOfWeek('2024-07-10')).toBe(3);
    const result = priceBillingPeriod(sce, { kind: 'intervals', days }, july2024);
    // July 2024 has 23 weekdays and 8 weekend days; 10 kW is 10 kWh an hour.
    // Off-peak (period 2): 9 weekday hours × 23 × 10 + 24 × 8 × 10 = 3990 kWh × 0.066 = 263.34.
    // Mid-peak (period 3): 9 × 23 × 10 = 2070 kWh × 0.08888 = 183.9816 → 183.98.
    // On-peak (period 4, 12–18 h): 6 × 23 × 10 + 7.5 extra in the 40 kW slot = 1387.5 × 0.1355 =
    // 188.00625 → 188.01. Flat demand 40 kW × 13.20 = 528.00; TOU demand mid-peak 10 kW × 5.30 =
    // 53.00, on-peak 40 kW × 18.11 = 724.40. Legacy fixedmonthlycharge 259.20. Total 2199.93.
    expect(result.lineItems.map((item) => [item.kind, item.quantity, item.amountCents])).toEqual([
      ['fixed', 1, 25_920],
      ['energy', 3990, 26_334],
      ['energy', 2070, 18_398],
      ['energy', 1387.5, 18_801],
      ['demand', 40, 52_800],
      ['demand', 10, 5_300],
      ['demand', 40, 72_440],
    ]);
    expect(result.totalCents).toBe(219_993);
    expect(result.usage).toEqual({
      unit: 'kWh',
      importQuantity: 7447.5,
      exportQuantity: 0,
      peakDemandKw: 40,
      billingDemandKw: 40,
    });
  });

  it('scales "kWh daily" tier limits by the days of the period (PG&E E-TOU-C3)', () => {
    // 500 kWh in July: baseline 6.8 × 31 = 210.8 kWh, shared 5/24 peak and 19/24 off-peak.
    // Peak: 210.8 × 5/24 = 43.917 × 0.342229 = 15.0297 → 15.03; 289.2 × 5/24 = 60.25 × 0.41813 =
    // 25.1923 → 25.19. Off-peak: 166.883 × 0.27885 = 46.5353 → 46.54; 228.95 × 0.35469 = 81.2063 →
    // 81.21. Plus 10.00 fixed = 177.97.
    const result = priceBillingPeriod(touC3, { kind: 'total', quantity: 500 }, july2024);
    expect(result.lineItems.map((item) => [item.quantity, item.amountCents])).toEqual([
      [1, 1000],
      [43.917, 1503],
      [60.25, 2519],
      [166.883, 4654],
      [228.95, 8121],
    ]);
    expect(result.totalCents).toBe(17_797);
  });

  it('scales "kWh/kW" tier limits by billing demand and tiers demand (South Central LP1)', () => {
    const result = priceBillingPeriod(
      lp1,
      { kind: 'total', quantity: 50_000, peakDemandKw: 120 },
      january2024,
    );
    // Winter period: 300 kWh/kW × 120 kW = 36 000 kWh × 0.042 = 1512.00; 14 000 × 0.029 = 406.00.
    // Winter demand tiers: 100 kW × 13.50 = 1350.00; 20 kW × 12.10 = 242.00. Total 3510.00.
    expect(result.lineItems.map((item) => [item.kind, item.quantity, item.amountCents])).toEqual([
      ['energy', 36_000, 151_200],
      ['energy', 14_000, 40_600],
      ['demand', 100, 135_000],
      ['demand', 20, 24_200],
    ]);
    expect(result.totalCents).toBe(351_000);
  });
});

describe('priceBillingPeriod on PG&E A-6 (pure TOU)', () => {
  it('prices summer weekday peak, part-peak and off-peak hours and the weekend', () => {
    const readings = [
      reading('2024-07-10', 14, 10), // Wednesday 14:00: peak (period 3)
      reading('2024-07-10', 9, 4), // Wednesday 09:00: part-peak (period 4)
      reading('2024-07-10', 2, 6), // Wednesday 02:00: off-peak (period 2)
      reading('2024-07-13', 14, 5), // Saturday 14:00: off-peak (period 2)
    ];
    const result = priceBillingPeriod(a6, { kind: 'readings', readings }, july2024);
    // Fixed 10.00. Period 2: 11 kWh × 0.18721 = 2.05931 → 206; period 3: 10 × 0.55561 = 5.5561 → 556;
    // period 4: 4 × 0.25879 = 1.03516 → 104.
    expect(result.lineItems.map((item) => [item.description, item.amountCents])).toEqual([
      ['Customer charge', 1000],
      ['Energy charge, period 3', 206],
      ['Energy charge, period 4', 556],
      ['Energy charge, period 5', 104],
    ]);
    expect(result.totalCents).toBe(1866);
  });

  it('prices winter part-peak 08–21 h on weekdays only', () => {
    const readings = [
      reading('2024-01-10', 8, 10),
      reading('2024-01-10', 21, 10),
      reading('2024-01-13', 8, 10),
    ];
    const result = priceBillingPeriod(a6, { kind: 'readings', readings }, january2024);
    // Wednesday 08:00 part-peak (period 1): 10 × 0.20525 = 2.0525 → 205; Wednesday 21:00 and
    // Saturday 08:00 off-peak (period 0): 20 × 0.18701 = 3.7402 → 374. Plus 10.00 fixed.
    expect(amounts(result)).toEqual([1000, 374, 205]);
    expect(result.totalCents).toBe(1579);
  });
});

describe('priceBillingPeriod features beyond the records', () => {
  const flat: UrdbRateStructure = {
    energyratestructure: [[{ rate: 0.1, max: 500 }, { rate: 0.15 }]],
    fixedchargefirstmeter: 0.5,
    fixedchargeunits: '$/day',
    mincharge: 30,
    minchargeunits: '$/month',
    exportcreditrate: 0.04,
  };

  it('credits exports at the net-billing rate and charges a daily fixed charge', () => {
    const days = julyIntervals(1).map((day) => ({ ...day, exportWh: new Array<number>(96).fill(100) }));
    const result = priceBillingPeriod(flat, { kind: 'intervals', days }, july2024);
    // 744 kWh imported (500 + 244), 297.6 kWh exported.
    expect(result.lineItems.map((item) => [item.kind, item.quantity, item.amountCents])).toEqual([
      ['fixed', 31, 1550],
      ['energy', 500, 5000],
      ['energy', 244, 3660],
      ['export_credit', 297.6, -1190],
    ]);
    expect(result.totalCents).toBe(9020);
    const override = priceBillingPeriod(
      flat,
      { kind: 'intervals', days },
      { ...july2024, exportCreditRate: 0.1 },
    );
    expect(override.lineItems.at(-1)?.amountCents).toBe(-2976);
  });

  it('tops up to the minimum charge', () => {
    const result = priceBillingPeriod(flat, { kind: 'total', quantity: 10 }, july2024);
    expect(amounts(result)).toEqual([1550, 100, 1350]);
    expect(result.lineItems.at(-1)?.kind).toBe('minimum');
    expect(result.totalCents).toBe(3000);
  });

  it('places daylight-saving days on the clock with the time zone', () => {
    const tou: UrdbRateStructure = {
      energyratestructure: [[{ rate: 0.1 }], [{ rate: 1 }]],
      // Period 1 only at 01:00–02:00, every day of the year.
      energyweekdayschedule: Array.from({ length: 12 }, () =>
        Array.from({ length: 24 }, (_, h) => (h === 1 ? 1 : 0)),
      ),
      energyweekendschedule: Array.from({ length: 12 }, () =>
        Array.from({ length: 24 }, (_, h) => (h === 1 ? 1 : 0)),
      ),
    };
    // 3 November 2024, Chicago: 25 hours, 01:00 happens twice (8 intervals).
    const day = { date: '2024-11-03', importWh: new Array<number>(100).fill(1000) };
    const period = { periodStart: '2024-11-03', periodEnd: '2024-11-03', timeZone: 'America/Chicago' };
    const result = priceBillingPeriod(tou, { kind: 'intervals', days: [day] }, period);
    expect(result.lineItems.map((item) => item.quantity)).toEqual([92, 8]);
  });

  it('rejects a period that ends before it starts and malformed records', () => {
    expect(() =>
      priceBillingPeriod(
        flat,
        { kind: 'total', quantity: 1 },
        { periodStart: '2024-02-01', periodEnd: '2024-01-31' },
      ),
    ).toThrow(RangeError);
    expect(() => readUrdbRecord({ energyweekdayschedule: [[0]] })).toThrow(TypeError);
  });
});
