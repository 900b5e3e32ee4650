import { describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  formatCents,
  formatDate,
  numberFormat,
  percentChange,
  yearsBefore,
} from './format.ts';

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

  it('makes each formatter once per language and options, and keeps them apart', () => {
    const money = numberFormat('en', { style: 'currency', currency: 'USD' });
    expect(numberFormat('en', { style: 'currency', currency: 'USD' })).toBe(money);
    expect(numberFormat('de', { style: 'currency', currency: 'USD' })).not.toBe(money);
    expect(numberFormat('en', { style: 'currency', currency: 'EUR' }).format(1)).toBe('€1.00');
    const medium = dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(medium);
    expect(dateTimeFormat('en', { dateStyle: 'short', timeZone: 'UTC' })).not.toBe(medium);
    // The cached formatters write what fresh ones do, in every language.
    expect(formatCents(123456, 'de')).toBe(
      new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' }).format(1234.56),
    );
    expect(formatDate('2026-03-01', 'ta')).toBe(
      new Intl.DateTimeFormat('ta', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2026, 2, 1)),
    );
  });
});
