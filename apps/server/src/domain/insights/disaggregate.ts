// The breakdown of a home's 15-minute consumption into the insight categories (issue 12). Pure.
//
// 1. A load model fitted by least squares on every 15-minute slot: always-on load (a constant),
//    occupant activity (the reference shape of the hour), heating and cooling (the utility's
//    heating / cooling degree days of the day × the hour's heating / cooling shape) — the
//    degree-day regression. The always-on level is what is left at night once activity and heating
//    are accounted for: the night-time minimum, taken across the year rather than on one noisy night.
// 2. EV charging: sustained blocks (45 min or more) of slots well above what the model expects,
//    at a consistent power (the charger's), cut out of the fit and fitted again until it settles;
//    each block's energy is what the slots hold above the model's expectation.
// 3. Each slot's energy other than EV is shared between always-on, activity, heating and cooling in
//    proportion to the model's parts; activity is split further (water heating, cooking,
//    refrigeration, laundry, lighting, other) by hour of day and the household's answers.
// 4. Each day's categories are whole Wh that sum exactly to the day's metered total.
import { INSIGHT_CATEGORIES, type InsightCategory } from '@gridfront/contracts';
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_HOURS,
  ACTIVITY_SHAPES,
  ACTIVITY_SHARES,
  type ActivityCategory,
  COOLING_SHAPE,
  HEATING_SHAPE,
  type Segment,
} from './reference-shapes.ts';

export interface EngineDay {
  date: string;
  weekend: boolean;
  /** Local clock hour of each slot (92, 96 or 100 slots). */
  clockHours: ArrayLike<number>;
  /** Energy used in each 15-minute slot, Wh: import + solar production − export. */
  wh: ArrayLike<number>;
  /** The utility's heating and cooling degree days of the day (°C, base 18). */
  hdd: number;
  cdd: number;
}

/** The household as far as known: the questionnaire's answers, else the premise's records. */
export interface HouseholdProfile {
  segment: Segment;
  householdSize: number | null;
  /** 'gas', 'heat_pump', 'electric_resistance', 'oil', 'propane', 'none' or null. */
  heatingFuel: string | null;
  /** 'gas', 'electric', 'heat_pump', 'solar', 'other' or null. */
  waterHeatingFuel: string | null;
  /** false: no EV (no charging is looked for); null: unknown (found from the data). */
  hasEv: boolean | null;
  hasPool: boolean | null;
}

export interface LoadModel {
  alwaysOnW: number;
  /** Activity at the shape's 1.0, W. */
  activityW: number;
  /** Average W over a day per heating / cooling degree day. */
  heatingWPerDegreeDay: number;
  coolingWPerDegreeDay: number;
  /** The charger's power, W; null when no charging was found. */
  evChargerW: number | null;
  evSessions: number;
}

export const CATEGORY_INDEX: Record<InsightCategory, number> = Object.fromEntries(
  INSIGHT_CATEGORIES.map((category, i) => [category, i]),
) as Record<InsightCategory, number>;
const N = INSIGHT_CATEGORIES.length;

export interface DayBreakdown {
  date: string;
  totalWh: number;
  /** Wh per category in INSIGHT_CATEGORIES order; whole numbers summing exactly to totalWh. */
  categoriesWh: Int32Array;
  /** Wh of EV charging in each slot (for tariff-hour costs); null on a day without charging. */
  evSlotsWh: Float64Array | null;
}

export interface Disaggregation {
  model: LoadModel;
  days: DayBreakdown[];
}

const SLOT_HOURS = 0.25;
const MIN_BLOCK_SLOTS = 3;
const MIN_EV_KW = 1.2;

/** Solves a small symmetric system in place (Gaussian elimination); zero for a singular unknown. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++)
      if (Math.abs(a[row]?.[col] ?? 0) > Math.abs(a[pivot]?.[col] ?? 0)) pivot = row;
    [a[col], a[pivot]] = [a[pivot] as number[], a[col] as number[]];
    [b[col], b[pivot]] = [b[pivot] as number, b[col] as number];
    const p = a[col]?.[col] ?? 0;
    if (Math.abs(p) < 1e-9) continue;
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const f = (a[row]?.[col] ?? 0) / p;
      if (f === 0) continue;
      for (let k = col; k < n; k++) (a[row] as number[])[k] = (a[row]?.[k] ?? 0) - f * (a[col]?.[k] ?? 0);
      b[row] = (b[row] ?? 0) - f * (b[col] ?? 0);
    }
  }
  return b.map((v, i) => {
    const p = a[i]?.[i] ?? 0;
    return Math.abs(p) < 1e-9 ? 0 : v / p;
  });
}

/** Flattened slots of all days: what the fit and the block search walk over. */
interface Slots {
  count: number;
  kw: Float64Array;
  shape: Float64Array;
  heat: Float64Array;
  cool: Float64Array;
  day: Int32Array;
  hour: Uint8Array;
}

