// Folds a billing period's usage into what a tariff prices: energy per TOU period, export, peaks.
import {
  clockHoursForSlots,
  dayOfWeek,
  daysBetweenInclusive,
  epochDay,
  isoFromEpochDay,
  localDayLayout,
  monthIndex,
  SLOTS_PER_DAY,
} from '../calendar/local-day.ts';
import { ReadFolder, scheduleRow } from './read-folder.ts';
import type { UrdbRateStructure } from './urdb.ts';

/** One local day of interval reads (Wh per interval), as the meter-reads store returns them. */
export interface DailyIntervalUsage {
  date: string;
  importWh: ArrayLike<number>;
  exportWh?: ArrayLike<number> | null;
}

/** One interval read on the local clock (as a CSV with UTC offsets gives it). */
export interface IntervalReading {
  /** Local date and clock hour (0–23) at which the interval starts. */
  date: string;
  hour: number;
  /** Length of the interval: 15 or 60. */
  minutes: number;
  importKwh: number;
  exportKwh?: number;
}

export type PeriodUsage =
  | { kind: 'intervals'; days: readonly DailyIntervalUsage[]; intervalMinutes?: number }
  | { kind: 'readings'; readings: readonly IntervalReading[] }
  | {
      kind: 'total';
      /** Consumption in the tariff's usage unit (kWh, therm, gal). */
      quantity: number;
      exportQuantity?: number;
      /** Monthly peak demand in kW, for flat demand charges. */
      peakDemandKw?: number;
    };

export interface AggregatedUsage {
  /** Consumption per energy period, in the usage unit. */
  energyByPeriod: number[];
  exportByPeriod: number[];
  totalImport: number;
  totalExport: number;
  /** Highest interval demand of the period in kW; null when only totals were given without a peak. */
  peakDemandKw: number | null;
  /** Highest demand within each demand (TOU) period's hours, kW. */
  peakByDemandPeriod: number[];
}

function periodCount(structure: unknown[] | undefined): number {
  return Math.max(1, structure?.length ?? 0);
}

const hoursCache = new WeakMap<UrdbRateStructure, Map<string, number[]>>();

/** Hours of each energy period in a billing period (memoised: bills of one tariff share periods). */
function hoursByPeriod(tariff: UrdbRateStructure, start: string, end: string, periods: number): number[] {
  let byPeriod = hoursCache.get(tariff);
  if (!byPeriod) {
    byPeriod = new Map();
    hoursCache.set(tariff, byPeriod);
  }
  const key = `${start}|${end}`;
  const cached = byPeriod.get(key);
  if (cached) return cached;
  const hours = new Array<number>(periods).fill(0);
  const first = epochDay(start);
  const days = daysBetweenInclusive(start, end);
  for (let d = 0; d < days; d++) {
    const iso = isoFromEpochDay(first + d);
    const weekday = dayOfWeek(iso);
    const weekend = weekday === 0 || weekday === 6;
    const row = scheduleRow(
      weekend ? tariff.energyweekendschedule : tariff.energyweekdayschedule,
      monthIndex(iso),
    );
    for (let h = 0; h < 24; h++) {
      const p = row[h] ?? 0;
      hours[p] = (hours[p] ?? 0) + 1;
    }
  }
  if (byPeriod.size > 1000) byPeriod.clear();
  byPeriod.set(key, hours);
  return hours;
}

/**
 * Local clock hour of each read of a day in a time zone. The day's layout has 15-minute slots;
 * coarser reads (hourly: 24, or 23/25 on DST days) take the hour of their first 15-minute slot,
 * so hour i's energy lands in hour i and not in the slots of the first hours of the day.
 */
function clockHoursOfDay(date: string, slots: number, timeZone: string): ArrayLike<number> {
  const layout = localDayLayout(date, timeZone);
  if (slots === layout.slotCount) return layout.clockHours;
  if (slots > 0 && layout.slotCount % slots === 0) {
    const slotsPerRead = layout.slotCount / slots;
    return Array.from({ length: slots }, (_, i) => layout.clockHours[i * slotsPerRead] ?? 23);
  }
  // A full 96-slot day on a DST date is read as a plain day; other odd counts (a partial day of
  // 15-minute reads) are placed slot by slot from midnight.
  return slots === SLOTS_PER_DAY ? clockHoursForSlots(slots) : layout.clockHours;
}

export function aggregateUsage(
  tariff: UrdbRateStructure,
  usage: PeriodUsage,
  period: { start: string; end: string; timeZone?: string | undefined },
): AggregatedUsage {
  const energyPeriods = periodCount(tariff.energyratestructure);
  const demandPeriods = periodCount(tariff.demandratestructure);
  const energyByPeriod = new Array<number>(energyPeriods).fill(0);
  const exportByPeriod = new Array<number>(energyPeriods).fill(0);

  if (usage.kind === 'total') {
    // Without intervals the consumption is spread over the periods by their share of the hours,
    // i.e. as if the load were flat: the best a monthly read allows.
    const hours = hoursByPeriod(tariff, period.start, period.end, energyPeriods);
    const days = daysBetweenInclusive(period.start, period.end);
    const totalHours = days * 24;
    const exported = usage.exportQuantity ?? 0;
    for (let p = 0; p < energyPeriods; p++) {
      const share = (hours[p] ?? 0) / totalHours;
      energyByPeriod[p] = usage.quantity * share;
      exportByPeriod[p] = exported * share;
    }
    // TOU demand needs interval data: a single monthly peak says nothing about when it happened.
    return {
      energyByPeriod,
      exportByPeriod,
      totalImport: usage.quantity,
      totalExport: exported,
      peakDemandKw: usage.peakDemandKw ?? null,
      peakByDemandPeriod: [],
    };
  }

  const fold = new ReadFolder(tariff, usage.kind === 'readings' ? 1 : 1000, energyPeriods, demandPeriods);
  if (usage.kind === 'readings') {
    for (const reading of usage.readings) {
      if (reading.date < period.start || reading.date > period.end) continue;
      fold.add(reading.date, reading.hour, reading.minutes, reading.importKwh, reading.exportKwh ?? 0);
    }
    return fold.result();
  }
  const minutes = usage.intervalMinutes ?? 15;
  for (const day of usage.days) {
    if (day.date < period.start || day.date > period.end) continue;
    const slots = day.importWh.length;
    const clockHours = period.timeZone
      ? clockHoursOfDay(day.date, slots, period.timeZone)
      : clockHoursForSlots(slots);
    const exported = day.exportWh;
    for (let i = 0; i < slots; i++) {
      fold.add(day.date, clockHours[i] ?? 23, minutes, day.importWh[i] ?? 0, exported?.[i] ?? 0);
    }
  }
  return fold.result();
}
