// What-if: a home battery dispatched slot by slot. Self-consumption stores solar surplus and covers
// import; time-of-use also charges from the grid in the tariff's cheapest hours and discharges only
// in its dearest ones. It never feeds the grid.
import type { LoadSeries } from './load-series.ts';
import { CHEAPEST_HOUR, DEAREST_HOUR, type HourClasses } from './tariff-hours.ts';

export type BatteryMode = 'self-consumption' | 'time-of-use';

export interface Battery {
  kwh: number;
  kw: number;
  /** Energy out ÷ energy in over a cycle; the loss is taken as the energy goes in. */
  roundTripEfficiency: number;
  mode: BatteryMode;
}

export interface BatteryEnergy {
  /** Energy taken in at the meter, Wh. */
  chargedWh: number;
  dischargedWh: number;
  /** Stored at the end of the series (it starts empty). */
  storedWh: number;
}

/**
 * Changes `netWh` in place. State of charge stays within [0, kWh], the power through the battery
 * within kW in every slot; a time-of-use plan whose day has one price falls back to self-consumption.
 */
export function dispatchBattery(
  series: LoadSeries,
  netWh: Float64Array,
  battery: Battery,
  hourClasses: HourClasses | null,
): BatteryEnergy {
  const capacityWh = battery.kwh * 1000;
  const slotLimitWh = battery.kw * 250;
  const efficiency = battery.roundTripEfficiency;
  let storedWh = 0;
  let chargedWh = 0;
  let dischargedWh = 0;
  for (let d = 0; d < series.dates.length; d++) {
    const classes =
      battery.mode === 'time-of-use' && hourClasses
        ? hourClasses(series.months[d] ?? 0, series.weekend[d] === 1)
        : null;
    const shifting = classes?.includes(DEAREST_HOUR) ?? false;
    const from = series.dayStart[d] ?? 0;
    const to = series.dayStart[d + 1] ?? from;
    for (let i = from; i < to; i++) {
      const net = netWh[i] ?? 0;
      const kind = shifting ? classes?.[series.clockHours[i] ?? 0] : undefined;
      // Room left, as energy drawn at the meter (the loss happens on the way in).
      const roomWh = (capacityWh - storedWh) / efficiency;
      if (net < 0 || kind === CHEAPEST_HOUR) {
        const wanted = kind === CHEAPEST_HOUR ? slotLimitWh : -net;
        const charge = Math.min(wanted, slotLimitWh, roomWh);
        if (charge > 0) {
          storedWh = Math.min(capacityWh, storedWh + charge * efficiency);
          chargedWh += charge;
          netWh[i] = net + charge;
        }
      } else if (net > 0 && (!shifting || kind === DEAREST_HOUR)) {
        const discharge = Math.min(net, slotLimitWh, storedWh);
        if (discharge > 0) {
          storedWh -= discharge;
          dischargedWh += discharge;
          netWh[i] = net - discharge;
        }
      }
    }
  }
  return { chargedWh, dischargedWh, storedWh };
}
