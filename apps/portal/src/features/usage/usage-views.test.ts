// The usage page's pure parts: the drill-down's places and ranges, local times on daylight-saving
// days, the chart series built from answers (checked against sums of the raw values), solar figures.
import type { TouSchedule, UsageIntervalDay, UsagePeriod } from '@gridfront/contracts/usage';
import { describe, expect, it } from 'vitest';
import { drillInto, rangeOf, step, trail } from './drill.ts';
import { localHour, localMidnightUtcMs } from './local-time.ts';
import { intervalChart, periodChart, type SeriesLabels } from './series.ts';
import { solarFigures, solarRange, solarRowsOfIntervals } from './solar.ts';
import { celsiusToFahrenheit } from './usage-format.ts';

const ZONE = 'America/Chicago';
const labels: SeriesLabels = {
  usage: 'Usage',
  cost: 'Cost',
  lastYear: 'Last year',
  temperature: 'Temperature',
  toTemperature: celsiusToFahrenheit,
  exported: 'Exported',
  produced: 'Produced',
  band: { peak: 'Peak', mid: 'Mid', off: 'Off' },
};

describe('drill-down', () => {
  it('goes year → month → day → quarter-hours and back up', () => {
    const year = { level: 'year', anchor: '2026-01-01' } as const;
    expect(rangeOf(year)).toMatchObject({ view: 'monthly', from: '2026-01-01', toDate: '2026-12-31' });
    const month = drillInto(year, '2026-02-28');
    expect(month).toEqual({ level: 'month', anchor: '2026-02-01' });
    expect(rangeOf(month ?? year)).toMatchObject({ view: 'daily', from: '2026-02-01', toDate: '2026-02-28' });
    const day = drillInto(month ?? year, '2026-02-14');
    expect(rangeOf(day ?? year)).toMatchObject({
      view: 'interval',
      resolution: 60,
      from: '2026-02-14',
      toDate: '2026-02-14',
    });
    const quarter = drillInto(day ?? year, '2026-02-14');
    expect(rangeOf(quarter ?? year)).toMatchObject({ view: 'interval', resolution: 15 });
    expect(drillInto(quarter ?? year, '2026-02-14')).toBeNull();
    expect(trail(quarter ?? year).map((place) => place.level)).toEqual(['year', 'month', 'day']);
    expect(rangeOf({ level: 'yearDetail', anchor: '2024-01-01' })).toMatchObject({
      view: 'interval',
      resolution: 15,
      toDate: '2024-12-31',
    });
  });

  it('steps along its level across month and year ends', () => {
    expect(step({ level: 'month', anchor: '2026-12-01' }, 1).anchor).toBe('2027-01-01');
    expect(step({ level: 'day', anchor: '2026-03-01' }, -1).anchor).toBe('2026-02-28');
    expect(step({ level: 'year', anchor: '2026-01-01' }, -1).anchor).toBe('2025-01-01');
  });

  it('runs a solar week from Monday to Sunday', () => {
    // 2026-11-25 is a Wednesday.
    expect(solarRange('week', '2026-11-25')).toMatchObject({ from: '2026-11-23', toDate: '2026-11-29' });
  });
});

describe('local time of the utility', () => {
  it('finds midnight and hours on the days the clocks change', () => {
    expect(new Date(localMidnightUtcMs('2026-07-01', ZONE)).toISOString()).toBe('2026-07-01T05:00:00.000Z');
    expect(new Date(localMidnightUtcMs('2026-01-01', ZONE)).toISOString()).toBe('2026-01-01T06:00:00.000Z');
    const fallBack = localMidnightUtcMs('2026-11-01', ZONE);
    // The third hour after midnight on the fall-back day is 1:00 again... then 2:00.
    expect(localHour(fallBack + 1 * 3_600_000, ZONE)).toBe(1);
    expect(localHour(fallBack + 2 * 3_600_000, ZONE)).toBe(1);
    expect(localHour(fallBack + 3 * 3_600_000, ZONE)).toBe(2);
  });
});

describe('series', () => {
  const period = (month: string, quantity: number, cost: number | null): UsagePeriod => ({
    month,
    periodStart: `${month}-01`,
    periodEnd: `${month}-28`,
    quantity,
    costCents: cost,
    lastYearQuantity: quantity - 1,
    lastYearCostCents: null,
    averageTempC: 20,
    exportQuantity: null,
    generationQuantity: null,
    estimated: false,
  });

  it('draws bill periods in units or dollars, with last year and °F', () => {
    const periods = [period('2026-01', 500, 6123), period('2026-02', 450, null)];
    const units = periodChart(periods, 'units', labels);
    expect(units.series.map((s) => Array.from(s.values))).toEqual([
      [500, 450],
      [499, 449],
      [68, 68],
    ]);
    const cost = periodChart(periods, 'cost', labels);
    expect(Array.from(cost.series[0]?.values ?? [])).toEqual([61.23, null]);
    expect(units.pointDates).toEqual(['2026-01-28', '2026-02-28']);
  });

  it('places a fall-back day’s 25 hours an hour apart and shades the peak', () => {
    const day: UsageIntervalDay = {
      date: '2026-11-01',
      importWh: Array.from({ length: 25 }, (_, i) => 100 * i),
      exportWh: null,
      generationWh: null,
      estimated: false,
    };
    const tou: TouSchedule = {
      weekday: Array.from({ length: 12 }, () =>
        Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 1 : 0)),
      ),
      weekend: Array.from({ length: 12 }, () =>
        Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 1 : 0)),
      ),
      periods: [
        { period: 0, kind: 'off', rate: 0.1 },
        { period: 1, kind: 'peak', rate: 0.4 },
      ],
    };
    const chart = intervalChart([day], 60, ZONE, labels, { tou, bands: true });
    expect(chart.x).toHaveLength(25);
    expect((chart.x[24] ?? 0) - (chart.x[0] ?? 0)).toBe(24 * 3600);
    const values = Array.from(chart.series[0]?.values ?? []) as number[];
    expect(values.reduce((a, b) => a + b, 0)).toBeCloseTo(day.importWh.reduce((a, b) => a + b, 0) / 1000, 6);
    const peak = chart.bands.filter((band) => band.kind === 'peak');
    expect(peak).toHaveLength(1);
    // 16:00 local on that day is 17 hours after midnight (the 1:00 hour happened twice).
    expect(peak[0]?.from).toBe((chart.x[0] ?? 0) + 17 * 3600);
    expect((peak[0]?.to ?? 0) - (peak[0]?.from ?? 0)).toBe(5 * 3600);
  });
});

describe('solar figures', () => {
  it('takes self-consumption as production less export and net as import less export', () => {
    const rows = solarRowsOfIntervals([
      {
        date: '2026-06-01',
        importWh: [500, 0],
        exportWh: [0, 800],
        generationWh: [0, 2000],
        estimated: false,
      },
    ]);
    expect(solarFigures(rows)).toEqual({
      produced: 2,
      exported: 0.8,
      imported: 0.5,
      selfConsumed: 1.2,
      net: -0.30000000000000004,
    });
  });
});
