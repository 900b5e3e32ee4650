import { describe, expect, it } from 'vitest';
import { DEMO_TARIFFS } from '../../seed/demo-tariffs.ts';
import { type Battery, dispatchBattery } from './battery.ts';
import { compareRates } from './compare-rates.ts';
import { householdWh, intervalDays, RIVERBEND_SITE, TIME_ZONE } from './comparison-test-kit.ts';
import { addEvCharging, inChargingWindow } from './ev-charging.ts';
import { type LoadSeries, toLoadSeries } from './load-series.ts';
import { shiftFlexibleLoad } from './load-shift.ts';
import { type RooftopSolar, solarProductionWh } from './rooftop-solar.ts';
import { CHEAPEST_HOUR, DEAREST_HOUR, tariffHourClasses } from './tariff-hours.ts';

const touTariff = DEMO_TARIFFS.find((tariff) => tariff.code === 'E-TOU')?.structure ?? {};
const residential = DEMO_TARIFFS.find((tariff) => tariff.code === 'E-RS')?.structure ?? {};
const sum = (values: ArrayLike<number>) => Array.from(values).reduce((total, value) => total + value, 0);

function daySlots(series: LoadSeries, d: number): number[] {
  const from = series.dayStart[d] ?? 0;
  const to = series.dayStart[d + 1] ?? from;
  return Array.from({ length: to - from }, (_, k) => from + k);
}

describe('EV charging', () => {
  const year = toLoadSeries(
    intervalDays('2025-01-01', '2025-12-31', () => 0),
    TIME_ZONE,
  );

  it('adds 3,650 miles × 0.3 kWh/mile = 1,095 kWh over a year, only inside the window', () => {
    const netWh = new Float64Array(year.netWh.length);
    const energy = addEvCharging(year, netWh, {
      milesPerYear: 3650,
      kwhPerMile: 0.3,
      chargerKw: 7.2,
      startHour: 22,
      endHour: 6,
    });
    expect(sum(netWh)).toBeCloseTo(1_095_000, 6);
    expect(energy.addedWh).toBeCloseTo(1_095_000, 6);
    expect(energy.unservedWh).toBeCloseTo(0, 9);
    netWh.forEach((wh, i) => {
      const hour = year.clockHours[i] ?? 0;
      if (wh > 0) expect(hour >= 22 || hour < 6).toBe(true);
      else expect(inChargingWindow(hour, 22, 6)).toBe(false);
    });
    // 3 kWh a day over 8 hours (32 quarter-hours) on an ordinary day: 93.75 Wh each.
    expect(netWh[0]).toBeCloseTo(93.75, 9);
  });

  it('never charges above the charger power; what the window cannot hold is reported', () => {
    const netWh = new Float64Array(year.netWh.length);
    // 3 kWh a day into one hour at 1 kW: 250 Wh a quarter-hour, 2 kWh a day left over.
    const energy = addEvCharging(year, netWh, {
      milesPerYear: 3650,
      kwhPerMile: 0.3,
      chargerKw: 1,
      startHour: 1,
      endHour: 2,
    });
    expect(Math.max(...netWh)).toBe(250);
    // 1 kWh a day, but 2 kWh on 2 November, when the clock passes 1 am twice.
    expect(energy.addedWh).toBeCloseTo(366_000, 6);
    expect(energy.unservedWh).toBeCloseTo(729_000, 6);
    expect(energy.addedWh + energy.unservedWh).toBeCloseTo(1_095_000, 6);
  });

  it('raises every plan by the same 1,095 kWh through compareRates', () => {
    const days = intervalDays('2025-01-01', '2025-12-31', householdWh);
    const tariffs = [{ id: 'E-RS', name: 'E-RS', sector: 'Residential', structure: residential }];
    const input = { days, timeZone: TIME_ZONE, tariffs, currentTariffId: 'E-RS', sector: 'Residential' };
    const before = compareRates(input);
    const after = compareRates({ ...input, whatIfs: { ev: { milesPerYear: 3650 } } });
    const imported = (result: typeof before) =>
      sum(result.plans[0]?.bills.map((bill) => bill.importKwh) ?? []);
    expect(imported(after) - imported(before)).toBeCloseTo(1095, 2);
    expect(after.assumptions.ev).toEqual({
      milesPerYear: 3650,
      kwhPerMile: 0.3,
      chargerKw: 7.2,
      startHour: 22,
      endHour: 6,
    });
    expect(after.plans[0]?.whatIfEnergy?.evKwh).toBe(1095);
    expect(after.plans[0]?.annualCents).toBeGreaterThan(before.plans[0]?.annualCents ?? 0);
  });
});

