import { describe, expect, it } from 'vitest';
import { DEMO_TARIFFS } from '../../seed/demo-tariffs.ts';
import { priceBillingPeriod } from '../tariffs/price-billing-period.ts';
import { compareRates } from './compare-rates.ts';
import { householdWh, intervalDays, panelExportWh, TIME_ZONE } from './comparison-test-kit.ts';

// Issue 13: the demo utility offers at least five residential plans (flat, tiered, time-of-use, EV
// time-of-use, solar) and two commercial ones with demand charges, all as URDB records.
const electric = DEMO_TARIFFS.filter((tariff) => tariff.utilityType === 'electricity').map((tariff) => ({
  id: tariff.code,
  name: tariff.name,
  sector: tariff.sector,
  structure: tariff.structure,
}));
const structureOf = (code: string) => electric.find((tariff) => tariff.id === code)?.structure ?? {};
const july = { periodStart: '2025-07-01', periodEnd: '2025-07-31', timeZone: TIME_ZONE };

describe('the demo rate book', () => {
  const year = intervalDays('2025-01-01', '2025-12-31', householdWh, panelExportWh);

  it('offers a residential customer five plans and a commercial one two with demand charges', () => {
    const residential = compareRates({
      days: year,
      timeZone: TIME_ZONE,
      tariffs: electric,
      currentTariffId: 'E-RS',
      sector: 'Residential',
    });
    expect(residential.plans.map((plan) => plan.tariffId).sort()).toEqual([
      'E-EV',
      'E-FLAT',
      'E-RS',
      'E-SOLAR',
      'E-TOU',
    ]);
    const commercial = compareRates({
      days: year,
      timeZone: TIME_ZONE,
      tariffs: electric,
      currentTariffId: 'E-GS',
      sector: 'Commercial',
    });
    expect(commercial.plans.map((plan) => plan.tariffId).sort()).toEqual(['E-GS', 'E-LGS']);
    for (const plan of commercial.plans) {
      expect(plan.bills.every((bill) => bill.lineItems.some((item) => item.kind === 'demand'))).toBe(true);
    }
  });

  it('prices the flat plan by hand: 595.2 kWh × $0.1313 + $10', () => {
    const days = intervalDays('2025-07-01', '2025-07-31', () => 200);
    const bill = priceBillingPeriod(structureOf('E-FLAT'), { kind: 'intervals', days }, july);
    // 31 × 96 × 0.2 kWh = 595.2 kWh; × 0.1313 = 78.14976 → $78.15; plus the $10 customer charge.
    expect(bill.totalCents).toBe(1000 + 7815);
  });

  it('prices the EV plan by hand: charging after midnight at the super off-peak price', () => {
    // 1 kWh a quarter-hour from midnight to 6 am only: 31 × 24 kWh = 744 kWh × 0.0589 = 43.8216.
    const days = intervalDays('2025-07-01', '2025-07-31', (_date, hour) => (hour < 6 ? 1000 : 0));
    const bill = priceBillingPeriod(structureOf('E-EV'), { kind: 'intervals', days }, july);
    expect(bill.lineItems.map((item) => [item.kind, item.amountCents])).toEqual([
      ['fixed', 1600],
      ['energy', 4382],
    ]);
  });

  it("nets a solar home's exports against its imports on the net-metering plan", () => {
    // 100 Wh drawn in every slot, 300 Wh exported in each of 10 am – 2 pm's 16 slots: a net surplus.
    const days = intervalDays(
      '2025-07-01',
      '2025-07-31',
      () => 100,
      (_date, hour) => (hour >= 10 && hour < 14 ? 300 : 0),
    );
    const bill = priceBillingPeriod(structureOf('E-SOLAR'), { kind: 'intervals', days }, july);
    // Import 297.6 kWh, export 148.8 kWh: 148.8 kWh netted away, nothing carried.
    expect(bill.usage.importQuantity).toBe(297.6);
    expect(bill.usage.exportQuantity).toBe(148.8);
    expect(bill.carriedCreditKwh).toBe(0);
    // The bill is the net 148.8 kWh × 0.1442 = 21.45696 → $21.46: energy on all imports (297.6 × 0.1442 =
    // $42.91) and a credit of the difference.
    expect(bill.lineItems.map((item) => [item.kind, item.amountCents])).toEqual([
      ['fixed', 2400],
      ['energy', 4291],
      ['export_credit', 2146 - 4291],
    ]);
    expect(bill.totalCents).toBe(2400 + 2146);
  });
});
