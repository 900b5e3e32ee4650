// The daily and interval views of an interval meter: each local day's energy, with the day's weather
// and its energy charges at the tariff's rates, or each day's intervals at the asked resolution.
import type { TouSchedule, UsageDay, UsageIntervalDay, UsageResolution } from '@gridfront/contracts';
import type { UrdbRateStructure } from '../../domain/tariffs/index.ts';
import type { StoredDay as IntervalDay } from '../meter-reads/meter-reads.ts';
import { atResolution } from './interval-resolution.ts';
import { slotPeriods } from './tou-schedule.ts';
import type { DailyTemperatures } from './weather-days.ts';

const sum = (values: readonly number[] | null) =>
  values ? values.reduce((total, value) => total + value, 0) : null;

export interface DayPricing {
  tariff: UrdbRateStructure;
  schedule: TouSchedule | null;
  timeZone: string;
}

/**
 * Energy bought in the day at each slot's period rate (first tier plus rider), in cents: what the
 * day adds to the bill before tiers, fixed charges and credits, which only a whole bill settles.
 */
export function dayEnergyCostCents(day: IntervalDay, pricing: DayPricing): number {
  const { rates } = slotPeriods(
    pricing.tariff,
    pricing.schedule,
    day.date,
    day.importWh.length,
    pricing.timeZone,
  );
  let dollars = 0;
  day.importWh.forEach((wh, slot) => {
    dollars += (wh / 1000) * (rates[slot] ?? 0);
  });
  return Math.round(dollars * 100);
}

export function buildUsageDays(
  days: readonly IntervalDay[],
  temps: DailyTemperatures,
  pricing: DayPricing | null,
): UsageDay[] {
  return days.map((day) => ({
    date: day.date,
    importWh: sum(day.importWh) ?? 0,
    exportWh: sum(day.exportWh) ?? 0,
    generationWh: sum(day.generationWh),
    averageTempC: temps.get(day.date) ?? null,
    energyCostCents: pricing ? dayEnergyCostCents(day, pricing) : null,
    estimated: day.estimated,
  }));
}

export function buildIntervalDays(
  days: readonly IntervalDay[],
  meterMinutes: number,
  resolution: UsageResolution,
): UsageIntervalDay[] {
  const at = (values: number[] | null) => (values ? atResolution(values, meterMinutes, resolution) : null);
  return days.map((day) => ({
    date: day.date,
    importWh: at(day.importWh) ?? [],
    exportWh: at(day.exportWh),
    generationWh: at(day.generationWh),
    estimated: day.estimated,
  }));
}