describe('rooftop solar', () => {
  const june = toLoadSeries(
    intervalDays('2025-06-21', '2025-06-21', () => 0),
    TIME_ZONE,
  );
  const panels: RooftopSolar = {
    kw: 6,
    tiltDeg: 20,
    azimuthDeg: 180,
    ...RIVERBEND_SITE,
    systemDerate: 0.82,
    defaultCloudCover: 0,
  };

  it('produces nothing at night and peaks near solar noon', () => {
    const production = solarProductionWh(june, panels);
    // Sunrise is about 05:35 and sunset 20:25 local (CDT) at 38.6° N on 21 June.
    for (let i = 0; i < production.length; i++) {
      const localHour = (i + 0.5) / 4;
      if (localHour < 5 || localHour > 21) expect(production[i]).toBe(0);
    }
    // Solar noon: 12:00 at longitude −90.2° is 18:00.8 UTC = 13:00.8 CDT.
    const peak = production.indexOf(Math.max(...production));
    expect(Math.abs((peak + 0.5) / 4 - (12 - RIVERBEND_SITE.longitude / 15 - 5))).toBeLessThanOrEqual(0.25);
    // A clear June day of 6 kW: some 30–50 kWh.
    expect(sum(production) / 1000).toBeGreaterThan(30);
    expect(sum(production) / 1000).toBeLessThan(50);
  });

  it('turns west-facing panels toward the afternoon and clouds cut the output', () => {
    const south = solarProductionWh(june, panels);
    const west = solarProductionWh(june, { ...panels, tiltDeg: 35, azimuthDeg: 270 });
    const east = solarProductionWh(june, { ...panels, tiltDeg: 35, azimuthDeg: 90 });
    expect(west.indexOf(Math.max(...west))).toBeGreaterThan(south.indexOf(Math.max(...south)));
    expect(east.indexOf(Math.max(...east))).toBeLessThan(south.indexOf(Math.max(...south)));
    const overcast = solarProductionWh(june, panels, [{ date: '2025-06-21', cloudCover: 1 }]);
    expect(sum(overcast)).toBeCloseTo(sum(south) * 0.25, 6);
  });
});

describe('battery', () => {
  // Two weeks of July: solar surplus at midday, evening load.
  const days = intervalDays('2025-07-07', '2025-07-20', (_date, hour) =>
    hour >= 10 && hour < 15 ? 0 : hour >= 17 && hour < 22 ? 900 : 200,
  );
  const series = toLoadSeries(days, TIME_ZONE);
  for (let i = 0; i < series.netWh.length; i++) {
    const hour = series.clockHours[i] ?? 0;
    if (hour >= 10 && hour < 15) series.netWh[i] = -1200;
  }
  const battery: Battery = { kwh: 10, kw: 3, roundTripEfficiency: 0.9, mode: 'self-consumption' };

  /** State of charge after each slot, read back from what the battery did at the meter. */
  function statesOfCharge(before: Float64Array, after: Float64Array, efficiency: number): number[] {
    let stored = 0;
    return Array.from(after, (net, i) => {
      const change = net - (before[i] ?? 0);
      stored += change > 0 ? change * efficiency : change;
      return stored;
    });
  }

  for (const mode of ['self-consumption', 'time-of-use'] as const) {
    it(`${mode}: stays within kW and kWh and loses exactly (1 − efficiency) of what it takes in`, () => {
      const netWh = Float64Array.from(series.netWh);
      const energy = dispatchBattery(series, netWh, { ...battery, mode }, tariffHourClasses(touTariff));
      netWh.forEach((net, i) => {
        expect(Math.abs(net - (series.netWh[i] ?? 0))).toBeLessThanOrEqual(750 + 1e-9);
      });
      const socs = statesOfCharge(series.netWh, netWh, 0.9);
      expect(Math.min(...socs)).toBeGreaterThanOrEqual(-1e-6);
      expect(Math.max(...socs)).toBeLessThanOrEqual(10_000 + 1e-6);
      expect(energy.chargedWh).toBeGreaterThan(0);
      const lost = energy.chargedWh - energy.dischargedWh - energy.storedWh;
      expect(lost).toBeCloseTo(0.1 * energy.chargedWh, 6);
      expect(socs.at(-1)).toBeCloseTo(energy.storedWh, 6);
      // It never feeds the grid: a slot that was drawing still draws (or is covered exactly).
      netWh.forEach((net, i) => {
        if ((series.netWh[i] ?? 0) >= 0) expect(net).toBeGreaterThanOrEqual(-1e-9);
      });
    });
  }

  it('time-of-use: charges from the grid only in the cheapest hours and discharges only in the dearest', () => {
    const classes = tariffHourClasses(touTariff);
    const netWh = Float64Array.from(series.netWh);
    dispatchBattery(series, netWh, { ...battery, mode: 'time-of-use' }, classes);
    series.dates.forEach((_date, d) => {
      const kinds = classes(series.months[d] ?? 0, series.weekend[d] === 1);
      const dayHasPeak = kinds.includes(DEAREST_HOUR);
      for (const i of daySlots(series, d)) {
        const kind = kinds[series.clockHours[i] ?? 0];
        const before = series.netWh[i] ?? 0;
        const change = (netWh[i] ?? 0) - before;
        if (change > 0 && before >= 0) expect(kind).toBe(CHEAPEST_HOUR);
        if (change < 0 && dayHasPeak) expect(kind).toBe(DEAREST_HOUR);
      }
    });
  });
});

