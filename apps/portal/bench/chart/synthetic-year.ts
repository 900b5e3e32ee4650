// A year of 15-minute reads of a solar home, made up but shaped like real ones: a household load
// with morning and evening peaks, panels that follow the sun and the seasons, and the grid import
// and export that follow from the two. Deterministic (fixed seed), so every run draws the same.

export const POINTS_PER_DAY = 96;
const STEP_SECONDS = 900;

export interface SyntheticYear {
  x: Float64Array;
  importKwh: Float64Array;
  exportKwh: Float64Array;
  generationKwh: Float64Array;
  /** Evening peak periods (16:00–21:00) of every day, in x units. */
  peaks: { from: number; to: number }[];
}

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export function syntheticYear(year: number, days = 365): SyntheticYear {
  const length = days * POINTS_PER_DAY;
  const start = Date.UTC(year, 0, 1) / 1000;
  const next = random(year);
  const x = new Float64Array(length);
  const importKwh = new Float64Array(length);
  const exportKwh = new Float64Array(length);
  const generationKwh = new Float64Array(length);
  const peaks: { from: number; to: number }[] = [];
  for (let day = 0; day < days; day++) {
    const dayStart = start + day * 86_400;
    peaks.push({ from: dayStart + 16 * 3600, to: dayStart + 21 * 3600 });
    const season = 0.6 + 0.4 * Math.sin(((day - 80) / 365) * 2 * Math.PI); // sunnier in summer
    const cloud = 0.5 + 0.5 * next();
    for (let slot = 0; slot < POINTS_PER_DAY; slot++) {
      const at = day * POINTS_PER_DAY + slot;
      const hour = slot / 4;
      const load =
        0.08 +
        0.12 * Math.exp(-((hour - 7.5) ** 2) / 2) +
        0.25 * Math.exp(-((hour - 19) ** 2) / 4) +
        0.05 * next();
      const sun = Math.max(0, Math.sin(((hour - 6) / 13) * Math.PI));
      const generation = 0.9 * sun * season * cloud;
      x[at] = dayStart + slot * STEP_SECONDS;
      generationKwh[at] = Math.round(generation * 1000) / 1000;
      importKwh[at] = Math.round(Math.max(0, load - generation) * 1000) / 1000;
      exportKwh[at] = Math.round(Math.max(0, generation - load) * 1000) / 1000;
    }
  }
  return { x, importKwh, exportKwh, generationKwh, peaks };
}
