// Recommendations, each computed on the home's own last 12 months (issue 12). Pure. Every saving
// is the tariff engine's bill of the year as metered minus the bill of the year with the change:
// - ev_shift: each day's EV charging (found by the breakdown) moved into the day's cheapest hours
//   at the charger's power;
// - always_on: the always-on load lowered by a share (standby, an old fridge, a pool pump);
// - thermostat_setback: heating set back a few degrees at night and cooling set up a few in the
//   working day, through the degree-day model (less heating/cooling energy in those hours);
// - rate_plan: the cheapest plan of the rate comparison (computed by the caller with compareRates).
import type { RecommendationKind } from '@gridfront/contracts';
import { clockHoursForSlots, isWeekend, monthIndex } from '../calendar/local-day.ts';
import type { UrdbRateStructure } from '../tariffs/index.ts';
import type { DayBreakdown, LoadModel } from './disaggregate.ts';
import { costOfDays, type MeterDay, tariffHourPrices } from './periods.ts';
import { COOLING_SHAPE, HEATING_SHAPE } from './reference-shapes.ts';

export interface Assumption {
  name: string;
  value: number | string;
  unit: string;
}

export interface ComputedRecommendation {
  kind: RecommendationKind;
  annualSavingsCents: number;
  annualSavingsKwh: number | null;
  assumptions: Assumption[];
  tariffCode: string | null;
  tariffName: string | null;
}

export interface RecommendationInput {
  tariff: UrdbRateStructure;
  timeZone: string;
  /** The last 12 months of meter days, in order. */
  days: readonly MeterDay[];
  /** The breakdown of the same days, in the same order. */
  breakdown: readonly DayBreakdown[];
  model: LoadModel;
  /** Degree days of each of those days. */
  degreeDays: ReadonlyMap<string, { hdd: number; cdd: number }>;
}

export const RECOMMENDATION_DEFAULTS = {
  alwaysOnReduction: 0.25,
  heatingSetbackC: 3,
  setbackHours: [22, 23, 0, 1, 2, 3, 4, 5] as readonly number[],
  coolingSetupC: 2,
  setupHours: [9, 10, 11, 12, 13, 14, 15, 16] as readonly number[],
  /** Savings smaller than this a year are not worth a recommendation. */
  minimumCents: 100,
} as const;

/** Takes `wh` off a day's import (consumption drawn from the grid first), never below zero. */
function lowered(day: MeterDay, less: Float64Array): MeterDay {
  const importWh = new Float64Array(day.importWh.length);
  for (let s = 0; s < importWh.length; s++)
    importWh[s] = Math.max(0, (day.importWh[s] ?? 0) - (less[s] ?? 0));
  return { ...day, importWh };
}

function evShift(input: RecommendationInput, baseCents: number): ComputedRecommendation | null {
  const charger = input.model.evChargerW;
  if (charger === null) return null;
  const prices = tariffHourPrices(input.tariff);
  const slotCap = charger / 4;
  let movedWh = 0;
  const shifted = input.days.map((day, d) => {
    const ev = input.breakdown[d]?.evSlotsWh;
    if (!ev) return day;
    const row = prices(monthIndex(day.date), isWeekend(day.date));
    const hours = clockHoursForSlots(day.importWh.length);
    const importWh = Float64Array.from(day.importWh as ArrayLike<number>);
    let energy = 0;
    for (let s = 0; s < ev.length; s++) {
      const take = Math.min(ev[s] ?? 0, importWh[s] ?? 0);
      importWh[s] = (importWh[s] ?? 0) - take;
      energy += take;
    }
    // Cheapest slots first; among equals, the night's first (a car plugged in at home).
    const order = Array.from({ length: importWh.length }, (_, s) => s).sort(
      (a, b) => (row[hours[a] ?? 0] ?? 0) - (row[hours[b] ?? 0] ?? 0) || a - b,
    );
    for (const s of order) {
      if (energy <= 0) break;
      const add = Math.min(slotCap, energy);
      importWh[s] = (importWh[s] ?? 0) + add;
      energy -= add;
    }
    movedWh += sumOf(ev);
    return { ...day, importWh };
  });
  const saved = baseCents - costOfDays(input.tariff, shifted, input.timeZone);
  return {
    kind: 'ev_shift',
    annualSavingsCents: saved,
    annualSavingsKwh: null,
    assumptions: [
      { name: 'evChargingKwh', value: Math.round(movedWh / 1000), unit: 'kWh' },
      { name: 'chargerKw', value: Math.round(charger / 100) / 10, unit: 'kW' },
      { name: 'chargingWindow', value: 'cheapest', unit: '' },
    ],
    tariffCode: null,
    tariffName: null,
  };
}

