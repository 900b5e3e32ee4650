// Generated demo homes with what the generator put into each (its ground truth per load component),
// for the insights evaluation, bench and tests: the same plans, weather and 15-minute reads the demo
// seed writes for that seed, a year from `start`, without a database.
import { addDays } from '../../domain/calendar/local-day.ts';
import type { EngineDay, HouseholdProfile } from '../../domain/insights/disaggregate.ts';
import { type DayConditions, prepareDay } from '../../domain/load-profile/day-conditions.ts';
import { type ElectricLoadTruth, emptyLoadTruth } from '../../domain/load-profile/electric-load.ts';
import { hashSeed } from '../../domain/random/prng.ts';
import { dailyWeather, RIVERBEND_CLIMATE } from '../../domain/weather/daily-weather.ts';
import { type AccountPlan, planAccount } from '../../seed/account-plan.ts';
import { DEMO_TIME_ZONE } from '../../seed/demo-tenant.ts';
import { electricReadStream } from '../../seed/electric-reads.ts';

export interface GeneratedHome {
  index: number;
  plan: AccountPlan;
  days: EngineDay[];
  truth: ElectricLoadTruth;
  /** The household as the premise's records describe it (EV left unknown: found from the data). */
  profile: HouseholdProfile;
}

export function premiseProfile(plan: AccountPlan): HouseholdProfile {
  const residential =
    plan.premise.propertyType === 'Residential' || plan.premise.propertyType === 'Multi-Family';
  const heating = plan.premise.heating;
  return {
    segment: residential ? 'residential' : 'commercial',
    householdSize: residential ? plan.premise.occupants : null,
    heatingFuel:
      heating === 'gas furnace' ? 'gas' : heating === 'heat pump' ? 'heat_pump' : 'electric_resistance',
    waterHeatingFuel: null,
    hasEv: null,
    hasPool: null,
  };
}

/** The year of shared day conditions (weather, sun, clock) from `start`. */
export function generatedYear(seed: number, start = '2025-01-01', days = 365): DayConditions[] {
  const end = addDays(start, days - 1);
  return dailyWeather(RIVERBEND_CLIMATE, start, end, hashSeed(seed, 'weather')).map((weather) =>
    prepareDay(weather.date, weather, RIVERBEND_CLIMATE, DEMO_TIME_ZONE),
  );
}

/** Home `index` of the seed over `conditions`: engine days (consumption) and the ground truth. */
export function generateHome(
  seed: number,
  index: number,
  conditions: readonly DayConditions[],
): GeneratedHome {
  const plan = planAccount(seed, index);
  const truth = emptyLoadTruth();
  const next = electricReadStream(seed, plan, truth);
  const days: EngineDay[] = conditions.map((day) => {
    const reads = next(day);
    const wh = new Int32Array(day.slotCount);
    for (let s = 0; s < day.slotCount; s++)
      wh[s] = (reads.importWh[s] ?? 0) - (reads.exportWh?.[s] ?? 0) + (reads.generationWh?.[s] ?? 0);
    return {
      date: day.date,
      weekend: day.weekend,
      clockHours: day.clockHours,
      wh,
      hdd: day.weather.heatingDegreeDays,
      cdd: day.weather.coolingDegreeDays,
    };
  });
  return { index, plan, days, truth, profile: premiseProfile(plan) };
}
