import { describe, expect, it } from 'vitest';
import {
  basisPointsOf,
  chargeCents,
  dollarsToCents,
  formatCents,
  roundQuantity,
  toScaledInteger,
} from './cents.ts';

describe('money', () => {
  it('rounds a charge half away from zero to the cent', () => {
    expect(chargeCents(350, 0.1121)).toBe(3924); // 39.235 → 39.24
    expect(chargeCents(-350, 0.1121)).toBe(-3924);
    expect(chargeCents(1, 0.004)).toBe(0);
    expect(chargeCents(1, 0.005)).toBe(1);
    expect(chargeCents(800, 0.0481085)).toBe(3849); // 38.4868
  });

  it('keeps rates with more than six decimals exact', () => {
    expect(toScaledInteger(0.22787999, 9)).toBe(227879990n);
    expect(chargeCents(1000, 0.22787999)).toBe(22788);
  });

  it('uses the quantity as the bill shows it (3 decimals)', () => {
    expect(roundQuantity(1.23449)).toBe(1.234);
    expect(roundQuantity(1.2345)).toBe(1.235);
    expect(chargeCents(0.0004, 1000)).toBe(0);
  });

  it('converts dollars and basis points', () => {
    expect(dollarsToCents(15.91)).toBe(1591);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(-0.005)).toBe(-1);
    expect(basisPointsOf(10_050, 250)).toBe(251); // 251.25
    expect(basisPointsOf(10_020, 250)).toBe(251); // 250.5 → 251
  });

  it('formats cents', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCents(-75)).toBe('-$0.75');
  });
});
