import { describe, expect, it } from 'vitest';
import { dailyWeather, degreeDays, RIVERBEND_CLIMATE } from './daily-weather.ts';
import { daylightHours } from './sun.ts';

describe('daily weather', () => {
  it('computes degree days at base 18 °C', () => {
    expect(degreeDays(5)).toEqual({ hdd: 13, cdd: 0 });
    expect(degreeDays(26.5)).toEqual({ hdd: 0, cdd: 8.5 });
    expect(degreeDays(18)).toEqual({ hdd: 0, cdd: 0 });
  });

  it('is deterministic per seed and date, whatever the range asked', () => {
    const year = dailyWeather(RIVERBEND_CLIMATE, '2024-01-01', '2024-12-31', 42);
    const again = dailyWeather(RIVERBEND_CLIMATE, '2024-06-01', '2024-06-30', 42);
    expect(again).toEqual(year.slice(152, 182));
    expect(dailyWeather(RIVERBEND_CLIMATE, '2024-06-01', '2024-06-30', 43)).not.toEqual(again);
  });

  it('is cold in January and hot in July, with consistent fields', () => {
    const year = dailyWeather(RIVERBEND_CLIMATE, '2024-01-01', '2024-12-31', 7);
    const mean = (days: typeof year) => days.reduce((sum, d) => sum + d.meanTempC, 0) / days.length;
    expect(mean(year.slice(0, 31))).toBeLessThan(4);
    expect(mean(year.slice(182, 213))).toBeGreaterThan(23);
    for (const day of year) {
      expect(day.minTempC).toBeLessThanOrEqual(day.meanTempC);
      expect(day.maxTempC).toBeGreaterThanOrEqual(day.meanTempC);
      expect(day.cloudCover).toBeGreaterThanOrEqual(0);
      expect(day.cloudCover).toBeLessThanOrEqual(1);
      expect(day.heatingDegreeDays * day.coolingDegreeDays).toBe(0);
    }
    const hdd = year.reduce((sum, d) => sum + d.heatingDegreeDays, 0);
    expect(hdd).toBeGreaterThan(1800);
    expect(hdd).toBeLessThan(3200);
  });

  it('knows day length', () => {
    expect(daylightHours(38.6, 172)).toBeCloseTo(14.8, 0);
    expect(daylightHours(38.6, 355)).toBeCloseTo(9.4, 0);
    expect(daylightHours(0, 80)).toBeCloseTo(12, 1);
  });
});