describe('shifting flexible load', () => {
  it('moves the share of the dearest hours into the cheapest hours without changing the day', () => {
    const days = intervalDays('2025-07-07', '2025-07-13', householdWh);
    const series = toLoadSeries(days, TIME_ZONE);
    const classes = tariffHourClasses(touTariff);
    const netWh = Float64Array.from(series.netWh);
    const moved = shiftFlexibleLoad(series, netWh, 0.5, classes);
    let dearestBefore = 0;
    series.dates.forEach((_date, d) => {
      const slots = daySlots(series, d);
      const kinds = classes(series.months[d] ?? 0, series.weekend[d] === 1);
      const total = (values: Float64Array) => slots.reduce((s, i) => s + (values[i] ?? 0), 0);
      expect(total(netWh)).toBeCloseTo(total(series.netWh), 6);
      for (const i of slots) {
        const kind = kinds[series.clockHours[i] ?? 0];
        const before = series.netWh[i] ?? 0;
        if (kind === DEAREST_HOUR) {
          expect(netWh[i]).toBeCloseTo(before / 2, 9);
          dearestBefore += before;
        } else if (kind === CHEAPEST_HOUR) expect(netWh[i]).toBeGreaterThan(before);
        else expect(netWh[i]).toBe(before);
      }
    });
    // Summer weekdays have a 3–8 pm peak; the weekend of 12–13 July has one price all day.
    expect(dearestBefore).toBeGreaterThan(0);
    expect(moved).toBeCloseTo(dearestBefore / 2, 6);
  });
});

describe('what-ifs together', () => {
  it('applies EV, solar, battery and shifted load in one comparison and reports their assumptions', () => {
    const days = intervalDays('2025-01-01', '2025-12-31', householdWh);
    const tariffs = DEMO_TARIFFS.filter((tariff) => tariff.utilityType === 'electricity').map((tariff) => ({
      id: tariff.code,
      name: tariff.name,
      sector: tariff.sector,
      structure: tariff.structure,
    }));
    const input = {
      days,
      timeZone: TIME_ZONE,
      tariffs,
      currentTariffId: 'E-RS',
      sector: 'Residential',
      site: RIVERBEND_SITE,
      whatIfs: {
        ev: { milesPerYear: 12_000 },
        solar: { kw: 6 },
        battery: { kwh: 13.5, mode: 'time-of-use' as const },
        shift: { share: 0.3 },
      },
    };
    const result = compareRates(input);
    expect(result.assumptions.solar).toMatchObject({ kw: 6, tiltDeg: 20, azimuthDeg: 180, latitude: 38.6 });
    expect(result.assumptions.battery).toEqual({
      kwh: 13.5,
      kw: 5,
      roundTripEfficiency: 0.9,
      mode: 'time-of-use',
    });
    const tou = result.plans.find((plan) => plan.tariffId === 'E-TOU');
    const flat = result.plans.find((plan) => plan.tariffId === 'E-RS');
    // The tiered plan has one price a day: nothing to shift, the battery only stores surplus.
    expect(flat?.whatIfEnergy?.shiftedKwh).toBe(0);
    expect(tou?.whatIfEnergy?.shiftedKwh).toBeGreaterThan(0);
    expect(tou?.whatIfEnergy?.solarKwh).toBe(flat?.whatIfEnergy?.solarKwh);
    expect(tou?.bills.some((bill) => bill.exportKwh > 0)).toBe(true);
    // Deterministic: the same input gives the same answer.
    expect(compareRates(input)).toEqual(result);
    expect(() => compareRates({ ...input, site: undefined })).toThrow(/latitude/);
  });
});
