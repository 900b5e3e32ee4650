// The one tariff engine: prices a billing period's usage on a URDB-shaped tariff into bill lines.
// Used by bills, rate comparison and `npm run tariff:bill` alike.
//
// Rounding: every line is rounded on its own, half away from zero, to whole cents, from its
// quantity as shown (3 decimals) times its exact rate (rate + adj); the total is the sum of lines.
// Where URDB leaves a convention open the engine follows NREL SAM (utilityrate5); the few places it
// does not are said where they happen.
import { daysBetweenInclusive, daysInMonth, epochDay, monthIndex } from '../calendar/local-day.ts';
import { chargeCents, roundQuantity } from '../money/cents.ts';
import { aggregateUsage, type PeriodUsage } from './aggregate-usage.ts';
import { type BillLineItem, line } from './bill-line.ts';
import { demandFloorKw, type MonthlyPeak } from './billing-demand.ts';
import { demandLines } from './demand-charges.ts';
import {
  type EnergyContext,
  energyLines,
  fuelAdjustmentLines,
  netMeter,
  netMeteringCreditLine,
  sellCreditLines,
} from './energy-charges.ts';
import { type UrdbRateStructure, validateUrdbRecord } from './urdb.ts';

export type { BillLineItem, LineItemKind } from './bill-line.ts';
export type { MonthlyPeak } from './billing-demand.ts';

export interface PriceOptions {
  /** First and last day of the billing period, inclusive (local dates). */
  periodStart: string;
  periodEnd: string;
  /** Tenant time zone: places the slots of daylight-saving days (92 / 100 intervals) on the clock. */
  timeZone?: string;
  /** $/unit credited for exported energy; overrides the tariff's exportcreditrate, sell and dgrules. */
  exportCreditRate?: number;
  /** Number of meters on the service, for fixedchargeeaaddl. */
  meterCount?: number;
  /** Metered peak demand of earlier months, for demandratchetpercentage and lookbacks. */
  demandHistory?: readonly MonthlyPeak[];
  /** Net metering: surplus kWh credit carried from the previous bill. */
  carriedCreditKwh?: number;
}

export interface PricedBillingPeriod {
  lineItems: BillLineItem[];
  totalCents: number;
  usage: {
    unit: string;
    importQuantity: number;
    exportQuantity: number;
    peakDemandKw: number | null;
    /** Demand the flat demand charge and kWh/kW tiers were priced on (after ratchets). */
    billingDemandKw?: number | null;
  };
  /** Net metering: surplus kWh credit left for the next bill (0 under other rules). */
  carriedCreditKwh?: number;
}

/** The month (YYYY-MM) whose days dominate the period. */
function dominantMonth(periodStart: string, periodEnd: string): string {
  let best = periodEnd.slice(0, 7);
  let bestDays = 0;
  // Walk month by month: count the period's days inside each; later months win ties.
  let monthStart = `${periodStart.slice(0, 8)}01`;
  while (monthStart <= periodEnd) {
    const year = Number(monthStart.slice(0, 4));
    const month = Number(monthStart.slice(5, 7));
    const monthEnd = `${monthStart.slice(0, 8)}${String(daysInMonth(year, month)).padStart(2, '0')}`;
    const from = periodStart > monthStart ? periodStart : monthStart;
    const to = periodEnd < monthEnd ? periodEnd : monthEnd;
    const days = epochDay(to) - epochDay(from) + 1;
    if (days >= bestDays) {
      best = monthStart.slice(0, 7);
      bestDays = days;
    }
    monthStart = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  }
  return best;
}

/** The month whose days dominate the period: picks seasonal demand rates for periods across months. */
export function billingMonth(periodStart: string, periodEnd: string): number {
  return monthIndex(`${dominantMonth(periodStart, periodEnd)}-01`);
}

function fixedChargeLines(tariff: UrdbRateStructure, days: number, meterCount: number): BillLineItem[] {
  const name = tariff.fixedchargename ?? 'Customer charge';
  const perMeter = tariff.fixedchargefirstmeter ?? tariff.fixedmonthlycharge;
  if (perMeter === undefined || perMeter === 0) return [];
  const units =
    tariff.fixedchargefirstmeter !== undefined ? (tariff.fixedchargeunits ?? '$/month') : '$/month';
  const items: BillLineItem[] = [];
  const add = (description: string, rate: number) => {
    // A monthly charge is billed once per billing period (monthly bills). A daily one is billed
    // per day of the period, not SAM's 365/12 days: the bill's days are known.
    if (units === '$/day') items.push(line('fixed', description, days, 'day', rate));
    else if (units === '$/year') items.push(line('fixed', description, 1, 'month', rate / 12));
    else items.push(line('fixed', description, 1, 'month', rate));
  };
  add(name, perMeter);
  if (meterCount > 1 && tariff.fixedchargeeaaddl) {
    for (let m = 1; m < meterCount; m++) add(`${name}, additional meter`, tariff.fixedchargeeaaddl);
  }
  return items;
}

