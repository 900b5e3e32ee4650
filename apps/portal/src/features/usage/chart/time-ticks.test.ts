import { describe, expect, it } from 'vitest';
import { timeTickFormatter } from './time-ticks.ts';

const at = (...parts: [number, number, number, number?, number?]) =>
  new Date(parts[0], parts[1], parts[2], parts[3] ?? 0, parts[4] ?? 0).getTime() / 1000;

describe('timeTickFormatter', () => {
  const english = timeTickFormatter('en-US');

  it('labels hours within a day, with the date at midnight', () => {
    expect(english([at(2026, 2, 1), at(2026, 2, 1, 6), at(2026, 2, 1, 12, 30)], 6 * 3600)).toEqual([
      'Mar 1',
      '6:00 AM',
      '12:30 PM',
    ]);
  });

  it('labels days, then months with the year on the first tick and in January', () => {
    expect(english([at(2026, 2, 1), at(2026, 2, 8)], 7 * 86_400)).toEqual(['Mar 1', 'Mar 8']);
    expect(english([at(2025, 10, 1), at(2025, 11, 1), at(2026, 0, 1), at(2026, 1, 1)], 31 * 86_400)).toEqual([
      'Nov 2025',
      'Dec',
      'Jan 2026',
      'Feb',
    ]);
    expect(english([at(2025, 0, 1)], 366 * 86_400)).toEqual(['2025']);
  });

  it('speaks the reader’s language', () => {
    const german = timeTickFormatter('de');
    expect(german([at(2026, 2, 1, 18)], 3600)).toEqual(['18:00']);
    expect(german([at(2026, 2, 5)], 86_400)).toEqual(['5. März']);
  });
});
