import { describe, expect, it } from 'vitest';
import { allocateOutstanding, statusOfUnpaid, unpaidOfBill } from './outstanding.ts';

describe('allocateOutstanding', () => {
  it('splits pro rata and the parts add up to the unpaid total exactly', () => {
    // 100 owed over 1000/2000/3000: exact 16.67, 33.33, 50 → floors 16, 33, 50 (99); the
    // largest remainder (0.67, the first) takes the last cent.
    expect(allocateOutstanding([1000, 2000, 3000], 100)).toEqual([17, 33, 50]);
    const parts = allocateOutstanding([1234, 5678, 91], 4321);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(4321);
  });

  it('never allocates more than the segments charged, and nothing when nothing is owed', () => {
    expect(allocateOutstanding([500, 1500], 9999)).toEqual([500, 1500]);
    expect(allocateOutstanding([500, 1500], 0)).toEqual([0, 0]);
    expect(allocateOutstanding([500, 1500], -300)).toEqual([0, 0]);
  });
});

describe('unpaidOfBill', () => {
  it('is the balance capped at the amount due, never negative', () => {
    expect(unpaidOfBill(12_000, 10_000)).toBe(10_000);
    expect(unpaidOfBill(4_000, 10_000)).toBe(4_000);
    expect(unpaidOfBill(-2_500, 10_000)).toBe(0);
  });
});

describe('statusOfUnpaid', () => {
  it('is paid when nothing is unpaid, partial for part of the bill, open for all of it', () => {
    expect(statusOfUnpaid(0, 18_231)).toBe('paid');
    expect(statusOfUnpaid(-500, 18_231)).toBe('paid');
    expect(statusOfUnpaid(1, 18_231)).toBe('partial');
    expect(statusOfUnpaid(18_231, 18_231)).toBe('open');
  });
});
