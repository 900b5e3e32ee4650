// Deterministic daily weather for a climate: a seasonal sinusoid plus smooth seeded noise.
// Each day depends only on (climate, seed, date), so any date range gives the same values.
import { dayOfYear, epochDay, isoFromEpochDay } from '../calendar/local-day.ts';
import { gaussian, hashSeed, mulberry32 } from '../random/prng.ts';
import { daylightHours } from './sun.ts';

export interface Climate {
  latitude: number;
  longitude: number;
  /** Annual mean of the daily mean temperature, °C. */
  meanTempC: number;
  /** Half the difference between the warmest and coldest normal day, °C. */
  seasonalAmplitudeC: number;
  /** Day of the year with the lowest normal temperature. */
  coldestDayOfYear: number;
  /** Normal difference between a day's maximum and minimum, °C. */
  dailyRangeC: number;
  /** Standard deviation of the day-to-day anomaly, °C. */
  anomalyC: number;
  /** Average cloud cover, 0–1. */
  meanCloudCover: number;
}

/** A humid-continental river town in the US Central time zone (the demo utility's service area). */
export const RIVERBEND_CLIMATE: Climate = {
  latitude: 38.6,
  longitude: -90.2,
  meanTempC: 13.8,
  seasonalAmplitudeC: 13.5,
  coldestDayOfYear: 17,
  dailyRangeC: 10,
  anomalyC: 3.5,
  meanCloudCover: 0.45,
};

export const DEGREE_DAY_BASE_C = 18;

export interface WeatherDay {
  date: string;
  meanTempC: number;
  minTempC: number;
  maxTempC: number;
  heatingDegreeDays: number;
  coolingDegreeDays: number;
  cloudCover: number;
  sunHours: number;
}

/** Heating and cooling degree days of a daily mean temperature, base 18 °C. */
export function degreeDays(meanTempC: number, baseC = DEGREE_DAY_BASE_C): { hdd: number; cdd: number } {
  return { hdd: Math.max(0, baseC - meanTempC), cdd: Math.max(0, meanTempC - baseC) };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Unit-variance noise for a day, smoothed over the previous days so that cold and warm spells last. */
function smoothNoise(seed: number, channel: string, day: number): number {
  const persistence = 0.7;
  let sum = 0;
  let norm = 0;
  for (let lag = 0; lag < 7; lag++) {
    const weight = persistence ** lag;
    sum += weight * gaussian(mulberry32(hashSeed(seed, channel, day - lag)));
    norm += weight * weight;
  }
  return sum / Math.sqrt(norm);
}

export function weatherForDay(climate: Climate, date: string, seed: number): WeatherDay {
  const day = epochDay(date);
  const doy = dayOfYear(date);
  const seasonal =
    climate.meanTempC -
    climate.seasonalAmplitudeC * Math.cos((2 * Math.PI * (doy - climate.coldestDayOfYear)) / 365.25);
  const meanTempC = round1(seasonal + climate.anomalyC * smoothNoise(seed, 'temperature', day));
  const cloudNoise = smoothNoise(seed, 'cloud', day);
  const cloudCover = round2(Math.min(1, Math.max(0, climate.meanCloudCover + 0.28 * cloudNoise)));
  // Clear days swing wider between night and afternoon than overcast ones.
  const range = climate.dailyRangeC * (1.25 - 0.5 * cloudCover);
  const { hdd, cdd } = degreeDays(meanTempC);
  return {
    date,
    meanTempC,
    minTempC: round1(meanTempC - range / 2),
    maxTempC: round1(meanTempC + range / 2),
    heatingDegreeDays: round1(hdd),
    coolingDegreeDays: round1(cdd),
    cloudCover,
    sunHours: round1(daylightHours(climate.latitude, doy) * (1 - 0.8 * cloudCover)),
  };
}

/** Weather of every day from `start` to `end`, inclusive. */
export function dailyWeather(climate: Climate, start: string, end: string, seed: number): WeatherDay[] {
  const days: WeatherDay[] = [];
  for (let day = epochDay(start); day <= epochDay(end); day++) {
    days.push(weatherForDay(climate, isoFromEpochDay(day), seed));
  }
  return days;
}