/** SAM: the minimum is compared with the bill after credits, counted as zero when negative. */
function minimumTopUpCents(tariff: UrdbRateStructure, days: number, billCents: number): number {
  let minimum = 0;
  if (tariff.mincharge !== undefined) {
    const units = tariff.minchargeunits ?? '$/month';
    // $/year is spread as 1/12 a month (REopt), so that each bill stands on its own.
    if (units === '$/day') minimum = chargeCents(days, tariff.mincharge);
    else if (units === '$/year') minimum = chargeCents(1, tariff.mincharge / 12);
    else minimum = chargeCents(1, tariff.mincharge);
  } else if (tariff.minmonthlycharge !== undefined) {
    minimum = chargeCents(1, tariff.minmonthlycharge);
  } else if (tariff.annualmincharge !== undefined) {
    minimum = chargeCents(1, tariff.annualmincharge / 12);
  }
  return Math.max(0, minimum - Math.max(0, billCents));
}

type Metering = { kind: 'net-metering' } | { kind: 'sell' } | { kind: 'flat-credit'; rate: number };

/** How exports are valued: SAM reads dgrules and assumes net metering when it is absent. */
function meteringOf(tariff: UrdbRateStructure, override: number | undefined): Metering {
  const flatRate = override ?? tariff.exportcreditrate;
  if (flatRate !== undefined) return { kind: 'flat-credit', rate: flatRate };
  const rules = tariff.dgrules?.trim();
  if (rules === undefined)
    return tariff.usenetmetering === false ? { kind: 'sell' } : { kind: 'net-metering' };
  return rules === 'Net Metering' ? { kind: 'net-metering' } : { kind: 'sell' };
}

export function priceBillingPeriod(
  tariff: UrdbRateStructure,
  usage: PeriodUsage,
  options: PriceOptions,
): PricedBillingPeriod {
  if (options.periodEnd < options.periodStart)
    throw new RangeError('The billing period ends before it starts');
  validateUrdbRecord(tariff);
  const unit = tariff.usageunit ?? 'kWh';
  const days = daysBetweenInclusive(options.periodStart, options.periodEnd);
  const monthKey = dominantMonth(options.periodStart, options.periodEnd);
  const month = monthIndex(`${monthKey}-01`);
  const aggregated = aggregateUsage(tariff, usage, {
    start: options.periodStart,
    end: options.periodEnd,
    timeZone: options.timeZone,
  });
  const floorKw = demandFloorKw(tariff, monthKey, options.demandHistory ?? []);
  const billingDemandKw =
    aggregated.peakDemandKw === null && floorKw === 0
      ? null
      : Math.max(aggregated.peakDemandKw ?? 0, floorKw);
  const context: EnergyContext = { days, billingDemandKw, unit };
  // Energy and fuel adjustment on everything bought: net metering credits the difference below.
  const energyOn = (byPeriod: readonly number[]) => [
    ...energyLines(tariff, byPeriod, context),
    ...fuelAdjustmentLines(
      tariff,
      byPeriod.reduce((sum, kwh) => sum + kwh, 0),
      month,
      unit,
    ),
  ];
  const grossEnergy = energyOn(aggregated.energyByPeriod);
  const lineItems = [
    ...fixedChargeLines(tariff, days, options.meterCount ?? 1),
    ...grossEnergy,
    ...demandLines(tariff, aggregated, month, billingDemandKw, usage.kind !== 'total'),
  ];
  const metering = meteringOf(tariff, options.exportCreditRate);
  let carriedCreditKwh = 0;
  if (metering.kind === 'flat-credit' && aggregated.totalExport > 0) {
    lineItems.push(
      line('export_credit', 'Solar export credit', aggregated.totalExport, unit, -metering.rate),
    );
  } else if (metering.kind === 'sell') {
    lineItems.push(...sellCreditLines(tariff, aggregated.exportByPeriod, context));
  } else if (
    metering.kind === 'net-metering' &&
    (aggregated.totalExport > 0 || (options.carriedCreditKwh ?? 0) > 0)
  ) {
    const netted = netMeter(
      aggregated.energyByPeriod,
      aggregated.exportByPeriod,
      options.carriedCreditKwh ?? 0,
    );
    const netEnergy = energyOn(netted.netByPeriod);
    const nettedKwh = aggregated.totalImport - netted.netByPeriod.reduce((sum, kwh) => sum + kwh, 0);
    lineItems.push(...netMeteringCreditLine(grossEnergy, netEnergy, nettedKwh, unit));
    carriedCreditKwh = netted.carriedCreditKwh;
  }
  const billCents = lineItems.reduce((sum, item) => sum + item.amountCents, 0);
  const topUp = minimumTopUpCents(tariff, days, billCents);
  if (topUp > 0) {
    lineItems.push({
      kind: 'minimum',
      description: 'Minimum charge adjustment',
      quantity: null,
      unit: null,
      rate: null,
      amountCents: topUp,
    });
  }
  return {
    lineItems,
    totalCents: billCents + topUp,
    usage: {
      unit,
      importQuantity: roundQuantity(aggregated.totalImport),
      exportQuantity: roundQuantity(aggregated.totalExport),
      peakDemandKw: aggregated.peakDemandKw === null ? null : roundQuantity(aggregated.peakDemandKw),
      billingDemandKw: billingDemandKw === null ? null : roundQuantity(billingDemandKw),
    },
    carriedCreditKwh,
  };
}
