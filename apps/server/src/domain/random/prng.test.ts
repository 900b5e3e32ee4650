import { describe, expect, it } from 'vitest';
import { gaussian, hashSeed, mulberry32, randomInt, randomUuid } from './prng.ts';

describe('seeded random numbers', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(43)()).not.toBe(first[0]);
  });

  it('derives distinct sub-seeds from parts', () => {
    expect(hashSeed(1, 'account', 2)).toBe(hashSeed(1, 'account', 2));
    expect(hashSeed(1, 'account', 2)).not.toBe(hashSeed(1, 'account', 3));
    expect(hashSeed(1, 'ab', 'c')).not.toBe(hashSeed(1, 'a', 'bc'));
  });

  it('draws integers, normal deviates and version-4 UUIDs', () => {
    const random = mulberry32(7);
    const ints = Array.from({ length: 2000 }, () => randomInt(random, 1, 6));
    expect(new Set(ints)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    const normals = Array.from({ length: 5000 }, () => gaussian(random));
    const mean = normals.reduce((s, x) => s + x, 0) / normals.length;
    expect(Math.abs(mean)).toBeLessThan(0.05);
    const ids = Array.from({ length: 1000 }, () => randomUuid(random));
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
