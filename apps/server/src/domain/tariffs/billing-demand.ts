// Billing demand: the month's metered peak, raised by a demand ratchet or a URDB v8 lookback.
import type { UrdbRateStructure } from './urdb.ts';

/** Metered peak demand (kW) of an earlier month, e.g. { month: '2024-06', peakDemandKw: 42 }. */
export interface MonthlyPeak {
  month: string;
  peakDemandKw: number;
}

/** Months between two YYYY-MM keys (b − a). */
function monthsBetween(a: string, b: string): number {
  return (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));
}

function highest(peaks: readonly MonthlyPeak[]): number {
  return peaks.reduce((max, peak) => Math.max(max, peak.peakDemandKw), 0);
}

export function hasBillingDemandRules(tariff: UrdbRateStructure): boolean {
  return (
    (tariff.demandratchetpercentage ?? []).some((share) => share > 0) || (tariff.lookbackpercent ?? 0) > 0
  );
}

/**
 * The least billing demand of `month` (YYYY-MM) that earlier months impose, in kW:
 * - demandratchetpercentage[m] × the highest peak of the previous 11 months;
 * - lookbackpercent × the highest peak of the previous `lookbackrange` months, or, when the range
 *   is 0, of the previous 11 months whose calendar month is flagged in lookbackmonths (all months
 *   when neither is given).
 * Months missing from `history` count as no demand, as SAM does without prior-year peaks.
 */
export function demandFloorKw(
  tariff: UrdbRateStructure,
  month: string,
  history: readonly MonthlyPeak[],
): number {
  const monthIndex = Number(month.slice(5, 7)) - 1;
  const previous = history.filter((peak) => {
    const back = monthsBetween(peak.month, month);
    return back >= 1 && back <= 11;
  });
  let floor = (tariff.demandratchetpercentage?.[monthIndex] ?? 0) * highest(previous);
  const lookback = tariff.lookbackpercent ?? 0;
  if (lookback > 0) {
    const range = tariff.lookbackrange ?? 0;
    const flags = tariff.lookbackmonths;
    const looked = previous.filter((peak) => {
      if (range > 0) return monthsBetween(peak.month, month) <= range;
      if (flags?.some(Boolean)) return Boolean(flags[Number(peak.month.slice(5, 7)) - 1]);
      return true;
    });
    floor = Math.max(floor, lookback * highest(looked));
  }
  return floor;
}
