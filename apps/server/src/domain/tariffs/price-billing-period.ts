// The one tariff engine: prices a billing period's usage on a URDB-shaped tariff into bill lines.
// Used by bills and by rate comparison alike.
//
// Rounding: every line is rounded on its own, half away from zero, to whole cents, from its
// quantity as shown (3 decimals) times its exact rate (rate + adj); the total is the sum of lines.
// Tiers follow SAM / OpenStudio-HPXML: tier limits apply to the period's TOTAL consumption and each
// TOU period takes its share of every tier in proportion to its energy.
import { daysBetweenInclusive, daysInMonth, epochDay, monthIndex } from '../calendar/local-day.ts';
import { chargeCents, roundQuantity } from '../money/cents.ts';
import { type AggregatedUsage, aggregateUsage, type PeriodUsage } from './aggregate-usage.ts';
import type { UrdbRateStructure, UrdbTier } from './urdb.ts';

export type LineItemKind = 'fixed' | 'energy' | 'demand' | 'export_credit' | 'minimum';

export interface BillLineItem {
  kind: LineItemKind;
  description: string;
  quantity: number | null;
  unit: string | null;
  /** Price per unit in dollars (rate + adj). */
  rate: number | null;
  amountCents: number;
}

export interface PriceOptions {
  /** First and last day of the billing period, inclusive (local dates). */
  periodStart: string;
  periodEnd: string;
  /** Tenant time zone: places the slots of daylight-saving days (92 / 100 intervals) on the clock. */
  timeZone?: string;
  /** $/unit credited for exported energy; overrides the tariff's exportcreditrate and sell prices. */
  exportCreditRate?: number;
  /** Number of meters on the service, for fixedchargeeaaddl. */
  meterCount?: number;
}

export interface PricedBillingPeriod {
  lineItems: BillLineItem[];
  totalCents: number;
  usage: {
    unit: string;
    importQuantity: number;
    exportQuantity: number;
    peakDemandKw: number | null;
  };
}

function tierRate(tier: UrdbTier | undefined): number {
  return (tier?.rate ?? 0) + (tier?.adj ?? 0);
}

/** The month whose days dominate the period: picks seasonal demand rates for periods across months. */
export function billingMonth(periodStart: string, periodEnd: string): number {
  let best = monthIndex(periodEnd);
  let bestDays = 0;
  // Walk month by month: count the period's days inside each.
  let monthStart = `${periodStart.slice(0, 8)}01`;
  while (monthStart <= periodEnd) {
    const year = Number(monthStart.slice(0, 4));
    const month = Number(monthStart.slice(5, 7));
    const monthEnd = `${monthStart.slice(0, 8)}${String(daysInMonth(year, month)).padStart(2, '0')}`;
    const from = periodStart > monthStart ? periodStart : monthStart;
    const to = periodEnd < monthEnd ? periodEnd : monthEnd;
    const days = epochDay(to) - epochDay(from) + 1;
    if (days > bestDays || (days === bestDays && month - 1 > best)) {
      best = month - 1;
      bestDays = days;
    }
    monthStart = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  }
  return best;
}

/** Splits `amount` over tiers: [{tierIndex, quantity}] for the non-empty tiers. */
function splitIntoTiers(
  amount: number,
  tiers: readonly UrdbTier[],
  limitScale: (tier: UrdbTier) => number,
): Array<{ tier: number; quantity: number }> {
  const parts: Array<{ tier: number; quantity: number }> = [];
  let lower = 0;
  for (let t = 0; t < tiers.length; t++) {
    const tier = tiers[t] ?? {};
    const isLast = t === tiers.length - 1;
    const upper = tier.max === undefined || isLast ? Number.POSITIVE_INFINITY : tier.max * limitScale(tier);
    const quantity = Math.max(0, Math.min(amount, upper) - lower);
    if (quantity > 0) parts.push({ tier: t, quantity });
    if (amount <= upper) break;
    lower = upper;
  }
  return parts;
}

function tierLabel(tiers: readonly UrdbTier[], t: number, unit: string): string {
  if (tiers.length < 2) return '';
  const previous = tiers[t - 1]?.max;
  const current = tiers[t]?.max;
  const unitLabel = tiers[t]?.unit ?? unit;
  if (t === 0 && current !== undefined) return `, first ${current} ${unitLabel}`;
  if (t === tiers.length - 1 || current === undefined) return `, over ${previous ?? 0} ${unitLabel}`;
  return `, next ${current - (previous ?? 0)} ${unitLabel}`;
}

function line(
  kind: LineItemKind,
  description: string,
  quantity: number,
  unit: string,
  rate: number,
): BillLineItem {
  const shown = roundQuantity(quantity);
  return { kind, description, quantity: shown, unit, rate, amountCents: chargeCents(shown, rate) };
}

