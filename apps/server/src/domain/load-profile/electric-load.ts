// 15-minute electric load of one premise on one day: base load, occupancy, heating and cooling,
// EV charging at night, and rooftop solar, netted into import and export channels (Wh); a solar
// premise's production meter reads the panels' output before netting (the generation channel).
import type { Random } from '../random/prng.ts';
import type { DayConditions } from './day-conditions.ts';

export type LoadSegment = 'residential' | 'commercial';

export interface ElectricLoadProfile {
  segment: LoadSegment;
  /** Always-on load (fridge, standby, servers), kW. */
  baseLoadKw: number;
  /** Load at full activity (cooking, lighting, equipment), kW, scaled by the time-of-day shape. */
  activityKw: number;
  /** Electric heating per heating degree day, kW averaged over the day (0 with gas heat). */
  heatingKwPerHdd: number;
  /** Air conditioning per cooling degree day, kW averaged over the day. */
  coolingKwPerCdd: number;
  ev: { chargeKw: number; dailyKwh: number; startHour: number } | null;
  /** Installed rooftop solar, kW peak (0 without). */
  solarKw: number;
  /** Relative interval-to-interval noise, e.g. 0.25. */
  noise: number;
}

// Hourly activity shapes (0–1), from typical residential and small-commercial load research curves.
const SHAPES: Record<LoadSegment, { weekday: number[]; weekend: number[] }> = {
  residential: {
    weekday: [
      0.12, 0.08, 0.06, 0.06, 0.08, 0.2, 0.55, 0.75, 0.55, 0.3, 0.25, 0.25, 0.3, 0.28, 0.28, 0.35, 0.5, 0.8,
      1, 0.95, 0.85, 0.7, 0.45, 0.25,
    ],
    weekend: [
      0.18, 0.1, 0.07, 0.06, 0.06, 0.1, 0.2, 0.4, 0.65, 0.75, 0.7, 0.65, 0.65, 0.6, 0.55, 0.6, 0.7, 0.85, 1,
      0.95, 0.85, 0.75, 0.55, 0.3,
    ],
  },
  commercial: {
    weekday: [
      0.05, 0.05, 0.05, 0.05, 0.05, 0.1, 0.35, 0.75, 0.95, 1, 1, 1, 0.95, 1, 1, 0.95, 0.85, 0.6, 0.3, 0.15,
      0.1, 0.08, 0.06, 0.05,
    ],
    weekend: [
      0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.08, 0.15, 0.25, 0.3, 0.3, 0.3, 0.3, 0.28, 0.25, 0.2, 0.15, 0.1,
      0.08, 0.06, 0.05, 0.05, 0.05, 0.05,
    ],
  },
};

// When heating and cooling run over the day; each averages 1 so that kW-per-degree-day keeps its meaning.
const HEATING_SHAPE = normalise([
  1.3, 1.3, 1.35, 1.4, 1.45, 1.5, 1.5, 1.35, 1.1, 0.9, 0.75, 0.65, 0.6, 0.55, 0.55, 0.6, 0.7, 0.85, 1, 1.05,
  1.1, 1.15, 1.2, 1.25,
]);
const COOLING_SHAPE = normalise([
  0.45, 0.4, 0.35, 0.3, 0.3, 0.3, 0.35, 0.45, 0.6, 0.75, 0.95, 1.15, 1.35, 1.55, 1.75, 1.85, 1.9, 1.85, 1.65,
  1.4, 1.15, 0.9, 0.7, 0.55,
]);

function normalise(values: number[]): number[] {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return values.map((v) => v / mean);
}

/**
 * What the generator put into a premise, Wh per load component, before netting with solar: the
 * ground truth the insights engine's breakdown is checked against (npm run eval:insights). Filled
 * only when asked for; it draws no random number, so the reads are the same with or without it.
 */
export interface ElectricLoadTruth {
  alwaysOnWh: number;
  /** Occupant activity: cooking, lighting, appliances, water heating and the rest. */
  activityWh: number;
  heatingWh: number;
  coolingWh: number;
  evWh: number;
}

