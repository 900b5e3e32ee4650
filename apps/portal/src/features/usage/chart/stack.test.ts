import { describe, expect, it } from 'vitest';
import { stackForDrawing } from './stack.ts';

describe('stackForDrawing', () => {
  it('draws a stack as running totals, tallest first, where its first member stands', () => {
    const drawn = stackForDrawing([
      { kind: 'line', values: [9, 9] },
      { kind: 'bar', stack: 'use', values: [1, 2] },
      { kind: 'bar', values: [5, 5] },
      { kind: 'bar', stack: 'use', values: [3, null] },
      { kind: 'bar', stack: 'use', values: [-1, 4] },
    ]);
    expect(drawn.map((one) => one.source)).toEqual([0, 4, 3, 1, 2]);
    const values = Object.fromEntries(drawn.map((one) => [one.source, Array.from(one.values)]));
    expect(values[1]).toEqual([1, 2]);
    expect(values[3]).toEqual([4, null]);
    // A negative member stacks below zero on its own; a gap adds nothing to the ones above.
    expect(values[4]).toEqual([-1, 6]);
    expect(values[2]).toEqual([5, 5]);
  });

  it('leaves unstacked series as they are, in order', () => {
    const values = [1, 2, 3];
    const drawn = stackForDrawing([
      { kind: 'area', values },
      { kind: 'line', stack: 'ignored for lines', values },
    ]);
    expect(drawn).toEqual([
      { source: 0, values },
      { source: 1, values },
    ]);
  });
});