function fixedChargeLines(tariff: UrdbRateStructure, days: number, meterCount: number): BillLineItem[] {
  const name = tariff.fixedchargename ?? 'Customer charge';
  const perMeter = tariff.fixedchargefirstmeter ?? tariff.fixedmonthlycharge;
  if (perMeter === undefined || perMeter === 0) return [];
  const units =
    tariff.fixedchargefirstmeter !== undefined ? (tariff.fixedchargeunits ?? '$/month') : '$/month';
  const items: BillLineItem[] = [];
  const add = (description: string, rate: number) => {
    // A monthly charge is billed once per billing period (monthly bills); daily ones per day.
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

function energyLines(
  tariff: UrdbRateStructure,
  aggregated: AggregatedUsage,
  days: number,
  unit: string,
): BillLineItem[] {
  const structure = tariff.energyratestructure ?? [];
  const total = aggregated.totalImport;
  if (total <= 0 || structure.length === 0) return [];
  const billingDemand = aggregated.peakDemandKw ?? 0;
  const limitScale = (tier: UrdbTier) => {
    const tierUnit = tier.unit ?? '';
    return (tierUnit.includes('daily') ? days : 1) * (tierUnit.includes('/kW') ? billingDemand : 1);
  };
  const multiplePeriods = aggregated.energyByPeriod.filter((e) => e > 0).length > 1 || structure.length > 1;
  const items: BillLineItem[] = [];
  aggregated.energyByPeriod.forEach((energy, p) => {
    if (energy <= 0) return;
    const tiers = structure[p] ?? [];
    const share = energy / total;
    const periodName = tariff.energyperiodnames?.[p] ?? (multiplePeriods ? `period ${p + 1}` : '');
    for (const part of splitIntoTiers(total, tiers, limitScale)) {
      const description = `${tariff.energychargename ?? 'Energy charge'}${periodName ? `, ${periodName}` : ''}${tierLabel(tiers, part.tier, unit)}`;
      items.push(line('energy', description, part.quantity * share, unit, tierRate(tiers[part.tier])));
    }
  });
  return items;
}

function demandLines(tariff: UrdbRateStructure, aggregated: AggregatedUsage, month: number): BillLineItem[] {
  const items: BillLineItem[] = [];
  const flat = tariff.flatdemandstructure;
  if (flat && aggregated.peakDemandKw !== null && aggregated.peakDemandKw > 0) {
    const tiers = flat[tariff.flatdemandmonths?.[month] ?? 0] ?? [];
    for (const part of splitIntoTiers(roundQuantity(aggregated.peakDemandKw), tiers, () => 1)) {
      const rate = tierRate(tiers[part.tier]);
      if (rate === 0) continue;
      items.push(
        line('demand', `Demand charge${tierLabel(tiers, part.tier, 'kW')}`, part.quantity, 'kW', rate),
      );
    }
  }
  const tou = tariff.demandratestructure;
  if (tou) {
    aggregated.peakByDemandPeriod.forEach((peak, p) => {
      if (peak <= 0) return;
      const tiers = tou[p] ?? [];
      const name = tariff.demandperiodnames?.[p] ?? `period ${p + 1}`;
      for (const part of splitIntoTiers(roundQuantity(peak), tiers, () => 1)) {
        const rate = tierRate(tiers[part.tier]);
        if (rate === 0) continue;
        const description = `Demand charge, ${name}${tierLabel(tiers, part.tier, 'kW')}`;
        items.push(line('demand', description, part.quantity, 'kW', rate));
      }
    });
  }
  return items;
}

function exportCreditLines(
  tariff: UrdbRateStructure,
  aggregated: AggregatedUsage,
  unit: string,
  override: number | undefined,
): BillLineItem[] {
  if (aggregated.totalExport <= 0) return [];
  const flatRate = override ?? tariff.exportcreditrate;
  if (flatRate !== undefined) {
    return [line('export_credit', 'Solar export credit', aggregated.totalExport, unit, -flatRate)];
  }
  const items: BillLineItem[] = [];
  aggregated.exportByPeriod.forEach((exported, p) => {
    const sell = tariff.energyratestructure?.[p]?.[0]?.sell;
    if (exported <= 0 || !sell) return;
    const name = tariff.energyperiodnames?.[p] ?? `period ${p + 1}`;
    items.push(line('export_credit', `Solar export credit, ${name}`, exported, unit, -sell));
  });
  return items;
}

function minimumChargeCents(tariff: UrdbRateStructure, days: number): number {
  const amount = tariff.mincharge ?? tariff.minmonthlycharge;
  if (!amount) return 0;
  const units = tariff.mincharge !== undefined ? (tariff.minchargeunits ?? '$/month') : '$/month';
  if (units === '$/day') return chargeCents(days, amount);
  if (units === '$/year') return chargeCents(1, amount / 12);
  return chargeCents(1, amount);
}

export function priceBillingPeriod(
  tariff: UrdbRateStructure,
  usage: PeriodUsage,
  options: PriceOptions,
): PricedBillingPeriod {
  if (options.periodEnd < options.periodStart)
    throw new RangeError('The billing period ends before it starts');
  const unit = tariff.usageunit ?? 'kWh';
  const days = daysBetweenInclusive(options.periodStart, options.periodEnd);
  const aggregated = aggregateUsage(tariff, usage, {
    start: options.periodStart,
    end: options.periodEnd,
    timeZone: options.timeZone,
  });
  const charges = [
    ...fixedChargeLines(tariff, days, options.meterCount ?? 1),
    ...energyLines(tariff, aggregated, days, unit),
    ...demandLines(tariff, aggregated, billingMonth(options.periodStart, options.periodEnd)),
  ];
  const chargesCents = charges.reduce((sum, item) => sum + item.amountCents, 0);
  const minimum = minimumChargeCents(tariff, days);
  if (minimum > chargesCents) {
    charges.push({
      kind: 'minimum',
      description: 'Minimum charge adjustment',
      quantity: null,
      unit: null,
      rate: null,
      amountCents: minimum - chargesCents,
    });
  }
  const lineItems = [...charges, ...exportCreditLines(tariff, aggregated, unit, options.exportCreditRate)];
  return {
    lineItems,
    totalCents: lineItems.reduce((sum, item) => sum + item.amountCents, 0),
    usage: {
      unit,
      importQuantity: roundQuantity(aggregated.totalImport),
      exportQuantity: roundQuantity(aggregated.totalExport),
      peakDemandKw: aggregated.peakDemandKw === null ? null : roundQuantity(aggregated.peakDemandKw),
    },
  };
}
