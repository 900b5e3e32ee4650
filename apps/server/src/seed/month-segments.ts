// One month's bill segments priced by the tariff engine from metered usage: electricity from its
// interval days, gas and water from their monthly consumption, sewer on the water reading. The seed
// prices its history with it and the bill run each new bill, so both price the same way.
import type { DailyIntervalUsage } from '../domain/tariffs/aggregate-usage.ts';
import { priceBillingPeriod } from '../domain/tariffs/price-billing-period.ts';
import type { UrdbRateStructure } from '../domain/tariffs/urdb.ts';
import type { SegmentDraft } from './bill-drafts.ts';

export interface SegmentTariff {
  id: string;
  structure: UrdbRateStructure;
}

export interface MeteredMonth {
  period: { periodStart: string; periodEnd: string; timeZone: string };
  electric?: { serviceId: string; tariff: SegmentTariff; days: readonly DailyIntervalUsage[] };
  gas?: { serviceId: string; tariff: SegmentTariff; therms: number };
  water?: { serviceId: string; tariff: SegmentTariff; gallons: number };
  /** Sewer is billed on the water reading. */
  sewer?: { serviceId: string; tariff: SegmentTariff };
}

/** Segments in bill order: electricity, gas, water, sewer. */
export function priceMonthSegments(month: MeteredMonth): SegmentDraft[] {
  const { period } = month;
  const segments: SegmentDraft[] = [];
  if (month.electric) {
    const { serviceId, tariff, days } = month.electric;
    const priced = priceBillingPeriod(tariff.structure, { kind: 'intervals', days }, period);
    segments.push({
      serviceId,
      utilityType: 'electricity',
      tariffId: tariff.id,
      usageQuantity: priced.usage.importQuantity,
      usageUnit: 'kWh',
      priced,
    });
  }
  // Gas, water and sewer are priced the same way: a monthly total on a flat tariff.
  const flat = (
    utilityType: 'gas' | 'water' | 'sewer',
    serviceId: string,
    tariff: SegmentTariff,
    usageUnit: string,
    usageQuantity: number,
    pricedQuantity: number,
  ) => {
    segments.push({
      serviceId,
      utilityType,
      tariffId: tariff.id,
      usageQuantity,
      usageUnit,
      priced: priceBillingPeriod(tariff.structure, { kind: 'total', quantity: pricedQuantity }, period),
    });
  };
  if (month.gas)
    flat('gas', month.gas.serviceId, month.gas.tariff, 'therm', month.gas.therms, month.gas.therms);
  if (month.water) {
    const { gallons } = month.water;
    // Water and sewer are priced per thousand gallons.
    flat('water', month.water.serviceId, month.water.tariff, 'gal', gallons, gallons / 1000);
    if (month.sewer) flat('sewer', month.sewer.serviceId, month.sewer.tariff, 'gal', gallons, gallons / 1000);
  }
  return segments;
}
