import { describe, expect, it } from 'vitest';
import { formatCents, formatDate, percentChange, yearsBefore } from './format.ts';

describe('billing formats', () => {
  it('writes cents as the language writes money', () => {
    expect(formatCents(123_456, 'en')).toBe('$1,234.56');
    expect(formatCents(123_456, 'de')).toBe('1.234,56\u00a0$');
    expect(formatCents(-500, 'en')).toBe('-$5.00');
  });

  it('keeps a calendar date on its day whatever the time zone', () => {
    expect(formatDate('2026-03-01', 'en')).toBe('Mar 1, 2026');
    expect(formatDate('2026-03-01', 'de')).toBe('01.03.2026');
  });

  it('gives a signed change against last year, or nothing without one', () => {
    expect(percentChange(110, 100, 'en')).toBe('+10%');
    expect(percentChange(90, 100, 'en')).toBe('-10%');
    expect(percentChange(90, null, 'en')).toBeNull();
    expect(yearsBefore('2026-11-24', 1)).toBe('2025-11-24');
  });
});
