// Reference profiles fill the months a customer has no data for (issue 13): an average day per
// calendar month at 15-minute slots, from the utility's similar homes or from a Green Button file
// the customer uploaded from a previous address. Pure: callers read the days.
import { localClock, monthIndex, SLOTS_PER_DAY } from '../../domain/calendar/local-day.ts';
import type { ReferenceProfile } from '../../domain/rate-comparison/index.ts';

export interface ProfileDay {
  date: string;
  importWh: ArrayLike<number>;
  exportWh?: ArrayLike<number> | null;
}

/** Sums and day counts per calendar month, for a profile built from several sources. */
export class ProfileAccumulator {
  private readonly importSum = Array.from({ length: 12 }, () => new Float64Array(SLOTS_PER_DAY));
  private readonly exportSum = Array.from({ length: 12 }, () => new Float64Array(SLOTS_PER_DAY));
  private readonly days = new Array<number>(12).fill(0);

  /** Days with a daylight-saving change (92 or 100 slots) are left out: their slots do not line up. */
  add(day: ProfileDay): void {
    if (day.importWh.length !== SLOTS_PER_DAY) return;
    const month = monthIndex(day.date);
    const importSum = this.importSum[month] as Float64Array;
    const exportSum = this.exportSum[month] as Float64Array;
    for (let slot = 0; slot < SLOTS_PER_DAY; slot++) {
      importSum[slot] = (importSum[slot] ?? 0) + (day.importWh[slot] ?? 0);
      exportSum[slot] = (exportSum[slot] ?? 0) + (day.exportWh?.[slot] ?? 0);
    }
    this.days[month] = (this.days[month] ?? 0) + 1;
  }

  /** Calendar months (0 = January) with at least one day. */
  months(): number[] {
    return this.days.flatMap((count, month) => (count > 0 ? [month] : []));
  }

  /**
   * The average day of each month; a month without days takes `fallback`'s (or zeros without one).
   * Exports are kept only when some day exported.
   */
  profile(fallback?: ReferenceProfile): ReferenceProfile {
    const average = (sums: Float64Array[], month: number, fallbackRow: readonly number[] | undefined) => {
      const count = this.days[month] ?? 0;
      if (count === 0) return fallbackRow ? [...fallbackRow] : new Array<number>(SLOTS_PER_DAY).fill(0);
      return Array.from(sums[month] as Float64Array, (sum) => sum / count);
    };
    const importWh = this.importSum.map((_, month) =>
      average(this.importSum, month, fallback?.importWh[month]),
    );
    const exported = this.exportSum.some((row) => row.some((wh) => wh > 0));
    const exportWh = exported
      ? this.exportSum.map((_, month) => average(this.exportSum, month, fallback?.exportWh?.[month]))
      : fallback?.exportWh;
    return exportWh ? { importWh, exportWh } : { importWh };
  }
}

export interface UploadReading {
  /** Unix seconds. */
  start: number;
  /** Seconds. */
  duration: number;
  /** Wh. */
  value: number;
  direction: 'import' | 'export';
}

const SLOT_SECONDS = 15 * 60;

/**
 * A Green Button file's interval readings as local days of 96 slots in the file's own time zone. A
 * reading longer than a slot (hourly data) is spread evenly over its slots; readings of a day or
 * more (monthly gas-style reads) say nothing about the shape of a day and are left out.
 */
export function uploadDays(readings: readonly UploadReading[], timeZone: string): ProfileDay[] {
  const byDate = new Map<string, { importWh: number[]; exportWh: number[] }>();
  for (const reading of readings) {
    if (reading.duration <= 0 || reading.duration > 3600 || reading.duration % SLOT_SECONDS !== 0) continue;
    const parts = reading.duration / SLOT_SECONDS;
    for (let part = 0; part < parts; part++) {
      const clock = localClock((reading.start + part * SLOT_SECONDS) * 1000, timeZone);
      const slot = clock.hour * 4 + Math.floor(clock.minute / 15);
      let day = byDate.get(clock.isoDate);
      if (!day) {
        day = {
          importWh: new Array<number>(SLOTS_PER_DAY).fill(0),
          exportWh: new Array<number>(SLOTS_PER_DAY).fill(0),
        };
        byDate.set(clock.isoDate, day);
      }
      const values = reading.direction === 'export' ? day.exportWh : day.importWh;
      values[slot] = (values[slot] ?? 0) + reading.value / parts;
    }
  }
  return [...byDate.entries()].map(([date, day]) => ({ date, ...day }));
}
