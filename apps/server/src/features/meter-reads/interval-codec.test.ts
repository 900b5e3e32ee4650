import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../domain/random/prng.ts';
import { type DayIntervals, decodeMonth, encodeMonth } from './interval-codec.ts';

const plain = (day: DayIntervals) => ({
  dayOfMonth: day.dayOfMonth,
  importWh: Array.from(day.importWh),
  exportWh: day.exportWh && Array.from(day.exportWh),
  generationWh: day.generationWh && Array.from(day.generationWh),
});

/** −v within int4 (−2^31 has no positive twin), and no −0. */
const negate = (v: number) => (v === -(2 ** 31) ? 2 ** 31 - 1 : -v) || 0;

const roundTrip = (days: DayIntervals[]) => {
  const bytes = encodeMonth(days);
  expect(decodeMonth(bytes)).toEqual(days.map(plain));
  return bytes;
};

/** A solar home's day: evening and morning import, midday export, production by daylight. */
function solarDay(dayOfMonth: number, count: number, seed: number): DayIntervals {
  const random = mulberry32(seed);
  const importWh: number[] = [];
  const exportWh: number[] = [];
  const generationWh: number[] = [];
  for (let i = 0; i < count; i++) {
    const sun = Math.max(0, Math.sin(((i - count / 4) / (count / 2)) * Math.PI));
    const produced = Math.round(2000 * sun * (0.93 + 0.14 * random()));
    const load = Math.round(300 * (0.75 + 0.5 * random()));
    importWh.push(Math.max(0, load - produced));
    exportWh.push(Math.max(0, produced - load));
    generationWh.push(produced);
  }
  return { dayOfMonth, importWh, exportWh, generationWh };
}

describe('interval codec', () => {
  it('round-trips a month of solar days exactly, daylight-saving days (92 and 100) included', () => {
    const days = Array.from({ length: 31 }, (_, i) =>
      solarDay(i + 1, i === 9 ? 92 : i === 20 ? 100 : 96, i + 1),
    );
    const bytes = roundTrip(days);
    // Three channels of 96 readings: an int4 array stores each in 8 bytes, the codec in ~1.
    expect(bytes.length / 31).toBeLessThan(3 * 96 * 1.2);
  });

  it('keeps import and export apart when both are non-zero in one interval', () => {
    const day = solarDay(1, 96, 7);
    day.exportWh = Array.from(day.exportWh ?? [], (v, i) => (i === 50 ? v + 5 : v));
    (day.importWh as number[])[50] = 12;
    roundTrip([day]);
  });

  it('is exact for negative, zero and extreme readings and any channel missing', () => {
    const extremes = [0, -1, 1, 2 ** 31 - 1, -(2 ** 31), 123_456_789, -987_654_321, 0];
    const big = Array.from({ length: 96 }, (_, i) => extremes[i % extremes.length] ?? 0);
    roundTrip(
      [
        { dayOfMonth: 1, importWh: big, exportWh: null, generationWh: null },
        {
          dayOfMonth: 2,
          importWh: new Array(96).fill(0),
          exportWh: new Array(96).fill(0),
          generationWh: null,
        },
        { dayOfMonth: 5, importWh: big.map(negate), exportWh: big, generationWh: big },
        { dayOfMonth: 31, importWh: [7], exportWh: null, generationWh: [-3] },
        { dayOfMonth: 29, importWh: [], exportWh: null, generationWh: null },
      ].sort((a, b) => a.dayOfMonth - b.dayOfMonth),
    );
  });

  it('round-trips a commercial meter (large loads) and random data', () => {
    const random = mulberry32(99);
    const commercial = Array.from({ length: 96 }, (_, i) =>
      Math.round((i > 28 && i < 76 ? 60_000 : 8_000) * (0.88 + 0.24 * random())),
    );
    const noise = Array.from({ length: 100 }, () => Math.floor((random() - 0.5) * 2 ** 32));
    roundTrip([
      { dayOfMonth: 3, importWh: commercial, exportWh: null, generationWh: null },
      { dayOfMonth: 4, importWh: noise, exportWh: noise.map(negate), generationWh: noise },
    ]);
  });

  it('refuses what it cannot store exactly', () => {
    const day = (importWh: number[]) => ({ dayOfMonth: 1, importWh, exportWh: null, generationWh: null });
    expect(() => encodeMonth([day([0.5])])).toThrow(RangeError);
    expect(() => encodeMonth([day([2 ** 31])])).toThrow(RangeError);
    expect(() => encodeMonth([day([1]), day([2])])).toThrow(RangeError);
    expect(() =>
      encodeMonth([{ dayOfMonth: 1, importWh: [1, 2], exportWh: [1], generationWh: null }]),
    ).toThrow(RangeError);
    expect(() => decodeMonth(new Uint8Array([2]))).toThrow(RangeError);
    expect(() => decodeMonth(encodeMonth([day([1, 2, 3])]).slice(0, 4))).toThrow(RangeError);
  });
});
