// The usage views' pure parts, on hand-worked figures: resolution, time-of-use periods on a
// daylight-saving day, the highlights (time-of-use shares, the solar saving priced by the engine).
import { describe, expect, it } from 'vitest';
import type { UrdbRateStructure } from '../../domain/tariffs/index.ts';
import type { StoredDay as IntervalDay } from '../meter-reads/meter-reads.ts';
import { atResolution, sumInGroups } from './interval-resolution.ts';
import { slotPeriods, touScheduleOf } from './tou-schedule.ts';
import { dayEnergyCostCents } from './usage-days.ts';
import { changeBetween, highestDay, solarSavingsCents, touShares } from './usage-highlights.ts';

const ZONE = 'America/Chicago';

/** Peak 16:00–21:00 every day of the year at $0.40, otherwise $0.10 (+ $0.01 rider). */
const touTariff: UrdbRateStructure = {
  energyratestructure: [[{ rate: 0.1, adj: 0.01 }], [{ rate: 0.4 }]],
  energyweekdayschedule: Array.from({ length: 12 }, () =>
    Array.from({ length: 24 }, (_, hour) => (hour >= 16 && hour < 21 ? 1 : 0)),
  ),
  fixedchargefirstmeter: 10,
};

const flatTariff: UrdbRateStructure = {
  energyratestructure: [[{ rate: 0.1 }]],
  fixedchargefirstmeter: 10,
};

function day(date: string, slots: number, wh: (slot: number) => number, extra?: Partial<IntervalDay>) {
  return {
    date,
    importWh: Array.from({ length: slots }, (_, i) => wh(i)),
    exportWh: null,
    generationWh: null,
    estimated: false,
    ...extra,
  } satisfies IntervalDay;
}

describe('resolution', () => {
  it('sums slots in fours, so a 100-slot day has 25 hours and nothing is lost', () => {
    const values = Array.from({ length: 100 }, (_, i) => i);
    const hourly = atResolution(values, 15, 60);
    expect(hourly).toHaveLength(25);
    expect(hourly[0]).toBe(0 + 1 + 2 + 3);
    expect(hourly.reduce((a, b) => a + b, 0)).toBe(values.reduce((a, b) => a + b, 0));
    expect(atResolution(values, 15, 15)).toEqual(values);
    expect(sumInGroups([1, 2, 3, 4, 5], 4)).toEqual([10, 5]);
  });
});