function flatten(days: readonly EngineDay[], segment: Segment): Slots {
  let count = 0;
  for (const day of days) count += day.wh.length;
  const slots: Slots = {
    count,
    kw: new Float64Array(count),
    shape: new Float64Array(count),
    heat: new Float64Array(count),
    cool: new Float64Array(count),
    day: new Int32Array(count),
    hour: new Uint8Array(count),
  };
  let i = 0;
  days.forEach((day, d) => {
    const shape = day.weekend ? ACTIVITY_SHAPES[segment].weekend : ACTIVITY_SHAPES[segment].weekday;
    for (let s = 0; s < day.wh.length; s++, i++) {
      const hour = day.clockHours[s] ?? 0;
      slots.kw[i] = Math.max(0, day.wh[s] ?? 0) / 250;
      slots.shape[i] = shape[hour] ?? 0;
      slots.heat[i] = day.hdd * (HEATING_SHAPE[hour] ?? 1);
      slots.cool[i] = day.cdd * (COOLING_SHAPE[hour] ?? 1);
      slots.day[i] = d;
      slots.hour[i] = hour;
    }
  });
  return slots;
}

/** Least squares of kw on [1, shape, heat, cool] over the slots not masked; no part negative. */
function fit(slots: Slots, mask: Uint8Array): number[] {
  // The normal equations' sums, gathered once: x = [1, s, h, c].
  let n = 0;
  let ss = 0;
  let sh = 0;
  let sc = 0;
  let s1 = 0;
  let h1 = 0;
  let c1 = 0;
  let hh = 0;
  let hc = 0;
  let cc = 0;
  let y1 = 0;
  let ys = 0;
  let yh = 0;
  let yc = 0;
  const { kw, shape, heat, cool } = slots;
  for (let i = 0; i < slots.count; i++) {
    if (mask[i]) continue;
    const sv = shape[i] as number;
    const hv = heat[i] as number;
    const cv = cool[i] as number;
    const y = kw[i] as number;
    n++;
    s1 += sv;
    h1 += hv;
    c1 += cv;
    ss += sv * sv;
    sh += sv * hv;
    sc += sv * cv;
    hh += hv * hv;
    hc += hv * cv;
    cc += cv * cv;
    y1 += y;
    ys += y * sv;
    yh += y * hv;
    yc += y * cv;
  }
  const full = [
    [n, s1, h1, c1],
    [s1, ss, sh, sc],
    [h1, sh, hh, hc],
    [c1, sc, hc, cc],
  ];
  const rhs = [y1, ys, yh, yc];
  let active = [true, true, true, true];
  for (let attempt = 0; attempt < 4; attempt++) {
    const a = full.map((row, r) => row.map((v, c) => (active[r] && active[c] ? v : r === c ? 1 : 0)));
    const b = rhs.map((v, r) => (active[r] ? v : 0));
    const coef = solve(a, b);
    const negative = coef.map((v, i) => active[i] === true && v < 0);
    if (!negative.some(Boolean)) return coef;
    active = active.map((on, i) => on && !negative[i]);
  }
  return [0, 0, 0, 0];
}

