// Monthly gas and water reads of an account and its bill segments, priced by the tariff engine,
// for every complete month of the history.
import { addMonths, lastOfMonth } from '../domain/calendar/local-day.ts';
import { monthlyGasTherms, monthlyWaterGallons } from '../domain/load-profile/monthly-usage.ts';
import { hashSeed, mulberry32, randomInt, randomUuid } from '../domain/random/prng.ts';
import type { DailyIntervalUsage } from '../domain/tariffs/aggregate-usage.ts';
import { priceBillingPeriod } from '../domain/tariffs/price-billing-period.ts';
import type { AccountPlan } from './account-plan.ts';
import type { MonthCharges, SegmentDraft } from './billing-history.ts';
import { DEMO_TARIFFS, type DemoTariffCode } from './demo-tariffs.ts';
import { DEMO_TIME_ZONE } from './demo-tenant.ts';
import type { RowBatch, SeedContext } from './seed-batch.ts';

export interface AccountMeters {
  serviceIds: Map<string, string>;
  meterIds: Map<string, string>;
  /** The account's interval days by month (YYYY-MM). */
  monthDays: Map<string, DailyIntervalUsage[]>;
}

export function monthlyCharges(
  context: SeedContext,
  plan: AccountPlan,
  batch: RowBatch,
  { serviceIds, meterIds, monthDays }: AccountMeters,
): MonthCharges[] {
  const { tenantId, ids, startDate, endDate } = context;
  const usageRandom = mulberry32(hashSeed(context.seed, 'monthly', plan.index));
  const months: MonthCharges[] = [];
  let gasRegister = 1000 + randomInt(usageRandom, 0, 8000);
  let waterRegister = 100_000 + randomInt(usageRandom, 0, 900_000);
  const tariffById = (code: DemoTariffCode) => {
    const tariff = DEMO_TARIFFS.find((t) => t.code === code);
    if (!tariff) throw new Error(`Unknown tariff ${code}`);
    return { id: context.tariffIds.get(code) ?? '', structure: tariff.structure };
  };
  for (
    let monthStart = startDate;
    lastOfMonth(monthStart) <= endDate;
    monthStart = addMonths(monthStart, 1)
  ) {
    const periodEnd = lastOfMonth(monthStart);
    const period = { periodStart: monthStart, periodEnd, timeZone: DEMO_TIME_ZONE };
    const weather = context.weatherByMonth.get(monthStart.slice(0, 7)) ?? [];
    const segments: SegmentDraft[] = [];
    const electric = tariffById(plan.electricTariff);
    const electricPriced = priceBillingPeriod(
      electric.structure,
      { kind: 'intervals', days: monthDays.get(monthStart.slice(0, 7)) ?? [] },
      period,
    );
    segments.push({
      serviceId: serviceIds.get('electricity') ?? '',
      utilityType: 'electricity',
      tariffId: electric.id,
      usageQuantity: electricPriced.usage.importQuantity,
      usageUnit: 'kWh',
      priced: electricPriced,
    });
    // Gas, water and sewer are read and priced the same way: a monthly total on a flat tariff.
    const addRead = (meter: 'gas' | 'water', register: number, consumption: number) =>
      batch.push('monthly_reads', [
        randomUuid(ids),
        tenantId,
        meterIds.get(meter) ?? '',
        periodEnd,
        register.toFixed(3),
        consumption.toFixed(3),
      ]);
    const addSegment = (
      utilityType: 'gas' | 'water' | 'sewer',
      code: DemoTariffCode,
      usageUnit: string,
      usageQuantity: number,
      pricedQuantity: number,
    ) => {
      const tariff = tariffById(code);
      segments.push({
        serviceId: serviceIds.get(utilityType) ?? '',
        utilityType,
        tariffId: tariff.id,
        usageQuantity,
        usageUnit,
        priced: priceBillingPeriod(tariff.structure, { kind: 'total', quantity: pricedQuantity }, period),
      });
    };
    if (plan.gas) {
      const therms = monthlyGasTherms(plan.gas, weather, usageRandom);
      gasRegister += therms;
      addRead('gas', gasRegister, therms);
      addSegment('gas', 'G-RS', 'therm', therms, therms);
    }
    if (plan.water) {
      const gallons = monthlyWaterGallons(plan.water, weather, usageRandom);
      waterRegister += gallons;
      addRead('water', waterRegister, gallons);
      // Water and sewer are priced per thousand gallons; sewer is billed on the water reading.
      addSegment('water', 'W-RS', 'gal', gallons, gallons / 1000);
      if (plan.utilities.includes('sewer')) addSegment('sewer', 'S-RS', 'gal', gallons, gallons / 1000);
    }
    months.push({ periodStart: monthStart, periodEnd, segments });
  }
  return months;
}
