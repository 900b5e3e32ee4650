import { describe, expect, it } from 'vitest';
import { dayOfWeek } from '../calendar/local-day.ts';
import { aggregateUsage } from './aggregate-usage.ts';
import type { UrdbRateStructure } from './urdb.ts';

// Expected numbers below are written out or follow from the readings by plain arithmetic
// (sums of the raw values), never by calling the code under test.

/** 12 months × 24 hours, every month the same row. */
function everyMonth(row: (hour: number) => number): number[][] {
  return Array.from({ length: 12 }, () => Array.from({ length: 24 }, (_, hour) => row(hour)));
}

/** One energy period per clock hour: energyByPeriod[h] is exactly the energy read in hour h. */
const periodPerHour: UrdbRateStructure = {
  energyratestructure: Array.from({ length: 24 }, () => [{ rate: 0.1 }]),
  energyweekdayschedule: everyMonth((hour) => hour),
  energyweekendschedule: everyMonth((hour) => hour),
};

/** On-peak (period 1) 16:00–21:00 on weekdays only; demand on-peak the same hours. */
const weekdayPeak: UrdbRateStructure = {
  energyratestructure: [[{ rate: 0.1 }], [{ rate: 0.3 }]],
  energyweekdayschedule: everyMonth((hour) => (hour >= 16 && hour < 21 ? 1 : 0)),
  energyweekendschedule: everyMonth(() => 0),
  demandratestructure: [[{ rate: 5 }], [{ rate: 15 }]],
  demandweekdayschedule: everyMonth((hour) => (hour >= 16 && hour < 21 ? 1 : 0)),
  demandweekendschedule: everyMonth(() => 0),
};

const kWh = 1000;

describe('aggregateUsage: 15-minute reads', () => {
  it('sums each clock hour of four slots into its period (slot i read (i + 1) kWh)', () => {
    const importWh = Array.from({ length: 96 }, (_, slot) => (slot + 1) * kWh);
    const result = aggregateUsage(
      periodPerHour,
      { kind: 'intervals', days: [{ date: '2024-07-10', importWh }] },
      { start: '2024-07-01', end: '2024-07-31', timeZone: 'America/Chicago' },
    );
    // Hour h holds slots 4h … 4h+3: (4h+1) + (4h+2) + (4h+3) + (4h+4) = 16h + 10.
    expect(result.energyByPeriod[0]).toBe(10);
    expect(result.energyByPeriod[1]).toBe(26);
    expect(result.energyByPeriod[16]).toBe(266);
    expect(result.energyByPeriod[23]).toBe(378);
    expect(result.energyByPeriod).toEqual(Array.from({ length: 24 }, (_, h) => 16 * h + 10));
    // 1 + 2 + … + 96 = 96 × 97 / 2.
    expect(result.totalImport).toBe(4656);
    expect(result.totalExport).toBe(0);
    // Highest slot 96 kWh in 15 minutes = 384 kW.
    expect(result.peakDemandKw).toBe(384);
  });

  it('separates weekdays from weekends, sums export and finds the peak of each demand period', () => {
    expect(dayOfWeek('2024-07-12')).toBe(5); // Friday
    expect(dayOfWeek('2024-07-13')).toBe(6); // Saturday
    const flat = (wh: number) => new Array<number>(96).fill(wh);
    const friday = flat(500);
    friday[64] = 2500; // 16:00 on-peak: 10 kW
    friday[40] = 2000; // 10:00 off-peak: 8 kW
    const saturday = flat(250);
    saturday[68] = 3000; // 17:00 but weekend, so off-peak: 12 kW
    const fridayExport = new Array<number>(96).fill(0);
    fridayExport[48] = 700; // noon, off-peak
    fridayExport[80] = 300; // 20:00, on-peak
    const result = aggregateUsage(
      weekdayPeak,
      {
        kind: 'intervals',
        days: [
          { date: '2024-07-12', importWh: friday, exportWh: fridayExport },
          { date: '2024-07-13', importWh: saturday, exportWh: null },
        ],
      },
      { start: '2024-07-01', end: '2024-07-31' },
    );
    // Friday on-peak: 20 slots, 19 × 500 + 2500 = 12 000 Wh; off-peak 76 slots: 75 × 500 + 2000 = 39 500 Wh.
    // Saturday all off-peak: 95 × 250 + 3000 = 26 750 Wh.
    expect(result.energyByPeriod).toEqual([66.25, 12]);
    expect(result.totalImport).toBe(78.25);
    expect(result.exportByPeriod).toEqual([0.7, 0.3]);
    expect(result.totalExport).toBe(1);
    expect(result.peakDemandKw).toBe(12);
    expect(result.peakByDemandPeriod).toEqual([12, 10]);
  });

  it('ignores days outside the billing period', () => {
    const day = (date: string) => ({ date, importWh: new Array<number>(96).fill(1000) });
    const result = aggregateUsage(
      weekdayPeak,
      {
        kind: 'intervals',
        days: [day('2024-06-30'), day('2024-07-01'), day('2024-07-02'), day('2024-07-03')],
      },
      { start: '2024-07-01', end: '2024-07-02' },
    );
    // Two weekdays of 96 kWh each; 20 on-peak slots a day.
    expect(result.totalImport).toBe(192);
    expect(result.energyByPeriod).toEqual([152, 40]);
  });

  it('places the extra hour of a fall-back day (100 slots) on the clock', () => {
    // 3 November 2024, Chicago: 01:00–02:00 happens twice, so hour 1 has 8 slots.
    const importWh = Array.from({ length: 100 }, (_, slot) => (slot + 1) * kWh);
    const result = aggregateUsage(
      periodPerHour,
      { kind: 'intervals', days: [{ date: '2024-11-03', importWh }] },
      { start: '2024-11-01', end: '2024-11-30', timeZone: 'America/Chicago' },
    );
    expect(result.energyByPeriod[0]).toBe(1 + 2 + 3 + 4);
    expect(result.energyByPeriod[1]).toBe(5 + 6 + 7 + 8 + 9 + 10 + 11 + 12);
    expect(result.energyByPeriod[2]).toBe(13 + 14 + 15 + 16);
    expect(result.energyByPeriod[23]).toBe(97 + 98 + 99 + 100);
    expect(result.totalImport).toBe(5050);
  });
});

