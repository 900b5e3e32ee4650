// The eval's perturbed homes: their shapes really differ from the engine's reference curves, what
// was put in adds up to what the meter reads, and the engine's categories still sum to it.
import { describe, expect, it } from 'vitest';
import { disaggregate, sumBreakdowns } from '../../domain/insights/disaggregate.ts';
import { ACTIVITY_SHAPES } from '../../domain/insights/reference-shapes.ts';
import { mulberry32 } from '../../domain/random/prng.ts';
import { generatedYear } from './generated-homes.ts';
import { DEFAULT_PERTURBATION, perturbedHome, perturbShape } from './perturbed-homes.ts';

describe('perturbed homes', () => {
  it('move a shape away from the reference, hour by hour', () => {
    const reference = ACTIVITY_SHAPES.residential.weekday;
    const random = mulberry32(7);
    for (let n = 0; n < 20; n++) {
      const shape = perturbShape(reference, random, DEFAULT_PERTURBATION);
      expect(shape).toHaveLength(24);
      expect(Math.min(...shape)).toBeGreaterThan(0);
      const peak = Math.max(...shape);
      const meanGap = shape.reduce((sum, v, h) => sum + Math.abs(v / peak - (reference[h] ?? 0)), 0) / 24;
      expect(meanGap).toBeGreaterThan(0.02);
    }
  });

  it('read what was put in, and the engine’s categories sum to it', () => {
    const conditions = generatedYear(42, '2025-01-01', 120);
    for (const index of [0, 1, 2, 3]) {
      const home = perturbedHome(42, index, conditions);
      const metered = home.days.reduce((sum, day) => sum + Array.from(day.wh).reduce((a, b) => a + b, 0), 0);
      const slots = home.days.reduce((sum, day) => sum + day.wh.length, 0);
      const putIn = Object.values(home.truth).reduce((a, b) => a + b, 0);
      expect(Math.abs(putIn - metered)).toBeLessThanOrEqual(slots * 0.5);
      const { totalWh, categoriesWh } = sumBreakdowns(disaggregate(home.days, home.profile).days);
      expect(totalWh).toBe(metered);
      expect(categoriesWh.reduce((a, b) => a + b, 0)).toBe(metered);
    }
  });
});
