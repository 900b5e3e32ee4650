// What-if: an electric vehicle charged at home every day in a window of clock hours.
import type { LoadSeries } from './load-series.ts';

export interface EvCharging {
  milesPerYear: number;
  kwhPerMile: number;
  chargerKw: number;
  /** Clock hours [startHour, endHour); a window past midnight (22 → 6) takes both ends of each day. */
  startHour: number;
  endHour: number;
}

export interface EvChargingEnergy {
  addedWh: number;
  /** Energy the window is too short to deliver at the charger's power. */
  unservedWh: number;
}

export function inChargingWindow(hour: number, startHour: number, endHour: number): boolean {
  if (startHour === endHour) return true;
  return startHour < endHour ? hour >= startHour && hour < endHour : hour >= startHour || hour < endHour;
}

/**
 * Adds a year's charging (miles × kWh per mile) as 1/365 of it on every day, spread evenly over the
 * day's slots in the window and never above the charger's power in a slot.
 */
export function addEvCharging(series: LoadSeries, netWh: Float64Array, ev: EvCharging): EvChargingEnergy {
  const dailyWh = (ev.milesPerYear * ev.kwhPerMile * 1000) / 365;
  const slotCapWh = ev.chargerKw * 250;
  let addedWh = 0;
  let unservedWh = 0;
  for (let d = 0; d < series.dates.length; d++) {
    const from = series.dayStart[d] ?? 0;
    const to = series.dayStart[d + 1] ?? from;
    let slots = 0;
    for (let i = from; i < to; i++) {
      if (inChargingWindow(series.clockHours[i] ?? 0, ev.startHour, ev.endHour)) slots++;
    }
    if (slots === 0) {
      unservedWh += dailyWh;
      continue;
    }
    const perSlot = Math.min(dailyWh / slots, slotCapWh);
    for (let i = from; i < to; i++) {
      if (inChargingWindow(series.clockHours[i] ?? 0, ev.startHour, ev.endHour)) {
        netWh[i] = (netWh[i] ?? 0) + perSlot;
      }
    }
    addedWh += perSlot * slots;
    unservedWh += dailyWh - perSlot * slots;
  }
  return { addedWh, unservedWh };
}