describe('aggregateUsage: hourly reads', () => {
  const hourly = (count: number) => Array.from({ length: count }, (_, index) => (index + 1) * kWh);

  it('puts each of 24 hourly reads in its own clock hour when the time zone is known', () => {
    const result = aggregateUsage(
      periodPerHour,
      { kind: 'intervals', days: [{ date: '2024-07-10', importWh: hourly(24) }], intervalMinutes: 60 },
      { start: '2024-07-01', end: '2024-07-31', timeZone: 'America/Chicago' },
    );
    // Read i (hour i) is i + 1 kWh: nothing may pile up in the first hours of the day.
    expect(result.energyByPeriod[0]).toBe(1);
    expect(result.energyByPeriod[5]).toBe(6);
    expect(result.energyByPeriod[6]).toBe(7);
    expect(result.energyByPeriod[23]).toBe(24);
    expect(result.energyByPeriod).toEqual(Array.from({ length: 24 }, (_, h) => h + 1));
    // 1 + … + 24 = 300 kWh; highest hour 24 kWh = 24 kW.
    expect(result.totalImport).toBe(300);
    expect(result.peakDemandKw).toBe(24);
  });

  it('prices hourly on-peak energy in the on-peak period, with or without a time zone', () => {
    const reads = new Array<number>(24).fill(1000);
    reads[17] = 5000; // 17:00, on-peak
    for (const timeZone of ['America/Chicago', undefined]) {
      const result = aggregateUsage(
        weekdayPeak,
        { kind: 'intervals', days: [{ date: '2024-07-10', importWh: reads }], intervalMinutes: 60 },
        { start: '2024-07-01', end: '2024-07-31', timeZone },
      );
      // On-peak 16–20: 4 × 1 + 5 = 9 kWh; off-peak 19 × 1 = 19 kWh.
      expect(result.energyByPeriod).toEqual([19, 9]);
      expect(result.peakByDemandPeriod).toEqual([1, 5]);
    }
  });

  it('skips the missing hour of a spring-forward day (23 reads)', () => {
    // 10 March 2024, Chicago: 02:00–03:00 does not exist; read 2 is 03:00.
    const result = aggregateUsage(
      periodPerHour,
      { kind: 'intervals', days: [{ date: '2024-03-10', importWh: hourly(23) }], intervalMinutes: 60 },
      { start: '2024-03-01', end: '2024-03-31', timeZone: 'America/Chicago' },
    );
    expect(result.energyByPeriod[0]).toBe(1);
    expect(result.energyByPeriod[1]).toBe(2);
    expect(result.energyByPeriod[2]).toBe(0);
    expect(result.energyByPeriod[3]).toBe(3);
    expect(result.energyByPeriod[23]).toBe(23);
    expect(result.totalImport).toBe(276);
  });

  it('puts both 01:00 hours of a fall-back day (25 reads) in hour 1', () => {
    const result = aggregateUsage(
      periodPerHour,
      { kind: 'intervals', days: [{ date: '2024-11-03', importWh: hourly(25) }], intervalMinutes: 60 },
      { start: '2024-11-01', end: '2024-11-30', timeZone: 'America/Chicago' },
    );
    expect(result.energyByPeriod[0]).toBe(1);
    expect(result.energyByPeriod[1]).toBe(2 + 3);
    expect(result.energyByPeriod[2]).toBe(4);
    expect(result.energyByPeriod[23]).toBe(25);
    expect(result.totalImport).toBe(325);
  });
});

describe('aggregateUsage: a monthly total', () => {
  it('spreads the total over the periods by their share of the hours', () => {
    // July 2024: 23 weekdays × 5 on-peak hours = 115 of 744 hours.
    const result = aggregateUsage(
      weekdayPeak,
      { kind: 'total', quantity: 744, exportQuantity: 74.4, peakDemandKw: 6.5 },
      { start: '2024-07-01', end: '2024-07-31' },
    );
    expect(result.energyByPeriod).toEqual([629, 115]);
    expect(result.exportByPeriod[0]).toBeCloseTo(62.9, 10);
    expect(result.exportByPeriod[1]).toBeCloseTo(11.5, 10);
    expect(result.totalImport).toBe(744);
    expect(result.totalExport).toBe(74.4);
    expect(result.peakDemandKw).toBe(6.5);
    // A monthly read says nothing about when the peak happened.
    expect(result.peakByDemandPeriod).toEqual([]);
  });

  it('has no peak when only the consumption was given', () => {
    const result = aggregateUsage(
      weekdayPeak,
      { kind: 'total', quantity: 100 },
      { start: '2024-07-13', end: '2024-07-14' },
    );
    // A weekend: every hour off-peak.
    expect(result.energyByPeriod).toEqual([100, 0]);
    expect(result.totalExport).toBe(0);
    expect(result.peakDemandKw).toBeNull();
  });
});
