// What every premise shares on a given local day: slot layout, weekday, weather and the sun.
import { dayOfWeek, dayOfYear, localDayLayout, SLOT_MS } from '../calendar/local-day.ts';
import type { Climate, WeatherDay } from '../weather/daily-weather.ts';
import { sunElevationSine } from '../weather/sun.ts';

export interface DayConditions {
  date: string;
  weekend: boolean;
  slotCount: number;
  /** Local clock hour of each slot. */
  clockHours: Uint8Array;
  weather: WeatherDay;
  /** AC output per kW of installed panels in each slot, kW (clear-sky geometry × clouds × losses). */
  solarKwPerKwp: Float64Array;
}

/** Share of the panel rating delivered after inverter, wiring and soiling losses. */
const SYSTEM_DERATE = 0.82;

export function prepareDay(
  date: string,
  weather: WeatherDay,
  climate: Climate,
  timeZone: string,
): DayConditions {
  const layout = localDayLayout(date, timeZone);
  const weekday = dayOfWeek(date);
  const doy = dayOfYear(date);
  const clearness = 1 - 0.75 * weather.cloudCover ** 1.5;
  const solar = new Float64Array(layout.slotCount);
  for (let i = 0; i < layout.slotCount; i++) {
    // Solar time from UTC and longitude: daylight-saving time needs no special case.
    const midSlotUtcHours = (layout.startUtcMs + (i + 0.5) * SLOT_MS) / 3_600_000;
    const solarHour = (((midSlotUtcHours + climate.longitude / 15) % 24) + 24) % 24;
    const elevation = sunElevationSine(climate.latitude, doy, solarHour);
    solar[i] = elevation > 0 ? elevation ** 1.15 * clearness * SYSTEM_DERATE : 0;
  }
  return {
    date,
    weekend: weekday === 0 || weekday === 6,
    slotCount: layout.slotCount,
    clockHours: layout.clockHours,
    weather,
    solarKwPerKwp: solar,
  };
}
