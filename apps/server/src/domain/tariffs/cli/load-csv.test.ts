import { describe, expect, it } from 'vitest';
import { parseLoadCsv } from './load-csv.ts';

describe('parseLoadCsv', () => {
  it('places reads on the local clock of their own offset across a daylight-saving change', () => {
    // 9 March 2025, Pacific: 01:45 −08:00 is followed 15 minutes later by 03:00 −07:00.
    const readings = parseLoadCsv(
      [
        'start,import_kwh,export_kwh',
        '2025-03-09T01:45:00-08:00,1,0',
        '2025-03-09T03:00:00-07:00,2,0.5',
        '2025-03-09T03:15:00-07:00,3,',
      ].join('\r\n'),
    );
    expect(readings.map((r) => [r.line, r.date, r.hour, r.minutes, r.importKwh, r.exportKwh])).toEqual([
      [2, '2025-03-09', 1, 15, 1, 0],
      [3, '2025-03-09', 3, 15, 2, 0.5],
      [4, '2025-03-09', 3, 15, 3, 0],
    ]);
  });

  it('accepts hourly reads in any column order, Z as an offset, gaps and a trailing newline', () => {
    const readings = parseLoadCsv(
      'import_kwh,start\n1.5,2025-01-01T00:00:00Z\n2,2025-01-01T01:00:00Z\n4,2025-01-01T05:00:00Z\n',
    );
    // The shortest step is 60 minutes; the 4-hour step before 05:00 is missing data.
    expect(readings.map((r) => [r.hour, r.minutes, r.importKwh])).toEqual([
      [0, 60, 1.5],
      [1, 60, 2],
      [5, 60, 4],
    ]);
  });

  const errors: Array<[string, string, string]> = [
    ['a single row', 'start,import_kwh\n2025-01-01T00:00:00Z,1', 'line 2: a single interval'],
    [
      '30-minute steps',
      'start,import_kwh\n2025-01-01T00:00:00Z,1\n2025-01-01T00:30:00Z,1',
      'line 3: starts 30 minutes',
    ],
    [
      'an hour off the grid',
      'start,import_kwh\n2025-01-01T00:15:00Z,1\n2025-01-01T01:15:00Z,1',
      'line 2: a 60-minute interval',
    ],
    ['a short row', 'start,import_kwh,export_kwh\n2025-01-01T00:00:00Z,1', 'line 2: expected 3 values'],
    [
      'a negative read',
      'start,import_kwh\n2025-01-01T00:00:00Z,-1\n2025-01-01T01:00:00Z,1',
      'line 2: import_kwh -1 is negative',
    ],
    [
      'an empty import',
      'start,import_kwh\n2025-01-01T00:00:00Z,\n2025-01-01T01:00:00Z,1',
      'line 2: import_kwh "" is not a number',
    ],
    [
      '30 February',
      'start,import_kwh\n2025-02-30T00:00:00Z,1\n2025-03-01T01:00:00Z,1',
      'line 2: start "2025-02-30T00:00:00Z" is not a valid',
    ],
    [
      'an unexpected column',
      'start,import_kwh,meter\n2025-01-01T00:00:00Z,1,a',
      'line 1: unexpected column "meter"',
    ],
    ['no rows', 'start,import_kwh\n', 'line 2: no intervals'],
    ['an empty file', '', 'line 1: missing header'],
  ];
  it.each(errors)('rejects %s with the line', (_, csv, message) => {
    expect(() => parseLoadCsv(csv)).toThrow(message);
  });
});
