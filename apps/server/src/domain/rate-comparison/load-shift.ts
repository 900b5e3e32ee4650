// What-if: a share of the energy drawn in a tariff's dearest hours moved to the cheapest hours of the
// same day (laundry, dishwasher, pool pump, water heater).
import type { LoadSeries } from './load-series.ts';
import { CHEAPEST_HOUR, DEAREST_HOUR, type HourClasses } from './tariff-hours.ts';

/** Moves `share` (0–1) of each dearest slot's import, spread evenly over the day's cheapest slots; returns Wh moved. */
export function shiftFlexibleLoad(
  series: LoadSeries,
  netWh: Float64Array,
  share: number,
  hourClasses: HourClasses,
): number {
  let movedWh = 0;
  for (let d = 0; d < series.dates.length; d++) {
    const classes = hourClasses(series.months[d] ?? 0, series.weekend[d] === 1);
    const from = series.dayStart[d] ?? 0;
    const to = series.dayStart[d + 1] ?? from;
    let cheapSlots = 0;
    for (let i = from; i < to; i++) {
      if (classes[series.clockHours[i] ?? 0] === CHEAPEST_HOUR) cheapSlots++;
    }
    // A day without a cheapest slot (only when a DST change skips the cheap hour) keeps its load.
    if (cheapSlots === 0) continue;
    let dayMovedWh = 0;
    for (let i = from; i < to; i++) {
      if (classes[series.clockHours[i] ?? 0] === DEAREST_HOUR) {
        // Only drawn energy moves: a slot already feeding the grid has no load left to move.
        const moved = share * Math.max(0, netWh[i] ?? 0);
        netWh[i] = (netWh[i] ?? 0) - moved;
        dayMovedWh += moved;
      }
    }
    if (dayMovedWh === 0) continue;
    const perSlot = dayMovedWh / cheapSlots;
    for (let i = from; i < to; i++) {
      if (classes[series.clockHours[i] ?? 0] === CHEAPEST_HOUR) netWh[i] = (netWh[i] ?? 0) + perSlot;
    }
    movedWh += dayMovedWh;
  }
  return movedWh;
}