describe('time-of-use schedule', () => {
  it('names the dearest period peak and the cheapest off, with the rider in the rate', () => {
    const schedule = touScheduleOf(touTariff);
    expect(schedule?.periods).toEqual([
      { period: 0, kind: 'off', rate: 0.11 },
      { period: 1, kind: 'peak', rate: 0.4 },
    ]);
    expect(touScheduleOf(flatTariff)).toBeNull();
    // Seasonal blocks (summer dearer all day) are not time of use.
    const seasonal = Array.from({ length: 12 }, (_, month) =>
      new Array<number>(24).fill(month >= 5 && month <= 8 ? 1 : 0),
    );
    expect(
      touScheduleOf({
        energyratestructure: [[{ rate: 0.1 }], [{ rate: 0.13 }]],
        energyweekdayschedule: seasonal,
      }),
    ).toBeNull();
    expect(touScheduleOf(null)).toBeNull();
  });

  it('names periods within their own months: a winter off-peak dearer than summer’s is still off', () => {
    // Summer: 0 off ($0.08), 1 peak ($0.27) 15–20 h; winter: 2 off ($0.0835), 3 peak ($0.18) 6–9 h.
    const weekday = Array.from({ length: 12 }, (_, month) =>
      Array.from({ length: 24 }, (_, hour) =>
        month >= 5 && month <= 8 ? (hour >= 15 && hour < 20 ? 1 : 0) : hour >= 6 && hour < 9 ? 3 : 2,
      ),
    );
    const schedule = touScheduleOf({
      energyratestructure: [[{ rate: 0.08 }], [{ rate: 0.27 }], [{ rate: 0.0835 }], [{ rate: 0.18 }]],
      energyweekdayschedule: weekday,
    });
    expect(schedule?.periods.map((p) => p.kind)).toEqual(['off', 'peak', 'off', 'peak']);
  });

  it('places the slots of a fall-back day (100 slots) on the local clock', () => {
    const schedule = touScheduleOf(touTariff);
    // 2026-11-01: clocks go back at 02:00 in Chicago; 01:00–02:00 happens twice.
    const { kinds } = slotPeriods(touTariff, schedule, '2026-11-01', 100, ZONE);
    const peak = kinds.map((kind, slot) => (kind === 'peak' ? slot : -1)).filter((s) => s >= 0);
    // 16:00 local is 17 hours after midnight on that day: slot 68; five hours of peak = 20 slots.
    expect(peak[0]).toBe(68);
    expect(peak).toHaveLength(20);
  });

  it('prices a day’s energy at each slot’s rate', () => {
    const schedule = touScheduleOf(touTariff);
    // 1 kWh in each of the 96 slots: 20 peak slots at $0.40, 76 off-peak at $0.11.
    const cents = dayEnergyCostCents(
      day('2026-03-02', 96, () => 1000),
      {
        tariff: touTariff,
        schedule,
        timeZone: ZONE,
      },
    );
    expect(cents).toBe(Math.round((20 * 0.4 + 76 * 0.11) * 100));
  });
});

describe('highlights', () => {
  it('finds the highest day and words no change without a year before', () => {
    const totals = [
      { date: '2026-03-01', importWh: 5000, exportWh: 0, generationWh: null, estimated: false },
      { date: '2026-03-02', importWh: 9000, exportWh: 0, generationWh: null, estimated: false },
    ];
    expect(highestDay(totals)).toEqual({ date: '2026-03-02', quantity: 9 });
    expect(highestDay([])).toBeNull();
    expect(changeBetween(110, 100)).toBe(0.1);
    expect(changeBetween(110, null)).toBeNull();
    expect(changeBetween(110, 0)).toBeNull();
  });

  it('shares the energy between peak and off-peak', () => {
    const schedule = touScheduleOf(touTariff);
    // 3 kWh in every peak slot, 1 kWh otherwise: 60 of 136 kWh at peak.
    const days = [day('2026-03-02', 96, (slot) => (slot >= 64 && slot < 84 ? 3000 : 1000))];
    expect(touShares(days, touTariff, schedule, ZONE)).toEqual([
      { kind: 'peak', share: Math.round((60 / 136) * 1000) / 1000 },
      { kind: 'off', share: Math.round((76 / 136) * 1000) / 1000 },
    ]);
    expect(touShares(days, flatTariff, null, ZONE)).toEqual([]);
  });

  it('prices the solar saving with the engine: at a flat rate under net metering, the production', () => {
    // Each day: 10 kWh bought over the day, 4 kWh produced at noon of which 1 kWh was sent out.
    const days = ['2026-06-01', '2026-06-02', '2026-06-03'].map((date) =>
      day(date, 96, (slot) => (slot === 48 ? 0 : Math.round(10_000 / 95)), {
        exportWh: Array.from({ length: 96 }, (_, slot) => (slot === 48 ? 1000 : 0)),
        generationWh: Array.from({ length: 96 }, (_, slot) => (slot === 48 ? 4000 : 0)),
      }),
    );
    // Without panels the household would have bought the 3 kWh it used itself and not earned the
    // 1 kWh credit: 4 kWh × $0.10 a day, three days.
    expect(solarSavingsCents(days, flatTariff, ZONE)).toBe(3 * 40);
    expect(solarSavingsCents([day('2026-06-01', 96, () => 100)], flatTariff, ZONE)).toBeNull();
  });
});