function sumOf(values: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i] ?? 0;
  return total;
}

function alwaysOn(input: RecommendationInput, baseCents: number): ComputedRecommendation | null {
  const share = RECOMMENDATION_DEFAULTS.alwaysOnReduction;
  const perSlot = (input.model.alwaysOnW / 4) * share;
  if (perSlot <= 0) return null;
  let savedWh = 0;
  const changed = input.days.map((day) => {
    const less = new Float64Array(day.importWh.length).fill(perSlot);
    for (let s = 0; s < less.length; s++) savedWh += Math.min(perSlot, day.importWh[s] ?? 0);
    return lowered(day, less);
  });
  return {
    kind: 'always_on',
    annualSavingsCents: baseCents - costOfDays(input.tariff, changed, input.timeZone),
    annualSavingsKwh: Math.round(savedWh / 1000),
    assumptions: [
      { name: 'alwaysOnW', value: Math.round(input.model.alwaysOnW), unit: 'W' },
      { name: 'reduction', value: share * 100, unit: '%' },
    ],
    tariffCode: null,
    tariffName: null,
  };
}

function thermostat(input: RecommendationInput, baseCents: number): ComputedRecommendation | null {
  const { heatingSetbackC, setbackHours, coolingSetupC, setupHours } = RECOMMENDATION_DEFAULTS;
  const heatW = input.model.heatingWPerDegreeDay;
  const coolW = input.model.coolingWPerDegreeDay;
  if (heatW <= 0 && coolW <= 0) return null;
  const setback = new Set(setbackHours);
  const setup = new Set(setupHours);
  let savedWh = 0;
  const changed = input.days.map((day) => {
    const dd = input.degreeDays.get(day.date);
    if (!dd) return day;
    // The degree days the home no longer heats (cools) through in those hours.
    const heatLess = dd.hdd - Math.max(0, dd.hdd - heatingSetbackC);
    const coolLess = isWeekend(day.date) ? 0 : dd.cdd - Math.max(0, dd.cdd - coolingSetupC);
    const hours = clockHoursForSlots(day.importWh.length);
    const less = new Float64Array(day.importWh.length);
    for (let s = 0; s < less.length; s++) {
      const h = hours[s] ?? 0;
      let w = 0;
      if (setback.has(h)) w += heatW * heatLess * (HEATING_SHAPE[h] ?? 1);
      if (setup.has(h)) w += coolW * coolLess * (COOLING_SHAPE[h] ?? 1);
      less[s] = w / 4;
      savedWh += Math.min(w / 4, day.importWh[s] ?? 0);
    }
    return lowered(day, less);
  });
  return {
    kind: 'thermostat_setback',
    annualSavingsCents: baseCents - costOfDays(input.tariff, changed, input.timeZone),
    annualSavingsKwh: Math.round(savedWh / 1000),
    assumptions: [
      { name: 'heatingSetbackC', value: heatingSetbackC, unit: '°C' },
      { name: 'setbackHours', value: '22:00–06:00', unit: '' },
      { name: 'coolingSetupC', value: coolingSetupC, unit: '°C' },
      { name: 'setupHours', value: '09:00–17:00', unit: '' },
      { name: 'heatingKwhPerDegreeDay', value: Math.round(heatW * 24) / 1000, unit: 'kWh' },
      { name: 'coolingKwhPerDegreeDay', value: Math.round(coolW * 24) / 1000, unit: 'kWh' },
    ],
    tariffCode: null,
    tariffName: null,
  };
}

/** The household's own recommendations (rate_plan is added by the caller), not yet ranked. */
export function householdRecommendations(input: RecommendationInput): ComputedRecommendation[] {
  if (input.days.length === 0) return [];
  const baseCents = costOfDays(input.tariff, input.days, input.timeZone);
  return [evShift(input, baseCents), alwaysOn(input, baseCents), thermostat(input, baseCents)].filter(
    (r): r is ComputedRecommendation => r !== null,
  );
}

/** Ranked by money saved; only those saving at least the minimum. */
export function rankRecommendations(list: readonly ComputedRecommendation[]) {
  return list
    .filter((r) => r.annualSavingsCents >= RECOMMENDATION_DEFAULTS.minimumCents)
    .sort((a, b) => b.annualSavingsCents - a.annualSavingsCents)
    .map((r, i) => ({ ...r, rank: i + 1 }));
}
