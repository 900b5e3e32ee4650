import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dateTimeFormat,
  formatCents,
  formatDate,
  numberFormat,
  percentChange,
  yearsBefore,
} from './format.ts';
import { afterLocaleDataWarmUp, prepareFormats } from './prepare-formats.ts';

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

  describe('afterLocaleDataWarmUp', () => {
    /** A worker that does nothing by itself: the test says when it answers. */
    class FakeWorker {
      static made: FakeWorker[] = [];
      onmessage: (() => void) | null = null;
      onerror: (() => void) | null = null;
      terminated = false;
      constructor(readonly url: string) {
        FakeWorker.made.push(this);
      }
      terminate() {
        this.terminated = true;
      }
    }
    const blobs: Blob[] = [];
    const revoked: string[] = [];

    beforeEach(() => {
      FakeWorker.made = [];
      blobs.length = 0;
      revoked.length = 0;
      vi.stubGlobal('Worker', FakeWorker);
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return `blob:warm-up-${blobs.length}`;
        },
        revokeObjectURL: (url: string) => revoked.push(url),
      });
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    });

    it('goes on once a worker has made the language’s formatters, then ends the worker', async () => {
      const then = vi.fn();
      afterLocaleDataWarmUp('de', then);
      expect(then).not.toHaveBeenCalled();
      const [worker] = FakeWorker.made;
      if (!worker) throw new Error('no worker');
      // The worker's script makes German money, quantity and date formatters, then says so.
      const script = await (blobs[0] as Blob).text();
      const made: string[] = [];
      const posted = vi.fn();
      const intl = {
        NumberFormat: class extends Intl.NumberFormat {
          constructor(locale: string, options?: Intl.NumberFormatOptions) {
            super(locale, options);
            made.push(`number ${locale} ${options?.style ?? 'decimal'}`);
          }
        },
        DateTimeFormat: class extends Intl.DateTimeFormat {
          constructor(locale: string, options?: Intl.DateTimeFormatOptions) {
            super(locale, options);
            made.push(`date ${locale}`);
          }
        },
      };
      new Function('Intl', 'postMessage', script)(intl, posted);
      expect(made).toEqual(['number de currency', 'number de decimal', 'date de']);
      expect(posted).toHaveBeenCalledTimes(1);

      worker.onmessage?.();
      expect(then).toHaveBeenCalledTimes(1);
      expect(worker.terminated).toBe(true);
      expect(revoked).toEqual([worker.url]);
      // A late error changes nothing.
      worker.onerror?.();
      expect(then).toHaveBeenCalledTimes(1);
    });

    it('goes on without the worker when it fails or takes too long', () => {
      vi.useFakeTimers();
      const failed = vi.fn();
      afterLocaleDataWarmUp('en', failed);
      FakeWorker.made[0]?.onerror?.();
      expect(failed).toHaveBeenCalledTimes(1);

      const slow = vi.fn();
      afterLocaleDataWarmUp('en', slow);
      vi.advanceTimersByTime(1999);
      expect(slow).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(slow).toHaveBeenCalledTimes(1);
      expect(FakeWorker.made[1]?.terminated).toBe(true);
    });

    it('goes on at once where there is no worker', () => {
      vi.stubGlobal('Worker', undefined);
      const then = vi.fn();
      afterLocaleDataWarmUp('en', then);
      expect(then).toHaveBeenCalledTimes(1);
    });
  });
});