export function emptyLoadTruth(): ElectricLoadTruth {
  return { alwaysOnWh: 0, activityWh: 0, heatingWh: 0, coolingWh: 0, evWh: 0 };
}

export interface ElectricDayTotals {
  importWh: number;
  exportWh: number;
  generationWh: number;
}

/**
 * Fills `importWh` (and `exportWh`, `generationWh` when given) with the day's intervals; returns the
 * day's totals. Tight loop on purpose: seeding calls it ~760 times per meter. Generation draws no
 * random number of its own, so import and export stay the same for a seed with or without it.
 */
export function generateElectricDay(
  profile: ElectricLoadProfile,
  day: DayConditions,
  random: Random,
  importWh: Int32Array,
  exportWh: Int32Array | null,
  generationWh: Int32Array | null = null,
  truth: ElectricLoadTruth | null = null,
): ElectricDayTotals {
  const shape = day.weekend ? SHAPES[profile.segment].weekend : SHAPES[profile.segment].weekday;
  const heatingKw = profile.heatingKwPerHdd * day.weather.heatingDegreeDays;
  const coolingKw = profile.coolingKwPerCdd * day.weather.coolingDegreeDays;
  // Occupants vary from day to day (guests, trips): one draw scales the whole day's activity.
  const activityKw = profile.activityKw * (0.8 + 0.4 * random());
  const ev = profile.ev;
  const chargesToday = ev !== null && random() < (day.weekend ? 0.45 : 0.75);
  let evRemainingWh = chargesToday && ev ? ev.dailyKwh * 1000 * (0.6 + 0.8 * random()) : 0;
  const evSlotWh = ev ? ev.chargeKw * 250 : 0;
  const evStart = ev?.startHour ?? 0;
  const solar = day.solarKwPerKwp;
  const solarKw = profile.solarKw;
  const noise = profile.noise;
  let importTotal = 0;
  let exportTotal = 0;
  let generationTotal = 0;
  for (let i = 0; i < day.slotCount; i++) {
    const hour = day.clockHours[i] ?? 0;
    let kw =
      profile.baseLoadKw +
      activityKw * (shape[hour] ?? 0) +
      heatingKw * (HEATING_SHAPE[hour] ?? 1) +
      coolingKw * (COOLING_SHAPE[hour] ?? 1);
    const factor = 1 + noise * (random() + random() - 1);
    kw *= factor;
    let wh = kw * 250;
    if (truth) {
      const scale = factor * 250;
      truth.alwaysOnWh += profile.baseLoadKw * scale;
      truth.activityWh += activityKw * (shape[hour] ?? 0) * scale;
      truth.heatingWh += heatingKw * (HEATING_SHAPE[hour] ?? 1) * scale;
      truth.coolingWh += coolingKw * (COOLING_SHAPE[hour] ?? 1) * scale;
    }
    if (evRemainingWh > 0 && (hour >= evStart || hour < 6)) {
      const charge = Math.min(evSlotWh, evRemainingWh);
      wh += charge;
      evRemainingWh -= charge;
      if (truth) truth.evWh += charge;
    }
    const produced = solarKw > 0 ? solarKw * (solar[i] ?? 0) * 250 * (0.93 + 0.14 * random()) : 0;
    const net = Math.round(wh - produced);
    if (generationWh) {
      // Rounded on its own: export = round(produced − load) never exceeds it, so self-consumption ≥ 0.
      const generated = Math.round(produced);
      generationWh[i] = generated;
      generationTotal += generated;
    }
    if (net >= 0) {
      importWh[i] = net;
      importTotal += net;
      if (exportWh) exportWh[i] = 0;
    } else {
      importWh[i] = 0;
      if (exportWh) exportWh[i] = -net;
      exportTotal -= net;
    }
  }
  return { importWh: importTotal, exportWh: exportTotal, generationWh: generationTotal };
}
