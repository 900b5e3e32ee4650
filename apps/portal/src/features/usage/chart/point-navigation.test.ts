import { describe, expect, it } from 'vitest';
import { describePoint, nextPointIndex } from './point-navigation.ts';

describe('nextPointIndex', () => {
  it('moves by one with the arrows, by ten with the Page keys, to the ends with Home and End', () => {
    expect(nextPointIndex('ArrowRight', 4, 30)).toBe(5);
    expect(nextPointIndex('ArrowLeft', 4, 30)).toBe(3);
    expect(nextPointIndex('PageDown', 4, 30)).toBe(14);
    expect(nextPointIndex('PageUp', 14, 30)).toBe(4);
    expect(nextPointIndex('Home', 14, 30)).toBe(0);
    expect(nextPointIndex('End', 2, 30)).toBe(29);
  });

  it('stops at the ends', () => {
    expect(nextPointIndex('ArrowLeft', 0, 30)).toBe(0);
    expect(nextPointIndex('ArrowRight', 29, 30)).toBe(29);
    expect(nextPointIndex('PageUp', 3, 30)).toBe(0);
    expect(nextPointIndex('PageDown', 25, 30)).toBe(29);
  });

  it('starts at the first point going forward and the last going back; ignores other keys and empty charts', () => {
    expect(nextPointIndex('ArrowRight', null, 12)).toBe(0);
    expect(nextPointIndex('ArrowLeft', null, 12)).toBe(11);
    expect(nextPointIndex('a', 3, 12)).toBeNull();
    expect(nextPointIndex('Home', null, 0)).toBeNull();
  });
});

describe('describePoint', () => {
  it('names the point, then every series with its formatted value or no data', () => {
    const series = [
      { label: 'Import', values: [1.5, 2] },
      { label: 'Export', values: [null, 0.25] },
    ];
    const text = describePoint(
      0,
      (index) => `March ${index + 1}`,
      series,
      (value, one) => `${value.toFixed(2)} kWh (${one.label.length})`,
      'no data',
    );
    expect(text).toBe('March 1: Import 1.50 kWh (6), Export no data');
  });
});
