import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayOfWeek,
  dayOfYear,
  epochDay,
  isoFromEpochDay,
  lastOfMonth,
  localDayLayout,
  localMidnightUtcMs,
  todayIn,
} from './local-day.ts';

describe('calendar', () => {
  it('converts ISO dates and epoch days both ways, like Date does', () => {
    for (let day = -800_000; day < 800_000; day += 997) {
      const iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
      if (iso.startsWith('-') || iso.startsWith('+')) continue;
      expect(isoFromEpochDay(day)).toBe(iso);
      expect(epochDay(iso)).toBe(day);
    }
  });

  it('does date arithmetic on ISO dates', () => {
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(dayOfWeek('2025-11-22')).toBe(6);
    expect(dayOfYear('2024-12-31')).toBe(366);
    expect(lastOfMonth('2023-02-10')).toBe('2023-02-28');
    expect(addMonths('2025-11-22', -24)).toBe('2023-11-01');
    expect(addMonths('2025-11-22', 2)).toBe('2026-01-01');
  });

  it('lays out 96 slots on ordinary days and 92 / 100 on Chicago DST days', () => {
    const ordinary = localDayLayout('2025-07-01', 'America/Chicago');
    expect(ordinary.slotCount).toBe(96);
    expect(ordinary.startUtcMs).toBe(Date.UTC(2025, 6, 1, 5));
    const spring = localDayLayout('2025-03-09', 'America/Chicago');
    expect(spring.slotCount).toBe(92);
    expect(Array.from(spring.clockHours.slice(7, 9))).toEqual([1, 3]);
    const fall = localDayLayout('2025-11-02', 'America/Chicago');
    expect(fall.slotCount).toBe(100);
    expect(Array.from(fall.clockHours.slice(4, 12))).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(localMidnightUtcMs('2025-11-03', 'America/Chicago')).toBe(Date.UTC(2025, 10, 3, 6));
  });

  it('knows the local date in a time zone', () => {
    expect(todayIn('America/Chicago', new Date(Date.UTC(2025, 0, 1, 3)))).toBe('2024-12-31');
    expect(todayIn('UTC', new Date(Date.UTC(2025, 0, 1, 3)))).toBe('2025-01-01');
  });
});
