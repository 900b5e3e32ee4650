// Small builders for tariff tests (not used by production code).
import type { IntervalReading } from './aggregate-usage.ts';

/** One read starting at `hour`:00 local time (or at `hour`:minute for 15-minute reads). */
export function reading(
  date: string,
  hour: number,
  importKwh: number,
  exportKwh = 0,
  minutes = 60,
): IntervalReading {
  return { date, hour, minutes, importKwh, exportKwh };
}

/** 12 × 24 schedule from a function of (month 0–11, hour 0–23). */
export function schedule(periodOf: (month: number, hour: number) => number): number[][] {
  return Array.from({ length: 12 }, (_, month) =>
    Array.from({ length: 24 }, (_, hour) => periodOf(month, hour)),
  );
}

export const july2024 = { periodStart: '2024-07-01', periodEnd: '2024-07-31' };
export const june2024 = { periodStart: '2024-06-01', periodEnd: '2024-06-30' };
