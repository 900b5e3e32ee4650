import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { fullXRange, quantityRange } from './plot-options.ts';

const plot = {} as uPlot;

describe('quantityRange', () => {
  it('starts the quantity axis at zero however high the smallest value is', () => {
    const [min, max] = quantityRange(plot, 300, 700);
    expect(min).toBe(0);
    expect(max).toBeGreaterThanOrEqual(700);
  });

  it('reaches below zero for negative values (net export) and copes with no data', () => {
    const [min, max] = quantityRange(plot, -40, 120);
    expect(min).toBeLessThanOrEqual(-40);
    expect(max).toBeGreaterThanOrEqual(120);
    expect(quantityRange(plot, null, null)).toEqual([0, 1]);
  });
});

describe('fullXRange', () => {
  it('gives bars half a step of room at each end and lines none', () => {
    expect(fullXRange([0, 1, 2, 3], [{ kind: 'bar' }])).toEqual([-0.5, 3.5]);
    expect(fullXRange([0, 900, 1800], [{ kind: 'line' }, { kind: 'area' }])).toEqual([0, 1800]);
    expect(fullXRange([5], [{ kind: 'line' }])).toEqual([4.5, 5.5]);
  });
});
