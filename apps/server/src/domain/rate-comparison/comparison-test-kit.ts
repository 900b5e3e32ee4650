// Builders for the rate-comparison tests and bench (not used by production code).
import { addDays, daysBetweenInclusive, localDayLayout } from '../calendar/local-day.ts';
import type { DailyIntervalUsage } from '../tariffs/aggregate-usage.ts';

export const TIME_ZONE = 'America/Chicago';
export const RIVERBEND_SITE = { latitude: 38.6, longitude: -90.2 };

/**
 * Days from `start` to `end` with the Wh of each slot from `whAt(date, clockHour, slot)`; export
 * from `exportAt` when given. Slot counts follow the time zone (92 / 100 on DST days).
 */
export function intervalDays(
  start: string,
  end: string,
  whAt: (date: string, hour: number, slot: number) => number,
  exportAt?: (date: string, hour: number, slot: number) => number,
): DailyIntervalUsage[] {
  return Array.from({ length: daysBetweenInclusive(start, end) }, (_, d) => {
    const date = addDays(start, d);
    const layout = localDayLayout(date, TIME_ZONE);
    const importWh = Array.from({ length: layout.slotCount }, (_, i) =>
      whAt(date, layout.clockHours[i] ?? 0, i),
    );
    const exportWh = exportAt
      ? Array.from({ length: layout.slotCount }, (_, i) => exportAt(date, layout.clockHours[i] ?? 0, i))
      : null;
    return { date, importWh, exportWh };
  });
}

/** A household: low at night, a morning bump, an evening peak, more in summer; deterministic. */
export function householdWh(date: string, hour: number, slot: number): number {
  const month = Number(date.slice(5, 7));
  const summer = month >= 6 && month <= 9 ? 1.4 : 1;
  const shape = hour < 6 ? 0.4 : hour < 9 ? 0.9 : hour < 16 ? 0.6 : hour < 21 ? 1.5 : 0.8;
  return Math.round(300 * shape * summer + ((Number(date.slice(8, 10)) * 7 + slot * 13) % 40));
}

/** Export of existing panels: around midday, more on sunny (odd) days. */
export function panelExportWh(date: string, hour: number): number {
  if (hour < 10 || hour > 14) return 0;
  return Number(date.slice(8, 10)) % 2 === 1 ? 420 : 150;
}
