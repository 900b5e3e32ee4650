// The monthly gas and water reads of one demo account, month after month from the history's first,
// from the account's own seeded stream (shared by the seed and the meter catch-up).
import { monthlyGasTherms, monthlyWaterGallons } from '../domain/load-profile/monthly-usage.ts';
import { hashSeed, mulberry32, randomInt } from '../domain/random/prng.ts';
import type { WeatherDay } from '../domain/weather/daily-weather.ts';
import type { AccountPlan } from './account-plan.ts';

export interface MonthlyMeterReads {
  gas: { therms: number; register: number } | null;
  water: { gallons: number; register: number } | null;
}

/** Returns the reads of each next complete month, given that month's weather; call it for every month in order. */
export function monthlyReadStream(
  seed: number,
  plan: AccountPlan,
): (weather: readonly WeatherDay[]) => MonthlyMeterReads {
  const usageRandom = mulberry32(hashSeed(seed, 'monthly', plan.index));
  let gasRegister = 1000 + randomInt(usageRandom, 0, 8000);
  let waterRegister = 100_000 + randomInt(usageRandom, 0, 900_000);
  return (weather) => {
    let gas: MonthlyMeterReads['gas'] = null;
    let water: MonthlyMeterReads['water'] = null;
    if (plan.gas) {
      const therms = monthlyGasTherms(plan.gas, weather, usageRandom);
      gasRegister += therms;
      gas = { therms, register: gasRegister };
    }
    if (plan.water) {
      const gallons = monthlyWaterGallons(plan.water, weather, usageRandom);
      waterRegister += gallons;
      water = { gallons, register: waterRegister };
    }
    return { gas, water };
  };
}
