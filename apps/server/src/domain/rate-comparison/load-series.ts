// A customer's interval days as flat typed arrays (one signed net value per slot), so that the
// what-ifs run as tight loops over a year of 15-minute slots without an object per slot.
import { clockHoursForSlots, dayOfWeek, localDayLayout, monthIndex } from '../calendar/local-day.ts';
import type { DailyIntervalUsage } from '../tariffs/aggregate-usage.ts';

export interface LoadSeries {
  dates: string[];
  /** Index of each day's first slot; the entry after the last day is the slot count. */
  dayStart: Int32Array;
  /** Local clock hour (0–23) of each slot. */
  clockHours: Uint8Array;
  /** Month (0 = January) and weekend flag of each day, as URDB schedules read them. */
  months: Uint8Array;
  weekend: Uint8Array;
  /** Instant of each day's local midnight: places the slots under the sun. */
  startUtcMs: Float64Array;
  /** Import − export of each slot, Wh: what the premise draws from the grid (negative: feeds it). */
  netWh: Float64Array;
}

/** Flattens days (in date order) into a series; slot i of a day starts at local midnight + i × 15 min. */
export function toLoadSeries(days: readonly DailyIntervalUsage[], timeZone: string): LoadSeries {
  let slotCount = 0;
  for (const day of days) slotCount += day.importWh.length;
  const series: LoadSeries = {
    dates: days.map((day) => day.date),
    dayStart: new Int32Array(days.length + 1),
    clockHours: new Uint8Array(slotCount),
    months: new Uint8Array(days.length),
    weekend: new Uint8Array(days.length),
    startUtcMs: new Float64Array(days.length),
    netWh: new Float64Array(slotCount),
  };
  let slot = 0;
  days.forEach((day, d) => {
    const layout = localDayLayout(day.date, timeZone);
    const slots = day.importWh.length;
    const hours = slots === layout.slotCount ? layout.clockHours : clockHoursForSlots(slots);
    const weekday = dayOfWeek(day.date);
    series.dayStart[d] = slot;
    series.months[d] = monthIndex(day.date);
    series.weekend[d] = weekday === 0 || weekday === 6 ? 1 : 0;
    series.startUtcMs[d] = layout.startUtcMs;
    series.clockHours.set(hours, slot);
    const exported = day.exportWh;
    for (let i = 0; i < slots; i++) {
      series.netWh[slot + i] = (day.importWh[i] ?? 0) - (exported?.[i] ?? 0);
    }
    slot += slots;
  });
  series.dayStart[days.length] = slot;
  return series;
}

/** Net values back into days of import and export (views on two shared arrays, no copy per day). */
export function toIntervalDays(series: LoadSeries, netWh: Float64Array): DailyIntervalUsage[] {
  const importWh = new Float64Array(netWh.length);
  const exportWh = new Float64Array(netWh.length);
  for (let i = 0; i < netWh.length; i++) {
    const net = netWh[i] ?? 0;
    if (net >= 0) importWh[i] = net;
    else exportWh[i] = -net;
  }
  return series.dates.map((date, d) => {
    const from = series.dayStart[d] ?? 0;
    const to = series.dayStart[d + 1] ?? from;
    return { date, importWh: importWh.subarray(from, to), exportWh: exportWh.subarray(from, to) };
  });
}
