// The 15-minute electric reads of one demo account, one local day after another, from the account's
// own seeded stream. The seed and the meter catch-up both draw from it, day by day from the first day
// of the history, so a day's reads are the same whichever of them generated it.
import type { DayConditions } from '../domain/load-profile/day-conditions.ts';
import { type ElectricLoadTruth, generateElectricDay } from '../domain/load-profile/electric-load.ts';
import { hashSeed, mulberry32 } from '../domain/random/prng.ts';
import type { AccountPlan } from './account-plan.ts';

export interface ElectricDayReads {
  date: string;
  importWh: Int32Array;
  /** Null without rooftop solar (no export channel). */
  exportWh: Int32Array | null;
  /** The solar production meter's reads; null without rooftop solar. */
  generationWh: Int32Array | null;
  importTotalWh: number;
  exportTotalWh: number;
}

/**
 * Returns the reads of each next day; call it for every day from the history's first, in order.
 * With `truth`, it also adds up there what went into the home per load component (the insights
 * evaluation's ground truth); the reads are the same either way.
 */
export function electricReadStream(
  seed: number,
  plan: AccountPlan,
  truth: ElectricLoadTruth | null = null,
): (day: DayConditions) => ElectricDayReads {
  const random = mulberry32(hashSeed(seed, 'electric', plan.index));
  const solar = plan.premise.hasSolar;
  return (day) => {
    const importWh = new Int32Array(day.slotCount);
    const exportWh = solar ? new Int32Array(day.slotCount) : null;
    const generationWh = solar ? new Int32Array(day.slotCount) : null;
    const totals = generateElectricDay(plan.load, day, random, importWh, exportWh, generationWh, truth);
    return {
      date: day.date,
      importWh,
      exportWh,
      generationWh,
      importTotalWh: totals.importWh,
      exportTotalWh: totals.exportWh,
    };
  };
}
