// Monthly gas and water consumption of a premise from a month of weather.
import { gaussian, type Random } from '../random/prng.ts';
import type { WeatherDay } from '../weather/daily-weather.ts';

export interface GasProfile {
  /** Water heating and cooking, therms per day. */
  baseThermsPerDay: number;
  /** Space heating, therms per heating degree day (0 when heated electrically). */
  thermsPerHdd: number;
}

export interface WaterProfile {
  /** Indoor use, gallons per day. */
  indoorGallonsPerDay: number;
  /** Outdoor (irrigation) gallons per day at 10 °C above 15 °C; 0 for none. */
  irrigationGallonsPerDay: number;
}

/** Therms used over the days given, rounded to 0.1 therm. */
export function monthlyGasTherms(profile: GasProfile, days: readonly WeatherDay[], random: Random): number {
  let therms = 0;
  for (const day of days) therms += profile.baseThermsPerDay + profile.thermsPerHdd * day.heatingDegreeDays;
  const noisy = therms * (1 + 0.05 * gaussian(random));
  return Math.max(0, Math.round(noisy * 10) / 10);
}

/** Gallons used over the days given, rounded to the gallon. */
export function monthlyWaterGallons(
  profile: WaterProfile,
  days: readonly WeatherDay[],
  random: Random,
): number {
  let gallons = 0;
  for (const day of days) {
    const warmth = Math.max(0, day.meanTempC - 15) / 10;
    // Rainy (cloudy) days need no watering.
    gallons += profile.indoorGallonsPerDay + profile.irrigationGallonsPerDay * warmth * (1 - day.cloudCover);
  }
  return Math.max(0, Math.round(gallons * (1 + 0.06 * gaussian(random))));
}
