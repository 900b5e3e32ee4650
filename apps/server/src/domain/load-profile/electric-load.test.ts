import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../random/prng.ts';
import { RIVERBEND_CLIMATE, weatherForDay } from '../weather/daily-weather.ts';
import { prepareDay } from './day-conditions.ts';
import { type ElectricLoadProfile, generateElectricDay } from './electric-load.ts';
import { monthlyGasTherms, monthlyWaterGallons } from './monthly-usage.ts';

const home: ElectricLoadProfile = {
  segment: 'residential',
  baseLoadKw: 0.35,
  activityKw: 1.6,
  heatingKwPerHdd: 0.08,
  coolingKwPerCdd: 0.25,
  ev: null,
  solarKw: 0,
  noise: 0.2,
};

function day(date: string, profile: ElectricLoadProfile, seed = 1) {
  const conditions = prepareDay(
    date,
    weatherForDay(RIVERBEND_CLIMATE, date, 5),
    RIVERBEND_CLIMATE,
    'America/Chicago',
  );
  const importWh = new Int32Array(conditions.slotCount);
  const exportWh = new Int32Array(conditions.slotCount);
  const totals = generateElectricDay(profile, conditions, mulberry32(seed), importWh, exportWh);
  return { conditions, importWh, exportWh, totals };
}

const sum = (values: Int32Array) => values.reduce((total, v) => total + v, 0);

describe('electric load profile', () => {
  it('is deterministic for a seed and totals its intervals', () => {
    const a = day('2024-07-15', home);
    const b = day('2024-07-15', home);
    expect(Array.from(a.importWh)).toEqual(Array.from(b.importWh));
    expect(a.totals.importWh).toBe(sum(a.importWh));
    expect(Array.from(day('2024-07-15', home, 2).importWh)).not.toEqual(Array.from(a.importWh));
  });

  it('uses more in hot weather (cooling) and peaks in the evening', () => {
    const mild = day('2024-04-20', home).totals.importWh;
    const hot = day('2024-07-15', home);
    expect(hot.conditions.weather.coolingDegreeDays).toBeGreaterThan(3);
    expect(hot.totals.importWh).toBeGreaterThan(mild);
    const at = (slot: number) => hot.importWh[slot] ?? 0;
    expect(at(72) + at(73) + at(74) + at(75)).toBeGreaterThan(at(12) + at(13) + at(14) + at(15));
  });

  it('exports solar at midday and never both imports and exports in one interval', () => {
    // The sunniest day of May: a mild, clear day exports most of the midday output.
    const may = Array.from({ length: 31 }, (_, i) => `2024-05-${String(i + 1).padStart(2, '0')}`);
    const cloud = (date: string) => weatherForDay(RIVERBEND_CLIMATE, date, 5).cloudCover;
    const sunniest = may.reduce((best, date) => (cloud(date) < cloud(best) ? date : best));
    const solar = day(sunniest, { ...home, solarKw: 7 });
    expect(solar.totals.exportWh).toBeGreaterThan(5000);
    expect(solar.exportWh[2]).toBe(0);
    expect(sum(solar.exportWh.slice(44, 56))).toBeGreaterThan(0);
    for (let i = 0; i < 96; i++) expect((solar.importWh[i] ?? 0) * (solar.exportWh[i] ?? 0)).toBe(0);
  });

  it('meters solar production beside import and export without changing them', () => {
    const profile = { ...home, solarKw: 7 };
    const date = '2024-05-12';
    const conditions = prepareDay(
      date,
      weatherForDay(RIVERBEND_CLIMATE, date, 5),
      RIVERBEND_CLIMATE,
      'America/Chicago',
    );
    const importWh = new Int32Array(conditions.slotCount);
    const exportWh = new Int32Array(conditions.slotCount);
    const generationWh = new Int32Array(conditions.slotCount);
    const totals = generateElectricDay(profile, conditions, mulberry32(1), importWh, exportWh, generationWh);
    const without = day(date, profile);
    expect(Array.from(importWh)).toEqual(Array.from(without.importWh));
    expect(Array.from(exportWh)).toEqual(Array.from(without.exportWh));
    expect(totals.generationWh).toBe(sum(generationWh));
    expect(generationWh[4]).toBe(0);
    expect(sum(generationWh.slice(44, 56))).toBeGreaterThan(5000);
    // What was exported was produced: self-consumption (production − export) is never negative.
    for (let i = 0; i < conditions.slotCount; i++)
      expect(generationWh[i] ?? 0).toBeGreaterThanOrEqual(exportWh[i] ?? 0);
  });

  it('charges an EV at night', () => {
    const withEv = { ...home, ev: { chargeKw: 7.2, dailyKwh: 12, startHour: 22 } };
    const nights = ['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07'].map((date) => day(date, withEv));
    const plain = ['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07'].map((date) => day(date, home));
    const night = (d: { importWh: Int32Array }) => sum(d.importWh.slice(0, 24)) + sum(d.importWh.slice(88));
    const extra = nights.reduce((t, d, i) => t + night(d) - night(plain[i] ?? d), 0);
    expect(extra).toBeGreaterThan(15_000);
  });

  it('lays out 92 intervals on the spring-forward day', () => {
    expect(day('2024-03-10', home).importWh.length).toBe(92);
  });
});

describe('monthly gas and water', () => {
  const january = Array.from({ length: 31 }, (_, i) =>
    weatherForDay(RIVERBEND_CLIMATE, `2024-01-${String(i + 1).padStart(2, '0')}`, 5),
  );
  const july = Array.from({ length: 31 }, (_, i) =>
    weatherForDay(RIVERBEND_CLIMATE, `2024-07-${String(i + 1).padStart(2, '0')}`, 5),
  );

  it('heats with gas in winter', () => {
    const profile = { baseThermsPerDay: 0.6, thermsPerHdd: 0.18 };
    const winter = monthlyGasTherms(profile, january, mulberry32(1));
    const summer = monthlyGasTherms(profile, july, mulberry32(1));
    expect(winter).toBeGreaterThan(3 * summer);
    expect(monthlyGasTherms(profile, january, mulberry32(1))).toBe(winter);
  });

  it('waters the lawn in summer', () => {
    const profile = { indoorGallonsPerDay: 150, irrigationGallonsPerDay: 120 };
    expect(monthlyWaterGallons(profile, july, mulberry32(3))).toBeGreaterThan(
      monthlyWaterGallons(profile, january, mulberry32(3)),
    );
  });
});