/** Each day's activity level relative to the model's (guests, trips): least squares per day. */
function dayActivity(slots: Slots, mask: Uint8Array, coef: number[], dayCount: number): Float64Array {
  const [b0 = 0, a = 0, h = 0, c = 0] = coef;
  const num = new Float64Array(dayCount);
  const den = new Float64Array(dayCount);
  for (let i = 0; i < slots.count; i++) {
    if (mask[i]) continue;
    const s = slots.shape[i] ?? 0;
    const rest = (slots.kw[i] ?? 0) - b0 - h * (slots.heat[i] ?? 0) - c * (slots.cool[i] ?? 0);
    const d = slots.day[i] ?? 0;
    num[d] = (num[d] ?? 0) + s * rest;
    den[d] = (den[d] ?? 0) + s * s;
  }
  const level = new Float64Array(dayCount);
  for (let d = 0; d < dayCount; d++) {
    const own = (den[d] ?? 0) > 0 ? (num[d] ?? 0) / (den[d] ?? 1) : a;
    level[d] = Math.min(2 * a, Math.max(0.3 * a, own));
  }
  return level;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

interface Fitted {
  coef: number[];
  activity: Float64Array;
  evMask: Uint8Array;
  /** kW each slot holds above the model: EV charging on masked slots. */
  excess: Float64Array;
  chargerKw: number | null;
  sessions: number;
}

function predictAll(slots: Slots, coef: number[], activity: Float64Array, out: Float64Array): void {
  const b0 = coef[0] ?? 0;
  const h = coef[2] ?? 0;
  const c = coef[3] ?? 0;
  const { shape, heat, cool, day } = slots;
  for (let i = 0; i < slots.count; i++)
    out[i] =
      b0 +
      (activity[day[i] as number] as number) * (shape[i] as number) +
      h * (heat[i] as number) +
      c * (cool[i] as number);
}

function sameMask(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function fitWithEv(slots: Slots, dayCount: number, lookForEv: boolean, evKnown: boolean): Fitted {
  let mask = new Uint8Array(slots.count);
  const excess = new Float64Array(slots.count);
  const predicted = new Float64Array(slots.count);
  let coef = fit(slots, mask);
  let activity = dayActivity(slots, mask, coef, dayCount);
  let chargerKw: number | null = null;
  let sessions = 0;
  if (!lookForEv) return { coef, activity, evMask: mask, excess, chargerKw, sessions };
  const kw = slots.kw;
  // Long night-time charging would otherwise pass for always-on load: the first fit leaves the
  // night (22:00–06:00) out; from then on only the slots taken for charging are left out.
  const night = new Uint8Array(slots.count);
  for (let i = 0; i < slots.count; i++) {
    const hour = slots.hour[i] as number;
    night[i] = hour >= 22 || hour < 6 ? 1 : 0;
  }
  coef = fit(slots, night);
  activity = dayActivity(slots, night, coef, dayCount);
  mask = night;

  for (let round = 0; round < 5; round++) {
    predictAll(slots, coef, activity, predicted);
    // Relative noise of the house's own load, from the slots not taken for charging.
    const ratios: number[] = [];
    for (let i = 0; i < slots.count; i += 29) {
      if (mask[i]) continue;
      const p = predicted[i] as number;
      if (p > 0.05) ratios.push(Math.abs((kw[i] as number) - p) / p);
    }
    const relNoise = Math.max(0.05, median(ratios) / 0.6745);
    for (let i = 0; i < slots.count; i++) excess[i] = (kw[i] as number) - (predicted[i] as number);
    const floorKw = chargerKw === null ? MIN_EV_KW : Math.max(MIN_EV_KW, 0.55 * chargerKw);
    const spread = 4.5 * relNoise;
    const candidate = (i: number) =>
      (excess[i] as number) > Math.max(floorKw, spread * (predicted[i] as number));
    const next = new Uint8Array(slots.count);
    const blockLevels: number[] = [];
    const blocks: Array<[number, number, number]> = [];
    let i = 0;
    while (i < slots.count) {
      if (!candidate(i)) {
        i++;
        continue;
      }
      let end = i;
      while (end + 1 < slots.count && candidate(end + 1)) end++;
      if (end - i + 1 >= MIN_BLOCK_SLOTS) {
        const levels: number[] = [];
        for (let k = i; k <= end; k++) levels.push(excess[k] as number);
        const level = median(levels);
        blocks.push([i, end, level]);
        blockLevels.push(level);
      }
      i = end + 1;
    }
    const power = median(blockLevels);
    const consistent = blocks.filter(([, , level]) => level > 0.7 * power && level < 1.4 * power);
    // A handful of odd blocks a year is a heater or an oven, not a car.
    const enough = evKnown ? consistent.length >= 3 : consistent.length >= Math.max(8, dayCount * 0.05);
    if (!enough) {
      chargerKw = null;
      sessions = 0;
      const hadNone = !mask.includes(1);
      mask = new Uint8Array(slots.count);
      if (hadNone) break;
    } else {
      chargerKw = power;
      sessions = consistent.length;
      for (const [start, end] of consistent) {
        for (let k = start; k <= end; k++) next[k] = 1;
        // The session's first or last slot charges part of the quarter hour.
        const edge = (k: number) =>
          k >= 0 &&
          k < slots.count &&
          !next[k] &&
          (excess[k] as number) > Math.max(0.12 * power, 2.5 * relNoise * (predicted[k] as number));
        if (edge(end + 1)) next[end + 1] = 1;
        if (edge(start - 1)) next[start - 1] = 1;
      }
      const settled = sameMask(mask, next);
      mask = next;
      if (settled) break;
    }
    coef = fit(slots, mask);
    activity = dayActivity(slots, mask, coef, dayCount);
  }
  predictAll(slots, coef, activity, predicted);
  for (let i = 0; i < slots.count; i++)
    excess[i] = mask[i] ? Math.max(0, (kw[i] as number) - (predicted[i] as number)) : 0;
  return { coef, activity, evMask: mask, excess, chargerKw, sessions };
}

/** How the household's answers weigh each activity category. */
function activityWeights(profile: HouseholdProfile): Record<ActivityCategory, number> {
  const shares = { ...ACTIVITY_SHARES[profile.segment] };
  const people = profile.householdSize ?? (profile.segment === 'residential' ? 2.5 : null);
  const fuel = profile.waterHeatingFuel;
  if (fuel === 'gas' || fuel === 'solar' || fuel === 'other') shares.water_heating *= 0.05;
  else if (fuel === 'heat_pump') shares.water_heating *= 0.45;
  else if (fuel === null) shares.water_heating *= 0.6;
  if (people !== null) {
    const perPerson = Math.min(2, Math.max(0.5, 0.55 + 0.18 * people));
    shares.water_heating *= perPerson;
    shares.laundry *= perPerson;
    shares.cooking *= Math.sqrt(perPerson);
  }
  if (profile.hasPool) shares.other *= 1.8;
  return shares;
}

/** Splits an hour's activity energy between the activity categories. */
function hourSplitTable(profile: HouseholdProfile): Float64Array[] {
  const weights = activityWeights(profile);
  const hoursOf = ACTIVITY_HOURS[profile.segment];
  // Normalise each category's hourly weights to its share of the day's activity.
  const table: Float64Array[] = [];
  const means = ACTIVITY_CATEGORIES.map((category) => {
    const values = hoursOf[category];
    return values.reduce((sum, v) => sum + v, 0) / 24;
  });
  for (let h = 0; h < 24; h++) {
    const row = new Float64Array(ACTIVITY_CATEGORIES.length);
    let total = 0;
    ACTIVITY_CATEGORIES.forEach((category, k) => {
      const v = (weights[category] * (hoursOf[category][h] ?? 0)) / (means[k] || 1);
      row[k] = v;
      total += v;
    });
    for (let k = 0; k < row.length; k++) row[k] = total > 0 ? (row[k] ?? 0) / total : 0;
    table.push(row);
  }
  return table;
}

/** Rounds `values` to whole numbers summing exactly to `total` (largest remainder). */
export function roundToTotal(values: Float64Array, total: number, out: Int32Array): void {
  let sum = 0;
  for (const v of values) sum += v;
  if (sum <= 0 || total <= 0) {
    out.fill(0);
    out[CATEGORY_INDEX.other] = total;
    return;
  }
  const scale = total / sum;
  let assigned = 0;
  const remainders: Array<[number, number]> = [];
  for (let k = 0; k < values.length; k++) {
    const exact = (values[k] ?? 0) * scale;
    const whole = Math.floor(exact);
    out[k] = whole;
    assigned += whole;
    remainders.push([exact - whole, k]);
  }
  remainders.sort((x, y) => y[0] - x[0]);
  for (let r = 0; r < total - assigned; r++) {
    const k = remainders[r % remainders.length]?.[1] ?? 0;
    out[k] = (out[k] ?? 0) + 1;
  }
}

const HEATING_INDEX = CATEGORY_INDEX.heating;
const COOLING_INDEX = CATEGORY_INDEX.cooling;
const ALWAYS_ON_INDEX = CATEGORY_INDEX.always_on;
const EV_INDEX = CATEGORY_INDEX.ev_charging;
const ACTIVITY_INDEX = ACTIVITY_CATEGORIES.map((category) => CATEGORY_INDEX[category]);

/** The breakdown of each day (in order) and the model it rests on. */
export function disaggregate(days: readonly EngineDay[], profile: HouseholdProfile): Disaggregation {
  const slots = flatten(days, profile.segment);
  const lookForEv = profile.hasEv === true || (profile.hasEv === null && profile.segment === 'residential');
  const fitted = fitWithEv(slots, days.length, lookForEv, profile.hasEv === true);
  const [base = 0, , heatCoef = 0, coolCoef = 0] = fitted.coef;
  const split = hourSplitTable(profile);
  const out: DayBreakdown[] = [];
  const parts = new Float64Array(N);
  const activityByHour = new Float64Array(24);
  let i = 0;
  for (let d = 0; d < days.length; d++) {
    const day = days[d] as EngineDay;
    parts.fill(0);
    activityByHour.fill(0);
    const level = fitted.activity[d] ?? 0;
    let totalWh = 0;
    let evSlots: Float64Array | null = null;
    for (let s = 0; s < day.wh.length; s++, i++) {
      const wh = day.wh[s] ?? 0;
      totalWh += wh;
      const used = Math.max(0, wh);
      const ev = fitted.evMask[i] ? Math.min(used, (fitted.excess[i] ?? 0) * 250) : 0;
      if (ev > 0) {
        evSlots ??= new Float64Array(day.wh.length);
        evSlots[s] = ev;
        parts[EV_INDEX] = (parts[EV_INDEX] ?? 0) + ev;
      }
      const rest = used - ev;
      const a = base;
      const b = level * (slots.shape[i] ?? 0);
      const h = heatCoef * (slots.heat[i] ?? 0);
      const c = coolCoef * (slots.cool[i] ?? 0);
      const model = a + b + h + c;
      if (model <= 0) {
        parts[CATEGORY_INDEX.other] = (parts[CATEGORY_INDEX.other] ?? 0) + rest;
        continue;
      }
      const f = rest / model;
      parts[ALWAYS_ON_INDEX] = (parts[ALWAYS_ON_INDEX] ?? 0) + a * f;
      parts[HEATING_INDEX] = (parts[HEATING_INDEX] ?? 0) + h * f;
      parts[COOLING_INDEX] = (parts[COOLING_INDEX] ?? 0) + c * f;
      const hour = slots.hour[i] ?? 0;
      activityByHour[hour] = (activityByHour[hour] ?? 0) + b * f;
    }
    for (let h = 0; h < 24; h++) {
      const energy = activityByHour[h] ?? 0;
      if (energy === 0) continue;
      const row = split[h] as Float64Array;
      for (let k = 0; k < ACTIVITY_INDEX.length; k++) {
        const index = ACTIVITY_INDEX[k] ?? 0;
        parts[index] = (parts[index] ?? 0) + energy * (row[k] ?? 0);
      }
    }
    const categoriesWh = new Int32Array(N);
    roundToTotal(parts, totalWh, categoriesWh);
    out.push({ date: day.date, totalWh, categoriesWh, evSlotsWh: evSlots });
  }
  return {
    model: {
      alwaysOnW: base * 1000,
      activityW: (fitted.coef[1] ?? 0) * 1000,
      heatingWPerDegreeDay: heatCoef * 1000,
      coolingWPerDegreeDay: coolCoef * 1000,
      evChargerW: fitted.chargerKw === null ? null : fitted.chargerKw * 1000,
      evSessions: fitted.sessions,
    },
    days: out,
  };
}

/** Adds up days' breakdowns: Wh per category (INSIGHT_CATEGORIES order) and the total. */
export function sumBreakdowns(days: readonly DayBreakdown[]): { totalWh: number; categoriesWh: number[] } {
  const categoriesWh = new Array<number>(N).fill(0);
  let totalWh = 0;
  for (const day of days) {
    totalWh += day.totalWh;
    for (let k = 0; k < N; k++) categoriesWh[k] = (categoriesWh[k] ?? 0) + (day.categoriesWh[k] ?? 0);
  }
  return { totalWh, categoriesWh };
}

export { SLOT_HOURS };
