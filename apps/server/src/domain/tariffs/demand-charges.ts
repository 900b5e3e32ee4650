// Demand charges: flat (monthly peak, or the ratcheted billing demand) and time-of-use (each
// period's own peak), both tiered on kW.
import { roundQuantity } from '../money/cents.ts';
import type { AggregatedUsage } from './aggregate-usage.ts';
import { type BillLineItem, line } from './bill-line.ts';
import { splitIntoTiers, tierLabel, tierRate } from './tiers.ts';
import type { UrdbRateStructure, UrdbTier } from './urdb.ts';

function demandTierLines(tiers: readonly UrdbTier[], kw: number, description: string): BillLineItem[] {
  const items: BillLineItem[] = [];
  for (const part of splitIntoTiers(roundQuantity(kw), tiers)) {
    const rate = tierRate(tiers[part.tier]);
    if (rate === 0) continue;
    items.push(
      line('demand', `${description}${tierLabel(tiers, part.tier, 'kW')}`, part.quantity, 'kW', rate),
    );
  }
  return items;
}

function hasRate(periods: readonly (readonly UrdbTier[])[] | undefined): boolean {
  return (periods ?? []).some((tiers) => tiers.some((tier) => tierRate(tier) !== 0));
}

export function demandLines(
  tariff: UrdbRateStructure,
  aggregated: AggregatedUsage,
  month: number,
  billingDemandKw: number | null,
  fromIntervals: boolean,
): BillLineItem[] {
  const items: BillLineItem[] = [];
  const flat = tariff.flatdemandstructure;
  if (flat) {
    const tiers = flat[tariff.flatdemandmonths?.[month] ?? 0] ?? [];
    if (billingDemandKw === null) {
      if (hasRate([tiers]))
        throw new RangeError('The flat demand charge needs the peak demand of the period');
    } else if (billingDemandKw > 0) {
      const ratcheted = billingDemandKw > (aggregated.peakDemandKw ?? 0);
      items.push(
        ...demandTierLines(tiers, billingDemandKw, ratcheted ? 'Demand charge (ratchet)' : 'Demand charge'),
      );
    }
  }
  const tou = tariff.demandratestructure;
  if (tou) {
    if (!fromIntervals && hasRate(tou)) {
      throw new RangeError('Time-of-use demand charges need interval reads, not a monthly total');
    }
    aggregated.peakByDemandPeriod.forEach((peak, p) => {
      if (peak <= 0) return;
      const name = tariff.demandperiodnames?.[p] ?? `period ${p + 1}`;
      items.push(...demandTierLines(tou[p] ?? [], peak, `Demand charge, ${name}`));
    });
  }
  return items;
}
