// The rows of one demo account: identity, premise, services, meters and 15-minute electric reads,
// then (through monthly-charges and billing-rows) its reads, bills, payments, ledger and AutoPay.
import { addDays } from '../domain/calendar/local-day.ts';
import { randomUuid } from '../domain/random/prng.ts';
import type { DailyIntervalUsage } from '../domain/tariffs/aggregate-usage.ts';
import { type AccountPlan, PIN_POOL_SIZE } from './account-plan.ts';
import { addBillingRows } from './billing-rows.ts';
import type { IntervalSink } from './bulk-load.ts';
import type { DemoTariffCode } from './demo-tariffs.ts';
import { electricReadStream } from './electric-reads.ts';
import { monthlyCharges } from './monthly-charges.ts';
import { type RowBatch, type SeedContext, timestampAt } from './seed-batch.ts';

/** Adds the account's rows to the batch and its interval days to the sink; returns the interval row count. */
export function addAccountRows(
  context: SeedContext,
  plan: AccountPlan,
  batch: RowBatch,
  sink: IntervalSink,
): number {
  const { tenantId, ids, startDate } = context;
  const accountId = randomUuid(ids);
  const premiseId = randomUuid(ids);
  const openedOn = addDays(startDate, -(plan.yearsOpen * 365 + (plan.index % 200)));
  const pinHash =
    plan.index === 0 ? context.demoPinHash : (context.pinHashes[plan.index % PIN_POOL_SIZE] ?? '');
  batch.push('customer_accounts', [
    accountId,
    tenantId,
    plan.accountNumber,
    pinHash,
    plan.holderName,
    plan.email,
    plan.phone,
    plan.mailingAddress,
    plan.city,
    plan.state,
    plan.zip,
    plan.paperless,
    openedOn,
  ]);
  const premise = plan.premise;
  batch.push('premises', [
    premiseId,
    tenantId,
    accountId,
    premise.serviceAddress,
    premise.city,
    premise.state,
    premise.zip,
    premise.propertyType,
    premise.squareFeet,
    premise.occupants,
    premise.yearBuilt,
    premise.heating,
    premise.hasSolar,
    premise.solarKw,
    premise.hasEv,
    premise.latitude,
    premise.longitude,
  ]);
  const userId = context.userIdByAccountIndex.get(plan.index);
  if (userId) batch.push('user_accounts', [userId, accountId, tenantId, timestampAt(startDate, 15)]);

  const meterInstalled = addDays(startDate, -45);
  const serviceIds = new Map<string, string>();
  const meterIds = new Map<string, string>();
  for (const utility of plan.utilities) {
    const serviceId = randomUuid(ids);
    serviceIds.set(utility, serviceId);
    const tariffCode: DemoTariffCode =
      utility === 'electricity'
        ? plan.electricTariff
        : utility === 'gas'
          ? 'G-RS'
          : utility === 'water'
            ? 'W-RS'
            : 'S-RS';
    batch.push('services', [
      serviceId,
      tenantId,
      accountId,
      premiseId,
      utility,
      context.tariffIds.get(tariffCode) ?? null,
      'active',
      openedOn,
    ]);
    if (utility === 'sewer') continue; // billed on the water meter
    const meterId = randomUuid(ids);
    meterIds.set(utility, meterId);
    const unit = utility === 'electricity' ? 'kWh' : utility === 'gas' ? 'therm' : 'gal';
    batch.push('meters', [
      meterId,
      tenantId,
      serviceId,
      `${utility.charAt(0).toUpperCase()}${plan.accountNumber}`,
      utility,
      unit,
      utility === 'electricity' ? 15 : null,
      utility === 'electricity' && premise.hasSolar,
      meterInstalled,
    ]);
  }

  // 15-minute electric reads, day by day; each month's days are kept for its bill.
  const electricMeter = meterIds.get('electricity') ?? '';
  const nextDay = electricReadStream(context.seed, plan);
  const monthDays = new Map<string, DailyIntervalUsage[]>();
  let intervalRows = 0;
  for (const day of context.days) {
    const reads = nextDay(day);
    sink.add(electricMeter, reads);
    intervalRows++;
    const month = day.date.slice(0, 7);
    let list = monthDays.get(month);
    if (!list) {
      list = [];
      monthDays.set(month, list);
    }
    list.push(reads);
  }

  const months = monthlyCharges(context, plan, batch, { serviceIds, meterIds, monthDays });
  addBillingRows(context, plan, batch, { accountId, userId, months });
  return intervalRows;
}
