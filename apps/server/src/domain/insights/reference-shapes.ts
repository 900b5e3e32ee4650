// Reference hourly shapes the breakdown rests on (local clock hour 0–23). Activity follows typical
// residential and small-commercial load research curves (the demo generator draws from the same
// curves, which makes the evaluation against its ground truth optimistic on the activity split);
// heating runs most in the cold night and morning, cooling in the afternoon. Heating and cooling
// average 1 over the day, so a coefficient per degree day keeps its meaning.
import type { InsightCategory } from '@gridfront/contracts';

export type Segment = 'residential' | 'commercial';

export const ACTIVITY_SHAPES: Record<Segment, { weekday: number[]; weekend: number[] }> = {
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

function normalise(values: number[]): number[] {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return values.map((v) => v / mean);
}

export const HEATING_SHAPE = normalise([
  1.3, 1.3, 1.35, 1.4, 1.45, 1.5, 1.5, 1.35, 1.1, 0.9, 0.75, 0.65, 0.6, 0.55, 0.55, 0.6, 0.7, 0.85, 1, 1.05,
  1.1, 1.15, 1.2, 1.25,
]);
export const COOLING_SHAPE = normalise([
  0.45, 0.4, 0.35, 0.3, 0.3, 0.3, 0.35, 0.45, 0.6, 0.75, 0.95, 1.15, 1.35, 1.55, 1.75, 1.85, 1.9, 1.85, 1.65,
  1.4, 1.15, 0.9, 0.7, 0.55,
]);

/** The categories occupant activity is split into. */
export type ActivityCategory = Extract<
  InsightCategory,
  'water_heating' | 'cooking' | 'refrigeration' | 'laundry' | 'lighting' | 'other'
>;
export const ACTIVITY_CATEGORIES: readonly ActivityCategory[] = [
  'water_heating',
  'cooking',
  'refrigeration',
  'laundry',
  'lighting',
  'other',
];

const hours = (spec: Record<string, number>, rest = 0.05): number[] => {
  const out = new Array<number>(24).fill(rest);
  for (const [range, value] of Object.entries(spec)) {
    const [from, to] = range.split('-').map(Number);
    for (let h = from ?? 0; h <= (to ?? from ?? 0); h++) out[h] = value;
  }
  return out;
};

/** When each activity category runs (relative weights per clock hour), from appliance-use surveys. */
export const ACTIVITY_HOURS: Record<Segment, Record<ActivityCategory, number[]>> = {
  residential: {
    water_heating: hours({ '5-8': 1.6, '9-16': 0.5, '17-22': 1.2 }, 0.2),
    cooking: hours({ '6-8': 0.9, '11-13': 0.8, '16-19': 1.6, '20': 0.6 }, 0.05),
    refrigeration: hours({}, 1),
    laundry: hours({ '8-20': 1 }, 0.1),
    lighting: hours({ '5-7': 0.9, '8-15': 0.2, '16': 0.6, '17-22': 1.4, '23': 0.7 }, 0.15),
    other: hours({}, 1),
  },
  commercial: {
    water_heating: hours({ '6-18': 1 }, 0.2),
    cooking: hours({ '10-14': 1 }, 0.05),
    refrigeration: hours({}, 1),
    laundry: hours({ '8-17': 1 }, 0.02),
    lighting: hours({ '6-19': 1.3 }, 0.25),
    other: hours({}, 1),
  },
};

/** Each activity category's typical share of activity energy before the household refines it. */
export const ACTIVITY_SHARES: Record<Segment, Record<ActivityCategory, number>> = {
  residential: {
    water_heating: 0.22,
    cooking: 0.16,
    refrigeration: 0.1,
    laundry: 0.1,
    lighting: 0.14,
    other: 0.28,
  },
  commercial: {
    water_heating: 0.06,
    cooking: 0.04,
    refrigeration: 0.12,
    laundry: 0.01,
    lighting: 0.32,
    other: 0.45,
  },
};
