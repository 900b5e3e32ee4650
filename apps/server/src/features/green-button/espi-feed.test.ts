import { describe, expect, it } from 'vitest';
import { addDays, localMidnightUtcMs } from '../../domain/calendar/local-day.ts';
import { buildEspiFeed } from './espi-feed.ts';
import { localTimeParametersOf } from './local-time-parameters.ts';
import { checkEspiSchema } from './schema-check.ts';
import { buildUsageCsv } from './usage-csv.ts';
import { ESPI_UNITS, type UsageExport } from './usage-export.ts';

/** One local day of 15-minute readings (value = slot number) in a zone. */
function quarterHourDay(date: string, timeZone: string, estimated = false): UsageExport['channels'][number] {
  const start = localMidnightUtcMs(date, timeZone) / 1000;
  const slots = (localMidnightUtcMs(addDays(date, 1), timeZone) / 1000 - start) / 900;
  const readings = Array.from({ length: slots }, (_, i) => ({
    start: start + i * 900,
    duration: 900,
    value: i,
    estimated,
  }));
  return { direction: 'import', intervalLength: 900, blocks: [{ start, duration: slots * 900, readings }] };
}

function exportOf(overrides: Partial<UsageExport>): UsageExport {
  const timeZone = overrides.timeZone ?? 'America/Chicago';
  return {
    utilityType: 'electricity',
    usagePointKey: 'tenant/account/electricity',
    title: 'electricity usage <test> & more',
    timeZone,
    localTime: localTimeParametersOf(timeZone, 2026),
    unit: ESPI_UNITS.electricity,
    channels: [quarterHourDay('2026-11-01', timeZone)],
    createdAt: new Date('2026-11-25T12:00:00Z'),
    ...overrides,
  };
}

describe('buildEspiFeed', () => {
  it('writes a schema-valid feed for a fall-back day (100 intervals) with estimated readings marked', async () => {
    const data = exportOf({ channels: [quarterHourDay('2026-11-01', 'America/Chicago', true)] });
    const xml = buildEspiFeed(data);
    expect(await checkEspiSchema(xml)).toEqual({ valid: true });
    expect(xml.split('<IntervalReading>').length - 1).toBe(100);
    expect(xml.split('<ReadingQuality><quality>8</quality></ReadingQuality>').length - 1).toBe(100);
    // The title is escaped, and the same data gives the same ids.
    expect(xml).toContain('<title>electricity usage &#60;test&#62; &#38; more</title>');
    expect(buildEspiFeed(data)).toBe(xml);
  });

  it('writes schema-valid water and gas feeds and a zone without DST', async () => {
    const reading = { start: 1_767_225_600, duration: 2_678_400, value: 4_250_500, estimated: false };
    const register = {
      direction: 'import' as const,
      intervalLength: null,
      blocks: [{ start: reading.start, duration: reading.duration, readings: [reading] }],
    };
    for (const utilityType of ['water', 'gas'] as const) {
      const xml = buildEspiFeed(
        exportOf({ utilityType, unit: ESPI_UNITS[utilityType], channels: [register] }),
      );
      expect(await checkEspiSchema(xml)).toEqual({ valid: true });
      expect(xml).not.toContain('<intervalLength>');
    }
    const phoenix = buildEspiFeed(
      exportOf({ timeZone: 'America/Phoenix', channels: [quarterHourDay('2026-11-01', 'America/Phoenix')] }),
    );
    expect(await checkEspiSchema(phoenix)).toEqual({ valid: true });
    expect(phoenix).toContain(
      '<dstEndRule>FFFFFFFF</dstEndRule><dstOffset>0</dstOffset><dstStartRule>FFFFFFFF</dstStartRule><tzOffset>-25200</tzOffset>',
    );
  });
});

describe('buildUsageCsv', () => {
  it('gives the fall-back day 100 rows, the repeated 01:00 hour told apart by its offset', () => {
    const csv = buildUsageCsv(exportOf({}));
    const rows = csv.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(100);
    expect(rows[4]).toBe('2026-11-01T01:00:00-05:00,900,4,Wh,import,false');
    expect(rows[8]).toBe('2026-11-01T01:00:00-06:00,900,8,Wh,import,false');
    expect(rows[99]).toBe('2026-11-01T23:45:00-06:00,900,99,Wh,import,false');
  });

  it('writes register quantities in the unit with their decimals', () => {
    const reading = { start: 1_767_225_600, duration: 2_678_400, value: 4_250_500, estimated: true };
    const csv = buildUsageCsv(
      exportOf({
        utilityType: 'water',
        unit: ESPI_UNITS.water,
        channels: [
          {
            direction: 'import',
            intervalLength: null,
            blocks: [{ start: reading.start, duration: reading.duration, readings: [reading] }],
          },
        ],
      }),
    );
    expect(csv.split('\r\n')[1]).toBe('2025-12-31T18:00:00-06:00,2678400,4250.500,gal,import,true');
    // A block of a year of monthly reads, winter to winter: the summer rows keep their DST offset.
    const months = [0, 6, 11].map((month) => ({
      start: Date.UTC(2026, month, 1, 6) / 1000,
      duration: 86_400,
      value: 1000,
      estimated: false,
    }));
    const year = buildUsageCsv(
      exportOf({
        utilityType: 'gas',
        unit: ESPI_UNITS.gas,
        channels: [
          {
            direction: 'import',
            intervalLength: null,
            blocks: [{ start: months[0]?.start ?? 0, duration: 365 * 86_400, readings: months }],
          },
        ],
      }),
    );
    expect(
      year
        .split('\r\n')
        .slice(1, 4)
        .map((row) => row.slice(0, 25)),
    ).toEqual(['2026-01-01T00:00:00-06:00', '2026-07-01T01:00:00-05:00', '2026-12-01T00:00:00-06:00']);
  });
});
