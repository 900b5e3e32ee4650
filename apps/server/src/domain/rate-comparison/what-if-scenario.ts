// The customer's days with the what-ifs applied, in the brief's order: load changes (EV, shifted
// load) → solar → battery. EV and solar do not depend on the plan and are computed once; shifting
// and a time-of-use battery follow each plan's hours.
import type { DailyIntervalUsage } from '../tariffs/aggregate-usage.ts';
import type { UrdbRateStructure } from '../tariffs/urdb.ts';
import { dispatchBattery } from './battery.ts';
import type { WhatIfEnergy } from './comparison-result.ts';
import { addEvCharging } from './ev-charging.ts';
import { toIntervalDays, toLoadSeries } from './load-series.ts';
import { shiftFlexibleLoad } from './load-shift.ts';
import { type DayWeather, solarProductionWh } from './rooftop-solar.ts';
import { tariffHourClasses } from './tariff-hours.ts';
import type { WhatIfAssumptions } from './what-if-assumptions.ts';

export interface Scenario {
  days: DailyIntervalUsage[];
  energy: WhatIfEnergy;
}

const kwh = (wh: number) => Math.round(wh) / 1000;

/** A function giving each plan's days under the what-ifs (shared between plans where they can be). */
export function whatIfScenarios(
  days: readonly DailyIntervalUsage[],
  timeZone: string,
  assumptions: WhatIfAssumptions,
  weather: readonly DayWeather[] | undefined,
): (tariff: UrdbRateStructure) => Scenario {
  const series = toLoadSeries(days, timeZone);
  const loadWh = series.netWh;
  const ev = assumptions.ev ? addEvCharging(series, loadWh, assumptions.ev) : { addedWh: 0, unservedWh: 0 };
  const production = assumptions.solar ? solarProductionWh(series, assumptions.solar, weather) : null;
  let solarWh = 0;
  if (production) for (let i = 0; i < production.length; i++) solarWh += production[i] ?? 0;
  const perPlan = Boolean(assumptions.shift) || assumptions.battery?.mode === 'time-of-use';
  let shared: Scenario | null = null;

  const build = (tariff: UrdbRateStructure): Scenario => {
    const netWh = Float64Array.from(loadWh);
    const hourClasses = perPlan ? tariffHourClasses(tariff) : null;
    const shiftedWh =
      assumptions.shift && hourClasses
        ? shiftFlexibleLoad(series, netWh, assumptions.shift.share, hourClasses)
        : 0;
    if (production) for (let i = 0; i < netWh.length; i++) netWh[i] = (netWh[i] ?? 0) - (production[i] ?? 0);
    const battery = assumptions.battery
      ? dispatchBattery(series, netWh, assumptions.battery, hourClasses)
      : { chargedWh: 0, dischargedWh: 0 };
    return {
      days: toIntervalDays(series, netWh),
      energy: {
        evKwh: kwh(ev.addedWh),
        evUnservedKwh: kwh(ev.unservedWh),
        solarKwh: kwh(solarWh),
        shiftedKwh: kwh(shiftedWh),
        batteryChargedKwh: kwh(battery.chargedWh),
        batteryDischargedKwh: kwh(battery.dischargedWh),
      },
    };
  };
  return (tariff) => {
    if (perPlan) return build(tariff);
    shared ??= build(tariff);
    return shared;
  };
}
