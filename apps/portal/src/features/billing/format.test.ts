import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dateTimeFormat,
  formatCents,
  formatDate,
  numberFormat,
  percentChange,
  prepareFormats,
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

  describe('prepareFormats', () => {
    afterEach(() => {
      vi.restoreAllMocks();
      vi.useRealTimers();
    });

    it('makes one formatter per task, none in the task that asks for them', () => {
      vi.useFakeTimers();
      const made: string[] = [];
      const RealNumber = Intl.NumberFormat;
      const RealDate = Intl.DateTimeFormat;
      // biome-ignore lint/complexity/useArrowFunction: the spy is called with new
      vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args: unknown[]) {
        made.push('number');
        return new RealNumber(...(args as ConstructorParameters<typeof RealNumber>));
      } as never);
      // biome-ignore lint/complexity/useArrowFunction: the spy is called with new
      vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: unknown[]) {
        made.push('date');
        return new RealDate(...(args as ConstructorParameters<typeof RealDate>));
      } as never);
      // A language nothing else in this file has used, so that no formatter is kept from before.
      prepareFormats('fr-CA');
      expect(made).toEqual([]);
      const counts: number[] = [];
      for (let task = 0; task < 5; task++) {
        vi.advanceTimersToNextTimer();
        counts.push(made.length);
      }
      expect(counts).toEqual([1, 2, 3, 4, 4]);
      expect(made).toEqual(['number', 'date', 'date', 'number']);
      // Kept: the page's own first figures make none.
      formatCents(1234, 'fr-CA');
      formatDate('2026-03-01', 'fr-CA', 'short');
      expect(made).toHaveLength(4);
    });
  });
});
