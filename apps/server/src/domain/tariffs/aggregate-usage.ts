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
import type { UrdbRateStructure } from './urdb.ts';

/** One local day of interval reads (Wh per interval), as stored in interval_reads. */
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

const FLAT_SCHEDULE_ROW: readonly number[] = new Array<number>(24).fill(0);

function scheduleRow(schedule: number[][] | undefined, month: number): readonly number[] {
  return schedule?.[month] ?? FLAT_SCHEDULE_ROW;
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

/**
 * Sums reads (in time order) per energy period and finds the demand peaks. Reads are grouped by
 * local clock hour: under "Net Billing Hourly" import and export net within each hour before
 * pricing, and with a 60-minute demandwindow demand is the hour's energy (block hour, not rolling).
 * Plain fields rather than objects per read: seeding folds millions of reads.
 */
class ReadFolder {
  private readonly netHourly: boolean;
  private readonly demandWindow: number | undefined;
  private readonly importByPeriod: Float64Array;
  private readonly exportByPeriod: Float64Array;
  private readonly peakByDemandPeriod: number[];
  private peakDemandKw = 0;
  private date = '';
  private energyRow: readonly number[] = FLAT_SCHEDULE_ROW;
  private demandRow: readonly number[] = FLAT_SCHEDULE_ROW;
  // The clock hour being summed; -1 when none.
  private hour = -1;
  private imported = 0;
  private exported = 0;
  private minutes = 0;
  private hourPeakKw = 0;

  constructor(
    private readonly tariff: UrdbRateStructure,
    private readonly unitsPerKwh: number,
    private readonly energyPeriods: number,
    demandPeriods: number,
  ) {
    this.netHourly = tariff.dgrules?.trim() === 'Net Billing Hourly';
    this.demandWindow = tariff.demandwindow;
    this.importByPeriod = new Float64Array(energyPeriods);
    this.exportByPeriod = new Float64Array(energyPeriods);
    this.peakByDemandPeriod = new Array<number>(demandPeriods).fill(0);
  }

  add(date: string, hour: number, minutes: number, imported: number, exported: number): void {
    if (this.demandWindow === 15 && minutes > 15) {
      throw new RangeError(
        `The tariff's 15-minute demandwindow needs 15-minute reads, not ${minutes}-minute ones`,
      );
    }
    if (date !== this.date || hour !== this.hour) {
      this.flush();
      if (date !== this.date) this.startDay(date);
      this.hour = hour;
    }
    this.imported += imported;
    this.exported += exported;
    this.minutes += minutes;
    const readKw = (imported * (60 / minutes)) / this.unitsPerKwh;
    if (readKw > this.hourPeakKw) this.hourPeakKw = readKw;
  }

  private startDay(date: string): void {
    this.date = date;
    const month = monthIndex(date);
    const weekday = dayOfWeek(date);
    const weekend = weekday === 0 || weekday === 6;
    const tariff = this.tariff;
    this.energyRow = scheduleRow(
      weekend ? tariff.energyweekendschedule : tariff.energyweekdayschedule,
      month,
    );
    this.demandRow = scheduleRow(
      weekend ? tariff.demandweekendschedule : tariff.demandweekdayschedule,
      month,
    );
  }

  private flush(): void {
    if (this.hour < 0) return;
    const p = this.energyRow[this.hour] ?? 0;
    if (this.netHourly) {
      const net = this.imported - this.exported;
      if (net > 0) this.importByPeriod[p] = (this.importByPeriod[p] ?? 0) + net;
      else this.exportByPeriod[p] = (this.exportByPeriod[p] ?? 0) - net;
    } else {
      this.importByPeriod[p] = (this.importByPeriod[p] ?? 0) + this.imported;
      this.exportByPeriod[p] = (this.exportByPeriod[p] ?? 0) + this.exported;
    }
    const demandKw =
      this.demandWindow === 60 ? this.imported / this.unitsPerKwh / (this.minutes / 60) : this.hourPeakKw;
    if (demandKw > this.peakDemandKw) this.peakDemandKw = demandKw;
    const dp = this.demandRow[this.hour] ?? 0;
    if (demandKw > (this.peakByDemandPeriod[dp] ?? 0)) this.peakByDemandPeriod[dp] = demandKw;
    this.hour = -1;
    this.imported = 0;
    this.exported = 0;
    this.minutes = 0;
    this.hourPeakKw = 0;
  }

  result(): AggregatedUsage {
    this.flush();
    const energyByPeriod = new Array<number>(this.energyPeriods).fill(0);
    const exportByPeriod = new Array<number>(this.energyPeriods).fill(0);
    let totalImport = 0;
    let totalExport = 0;
    for (let p = 0; p < this.energyPeriods; p++) {
      const imported = this.importByPeriod[p] ?? 0;
      const exported = this.exportByPeriod[p] ?? 0;
      energyByPeriod[p] = imported / this.unitsPerKwh;
      exportByPeriod[p] = exported / this.unitsPerKwh;
      totalImport += imported;
      totalExport += exported;
    }
    return {
      energyByPeriod,
      exportByPeriod,
      totalImport: totalImport / this.unitsPerKwh,
      totalExport: totalExport / this.unitsPerKwh,
      peakDemandKw: this.peakDemandKw,
      peakByDemandPeriod: this.peakByDemandPeriod,
    };
  }
}
