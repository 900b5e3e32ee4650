// Energy charges and export credits of a billing period, one bill line per period and tier.
// Tiers follow SAM / OpenStudio-HPXML: tier limits apply to the period's TOTAL consumption and each
// TOU period takes its share of every tier in proportion to its energy.
import { roundQuantity } from '../money/cents.ts';
import { type BillLineItem, line } from './bill-line.ts';
import { splitIntoTiers, tierLabel, tierRate, tierUnit } from './tiers.ts';
import type { UrdbRateStructure, UrdbTier } from './urdb.ts';

export interface EnergyContext {
  /** Days of the billing period, for "daily" tier limits. */
  days: number;
  /** kW the "kWh/kW" tier limits multiply; null when no demand is known. */
  billingDemandKw: number | null;
  unit: string;
}

function limitScaleFor(context: EnergyContext): (tier: UrdbTier) => number {
  return (tier) => {
    const unit = tierUnit(tier);
    let scale = unit.endsWith(' daily') ? context.days : 1;
    if (unit.startsWith('kwh/kw')) {
      if (context.billingDemandKw === null) {
        throw new RangeError('kWh/kW energy tiers need the peak demand of the period, and none was given');
      }
      scale *= context.billingDemandKw;
    }
    return scale;
  };
}

function periodName(tariff: UrdbRateStructure, p: number, multiplePeriods: boolean): string {
  return tariff.energyperiodnames?.[p] ?? (multiplePeriods ? `period ${p + 1}` : '');
}

/** Charges for `byPeriod` kWh (or therms, gallons) bought in each energy period. */
export function energyLines(
  tariff: UrdbRateStructure,
  byPeriod: readonly number[],
  context: EnergyContext,
): BillLineItem[] {
  const structure = tariff.energyratestructure ?? [];
  const total = byPeriod.reduce((sum, energy) => sum + energy, 0);
  if (total <= 0 || structure.length === 0) return [];
  const limitScale = limitScaleFor(context);
  const multiplePeriods = byPeriod.filter((e) => e > 0).length > 1 || structure.length > 1;
  const items: BillLineItem[] = [];
  byPeriod.forEach((energy, p) => {
    if (energy <= 0) return;
    const tiers = structure[p] ?? [];
    const share = energy / total;
    const name = periodName(tariff, p, multiplePeriods);
    for (const part of splitIntoTiers(total, tiers, limitScale)) {
      const description = `${tariff.energychargename ?? 'Energy charge'}${name ? `, ${name}` : ''}${tierLabel(tiers, part.tier, context.unit)}`;
      items.push(
        line('energy', description, part.quantity * share, context.unit, tierRate(tiers[part.tier])),
      );
    }
  });
  return items;
}

/** fueladjustmentsmonthly: one $/kWh adjustment on all energy bought in the month. */
export function fuelAdjustmentLines(
  tariff: UrdbRateStructure,
  kwh: number,
  month: number,
  unit: string,
): BillLineItem[] {
  const adjustment = tariff.fueladjustmentsmonthly?.[month] ?? 0;
  if (adjustment === 0 || kwh <= 0) return [];
  return [line('energy', 'Fuel adjustment', kwh, unit, adjustment)];
}

/** Net billing: exports credited at the period's `sell` price, tiered on total export like SAM. */
export function sellCreditLines(
  tariff: UrdbRateStructure,
  exportByPeriod: readonly number[],
  context: EnergyContext,
): BillLineItem[] {
  const structure = tariff.energyratestructure ?? [];
  const total = exportByPeriod.reduce((sum, energy) => sum + energy, 0);
  if (total <= 0) return [];
  const limitScale = limitScaleFor(context);
  const multiplePeriods = exportByPeriod.filter((e) => e > 0).length > 1 || structure.length > 1;
  const items: BillLineItem[] = [];
  exportByPeriod.forEach((exported, p) => {
    if (exported <= 0) return;
    const tiers = structure[p] ?? [];
    const share = exported / total;
    const name = periodName(tariff, p, multiplePeriods);
    for (const part of splitIntoTiers(total, tiers, limitScale)) {
      const sell = tiers[part.tier]?.sell ?? 0;
      if (sell === 0) continue;
      const description = `Export credit${name ? `, ${name}` : ''}${tierLabel(tiers, part.tier, context.unit)}`;
      items.push(line('export_credit', description, part.quantity * share, context.unit, -sell));
    }
  });
  return items;
}

export interface NetMeteringResult {
  /** Energy bought after netting, per period: what the energy charges would be on. */
  netByPeriod: number[];
  /** Surplus kWh left to carry to the next bill. */
  carriedCreditKwh: number;
}

/**
 * Net metering as SAM's "monthly rollover credits in kWh": each period's exports first offset the
 * same period's imports; a period's surplus joins the kWh credit carried from earlier bills, which
 * then offsets the remaining imports of every period in proportion, and what is left carries on.
 */
export function netMeter(
  importByPeriod: readonly number[],
  exportByPeriod: readonly number[],
  carriedKwh: number,
): NetMeteringResult {
  const deficits = importByPeriod.map((imported, p) => Math.max(0, imported - (exportByPeriod[p] ?? 0)));
  const surplus = importByPeriod.reduce(
    (sum, imported, p) => sum + Math.max(0, (exportByPeriod[p] ?? 0) - imported),
    0,
  );
  const totalDeficit = deficits.reduce((sum, deficit) => sum + deficit, 0);
  const credit = carriedKwh + surplus;
  const used = Math.min(credit, totalDeficit);
  const remaining = totalDeficit > 0 ? 1 - used / totalDeficit : 0;
  return {
    netByPeriod: deficits.map((deficit) => deficit * remaining),
    carriedCreditKwh: credit - used,
  };
}

/** The net metering credit as one line: charges on net energy minus charges on all imports. */
export function netMeteringCreditLine(
  grossLines: readonly BillLineItem[],
  netLines: readonly BillLineItem[],
  nettedKwh: number,
  unit: string,
): BillLineItem[] {
  const gross = grossLines.reduce((sum, item) => sum + item.amountCents, 0);
  const net = netLines.reduce((sum, item) => sum + item.amountCents, 0);
  if (nettedKwh <= 0 && gross === net) return [];
  return [
    {
      kind: 'export_credit',
      description: 'Net metering credit',
      quantity: roundQuantity(nettedKwh),
      unit,
      rate: null,
      amountCents: net - gross,
    },
  ];
}
