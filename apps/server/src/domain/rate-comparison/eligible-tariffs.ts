// Which of the utility's tariffs a customer may be offered: electric ones of their sector, within the
// URDB applicability bounds (peak kW, monthly kWh) the record states.
import type { UrdbRateStructure } from '../tariffs/urdb.ts';

export interface ComparisonTariff {
  id: string;
  name: string;
  sector: string;
  structure: UrdbRateStructure;
}

/** The customer's own history, as the bounds compare it. */
export interface UsageExtremes {
  peakDemandKw: number;
  highestMonthKwh: number;
}

// URDB eligibility fields: metadata the tariff engine ignores, so not part of UrdbRateStructure.
type EligibilityBound = 'peakkwcapacitymin' | 'peakkwcapacitymax' | 'peakkwhusagemin' | 'peakkwhusagemax';

function bound(structure: UrdbRateStructure, field: EligibilityBound): number | undefined {
  const value = (structure as Record<string, unknown>)[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function isElectric(structure: UrdbRateStructure): boolean {
  return (structure.usageunit ?? 'kWh') === 'kWh';
}

export function isEligible(tariff: ComparisonTariff, sector: string, usage: UsageExtremes): boolean {
  if (!isElectric(tariff.structure)) return false;
  if (tariff.sector.trim().toLowerCase() !== sector.trim().toLowerCase()) return false;
  const { structure } = tariff;
  // A zero bound is URDB's "not stated".
  const minKw = bound(structure, 'peakkwcapacitymin');
  const maxKw = bound(structure, 'peakkwcapacitymax');
  const minKwh = bound(structure, 'peakkwhusagemin');
  const maxKwh = bound(structure, 'peakkwhusagemax');
  if (minKw && usage.peakDemandKw < minKw) return false;
  if (maxKw && usage.peakDemandKw > maxKw) return false;
  if (minKwh && usage.highestMonthKwh < minKwh) return false;
  if (maxKwh && usage.highestMonthKwh > maxKwh) return false;
  return true;
}
