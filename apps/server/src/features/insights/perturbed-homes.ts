// Generated homes whose load shapes the insights engine does not know, for npm run eval:insights:
// each home keeps the demo plan's sizes (base load, activity, kW per degree day, EV, noise) and the
// same weather, but its hourly activity, heating and cooling shapes are shifted in time by up to a
// few hours, sharpened or flattened, and roughened hour by hour, so that the engine's reference
// shapes (the generator's own curves) no longer match. Solar is left out: the engine reads
// consumption, which solar does not change.
import type { EngineDay } from '../../domain/insights/disaggregate.ts';
import { ACTIVITY_SHAPES, COOLING_SHAPE, HEATING_SHAPE } from '../../domain/insights/reference-shapes.ts';
import type { DayConditions } from '../../domain/load-profile/day-conditions.ts';
import { type ElectricLoadTruth, emptyLoadTruth } from '../../domain/load-profile/electric-load.ts';
import { hashSeed, mulberry32, type Random } from '../../domain/random/prng.ts';
import { planAccount } from '../../seed/account-plan.ts';
import { type GeneratedHome, premiseProfile } from './generated-homes.ts';

/** How far shapes move: hours of shift (±), contrast range, hour-by-hour roughness (±). */
export interface Perturbation {
  shiftHours: number;
  contrast: [number, number];
  roughness: number;
}

export const DEFAULT_PERTURBATION: Perturbation = { shiftHours: 3, contrast: [0.6, 1.6], roughness: 0.25 };
export const MILD_PERTURBATION: Perturbation = { shiftHours: 1, contrast: [0.85, 1.2], roughness: 0.1 };

const between = (random: Random, low: number, high: number) => low + (high - low) * random();

/** `shape` moved by `shift` hours (fractions interpolate, wrapping at midnight). */
function shifted(shape: readonly number[], shift: number): number[] {
  const n = shape.length;
  return shape.map((_, hour) => {
    const at = (((hour - shift) % n) + n) % n;
    const low = Math.floor(at);
    const part = at - low;
    return (shape[low] ?? 0) * (1 - part) + (shape[(low + 1) % n] ?? 0) * part;
  });
}

/** A shape moved, its contrast changed around its mean, and each hour roughened; never below 2 %. */
export function perturbShape(shape: readonly number[], random: Random, how: Perturbation): number[] {
  const moved = shifted(shape, between(random, -how.shiftHours, how.shiftHours));
  const mean = moved.reduce((sum, v) => sum + v, 0) / moved.length;
  const contrast = between(random, how.contrast[0], how.contrast[1]);
  const peak = Math.max(...moved);
  return moved.map((v) =>
    Math.max(0.02 * peak, (mean + contrast * (v - mean)) * (1 + how.roughness * (2 * random() - 1))),
  );
}

const scaledTo = (values: number[], target: (values: number[]) => number) => {
  const by = target(values);
  return values.map((v) => v / by);
};
const peakOne = (values: number[]) => scaledTo(values, (v) => Math.max(...v));
const meanOne = (values: number[]) => scaledTo(values, (v) => v.reduce((a, b) => a + b, 0) / v.length);

/** Home `index` of the seed with its own shapes; the truth is kept as the generator keeps it. */
export function perturbedHome(
  seed: number,
  index: number,
  conditions: readonly DayConditions[],
  how: Perturbation = DEFAULT_PERTURBATION,
): GeneratedHome {
  const plan = planAccount(seed, index);
  const load = plan.load;
  const shapeRandom = mulberry32(hashSeed(seed, 'perturbed-shapes', index));
  const reference = ACTIVITY_SHAPES[load.segment];
  const activity = {
    weekday: peakOne(perturbShape(reference.weekday, shapeRandom, how)),
    weekend: peakOne(perturbShape(reference.weekend, shapeRandom, how)),
  };
  const heating = meanOne(perturbShape(HEATING_SHAPE, shapeRandom, how));
  const cooling = meanOne(perturbShape(COOLING_SHAPE, shapeRandom, how));
  const random = mulberry32(hashSeed(seed, 'perturbed-reads', index));
  const truth: ElectricLoadTruth = emptyLoadTruth();
  const days: EngineDay[] = conditions.map((day) => {
    const shape = day.weekend ? activity.weekend : activity.weekday;
    const heatingKw = load.heatingKwPerHdd * day.weather.heatingDegreeDays;
    const coolingKw = load.coolingKwPerCdd * day.weather.coolingDegreeDays;
    const activityKw = load.activityKw * (0.8 + 0.4 * random());
    const ev = load.ev;
    const charges = ev !== null && random() < (day.weekend ? 0.45 : 0.75);
    let evLeftWh = charges && ev ? ev.dailyKwh * 1000 * (0.6 + 0.8 * random()) : 0;
    const wh = new Int32Array(day.slotCount);
    for (let s = 0; s < day.slotCount; s++) {
      const hour = day.clockHours[s] ?? 0;
      const factor = (1 + load.noise * (random() + random() - 1)) * 250;
      const parts = [
        load.baseLoadKw * factor,
        activityKw * (shape[hour] ?? 0) * factor,
        heatingKw * (heating[hour] ?? 1) * factor,
        coolingKw * (cooling[hour] ?? 1) * factor,
      ] as const;
      truth.alwaysOnWh += parts[0];
      truth.activityWh += parts[1];
      truth.heatingWh += parts[2];
      truth.coolingWh += parts[3];
      let slotWh = parts[0] + parts[1] + parts[2] + parts[3];
      if (ev && evLeftWh > 0 && (hour >= ev.startHour || hour < 6)) {
        const charge = Math.min(ev.chargeKw * 250, evLeftWh);
        slotWh += charge;
        evLeftWh -= charge;
        truth.evWh += charge;
      }
      wh[s] = Math.round(slotWh);
    }
    return {
      date: day.date,
      weekend: day.weekend,
      clockHours: day.clockHours,
      wh,
      hdd: day.weather.heatingDegreeDays,
      cdd: day.weather.coolingDegreeDays,
    };
  });
  return { index, plan, days, truth, profile: premiseProfile(plan) };
}
