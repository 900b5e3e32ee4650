// Monthly gas and water reads of an account and its bill segments, priced by the tariff engine,
// for every complete month of the history.
import { addMonths, lastOfMonth } from '../domain/calendar/local-day.ts';
import { randomUuid } from '../domain/random/prng.ts';
import type { DailyIntervalUsage } from '../domain/tariffs/aggregate-usage.ts';
import type { AccountPlan } from './account-plan.ts';
import type { MonthCharges } from './bill-drafts.ts';
import { DEMO_TARIFFS, type DemoTariffCode } from './demo-tariffs.ts';
import { DEMO_TIME_ZONE } from './demo-tenant.ts';
import { priceMonthSegments, type SegmentTariff } from './month-segments.ts';
import { monthlyReadStream } from './monthly-meter-reads.ts';
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
  const nextReads = monthlyReadStream(context.seed, plan);
  const months: MonthCharges[] = [];
  const tariffByCode = (code: DemoTariffCode): SegmentTariff => {
    const tariff = DEMO_TARIFFS.find((t) => t.code === code);
    if (!tariff) throw new Error(`Unknown tariff ${code}`);
    return { id: context.tariffIds.get(code) ?? '', structure: tariff.structure };
  };
  const serviceId = (utility: string) => serviceIds.get(utility) ?? '';
  for (
    let monthStart = startDate;
    lastOfMonth(monthStart) <= endDate;
    monthStart = addMonths(monthStart, 1)
  ) {
    const periodEnd = lastOfMonth(monthStart);
    const reads = nextReads(context.weatherByMonth.get(monthStart.slice(0, 7)) ?? []);
    const addRead = (meter: 'gas' | 'water', register: number, consumption: number) =>
      batch.push('monthly_reads', [
        randomUuid(ids),
        tenantId,
        meterIds.get(meter) ?? '',
        periodEnd,
        register.toFixed(3),
        consumption.toFixed(3),
      ]);
    if (reads.gas) addRead('gas', reads.gas.register, reads.gas.therms);
    if (reads.water) addRead('water', reads.water.register, reads.water.gallons);
    const segments = priceMonthSegments({
      period: { periodStart: monthStart, periodEnd, timeZone: DEMO_TIME_ZONE },
      electric: {
        serviceId: serviceId('electricity'),
        tariff: tariffByCode(plan.electricTariff),
        days: monthDays.get(monthStart.slice(0, 7)) ?? [],
      },
      ...(reads.gas
        ? { gas: { serviceId: serviceId('gas'), tariff: tariffByCode('G-RS'), therms: reads.gas.therms } }
        : {}),
      ...(reads.water
        ? {
            water: {
              serviceId: serviceId('water'),
              tariff: tariffByCode('W-RS'),
              gallons: reads.water.gallons,
            },
          }
        : {}),
      ...(plan.utilities.includes('sewer')
        ? { sewer: { serviceId: serviceId('sewer'), tariff: tariffByCode('S-RS') } }
        : {}),
    });
    months.push({ periodStart: monthStart, periodEnd, segments });
  }
  return months;
}
