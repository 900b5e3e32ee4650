// What-if: rooftop panels, their output per slot from the sun's position on the tilted plane and the
// day's cloud cover, on the same clear-sky model as the demo's solar homes (domain/load-profile).
import { dayOfYear } from '../calendar/local-day.ts';
import { daylightHours, solarDeclination, sunElevationSine } from '../weather/sun.ts';
import type { LoadSeries } from './load-series.ts';

const DEG = Math.PI / 180;
const SLOT_HOURS = 0.25;

export interface RooftopSolar {
  kw: number;
  tiltDeg: number;
  /** Compass bearing the panels face: 180 = south, 90 = east, 270 = west. */
  azimuthDeg: number;
  latitude: number;
  longitude: number;
  /** Share of the panel rating delivered after inverter, wiring and soiling losses. */
  systemDerate: number;
  /** Cloud cover (0–1) of a day without weather. */
  defaultCloudCover: number;
}

/** Cloud cover and / or sunshine hours of a local day, as the utility's weather gives them. */
export interface DayWeather {
  date: string;
  cloudCover?: number;
  sunHours?: number;
}

/** Share of clear-sky sunlight that reaches the panels under a cloud cover (as the demo's homes). */
function clearness(cloudCover: number): number {
  return 1 - 0.75 * Math.min(1, Math.max(0, cloudCover)) ** 1.5;
}

/** A day's cloud cover: given, or read back from sunshine hours (sun hours = daylight × (1 − 0.8 × cover)). */
function cloudCoverOf(weather: DayWeather | undefined, latitude: number, doy: number, fallback: number) {
  if (weather?.cloudCover !== undefined) return weather.cloudCover;
  if (weather?.sunHours !== undefined) {
    const daylight = daylightHours(latitude, doy);
    return daylight > 0 ? (1 - weather.sunHours / daylight) / 0.8 : fallback;
  }
  return fallback;
}

/**
 * Cosine of the angle between the sun and the panel's normal (Duffie & Beckman 1.6.2): hour angle
 * negative in the morning, surface azimuth from south, west positive.
 */
function incidenceCosine(
  latitude: number,
  declination: number,
  hourAngle: number,
  tilt: number,
  azimuth: number,
) {
  const sinD = Math.sin(declination);
  const cosD = Math.cos(declination);
  const sinL = Math.sin(latitude);
  const cosL = Math.cos(latitude);
  const sinT = Math.sin(tilt);
  const cosT = Math.cos(tilt);
  const cosW = Math.cos(hourAngle);
  return (
    sinD * sinL * cosT -
    sinD * cosL * sinT * Math.cos(azimuth) +
    cosD * cosL * cosT * cosW +
    cosD * sinL * sinT * Math.cos(azimuth) * cosW +
    cosD * sinT * Math.sin(azimuth) * Math.sin(hourAngle)
  );
}

/** Wh the panels produce in each slot of the series. */
export function solarProductionWh(
  series: LoadSeries,
  solar: RooftopSolar,
  weather: readonly DayWeather[] = [],
): Float64Array {
  const byDate = new Map(weather.map((day) => [day.date, day]));
  const production = new Float64Array(series.netWh.length);
  const latitude = solar.latitude * DEG;
  const tilt = solar.tiltDeg * DEG;
  const azimuth = (solar.azimuthDeg - 180) * DEG;
  // Sky light reaches a tilted panel from the part of the sky it faces.
  const skyView = (1 + Math.cos(tilt)) / 2;
  for (let d = 0; d < series.dates.length; d++) {
    const date = series.dates[d] ?? '';
    const doy = dayOfYear(date);
    const declination = solarDeclination(doy);
    const cloud = cloudCoverOf(byDate.get(date), solar.latitude, doy, solar.defaultCloudCover);
    const scale = solar.kw * 1000 * SLOT_HOURS * clearness(cloud) * solar.systemDerate;
    const from = series.dayStart[d] ?? 0;
    const to = series.dayStart[d + 1] ?? from;
    const midnight = series.startUtcMs[d] ?? 0;
    for (let i = from; i < to; i++) {
      // Solar time from UTC and longitude, at the middle of the slot: daylight saving needs no case.
      const utcHours = (midnight + (i - from + 0.5) * SLOT_HOURS * 3_600_000) / 3_600_000;
      const solarHour = (((utcHours + solar.longitude / 15) % 24) + 24) % 24;
      const elevation = sunElevationSine(solar.latitude, doy, solarHour);
      if (elevation <= 0) continue;
      const hourAngle = (solarHour - 12) * 15 * DEG;
      const beam =
        elevation ** 0.15 * Math.max(0, incidenceCosine(latitude, declination, hourAngle, tilt, azimuth));
      production[i] = scale * (0.85 * beam + 0.15 * elevation * skyView);
    }
  }
  return production;
}
