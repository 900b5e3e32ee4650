// The breakdown against generated homes whose ground truth the generator kept (issue 12).
import { describe, expect, it } from 'vitest';
import { generatedYear, generateHome } from '../../features/insights/generated-homes.ts';
import { planAccount } from '../../seed/account-plan.ts';
import { electricReadStream } from '../../seed/electric-reads.ts';
import { type ElectricLoadTruth, emptyLoadTruth } from '../load-profile/electric-load.ts';
import { CATEGORY_INDEX, disaggregate, roundToTotal, sumBreakdowns } from './disaggregate.ts';

const SEED = 7;
const conditions = generatedYear(SEED, '2025-01-01', 365);

describe('disaggregate', () => {
  it('splits every day of every generated home of a small seed into categories summing to its metered total', () => {
    for (let index = 0; index < 12; index++) {
      const home = generateHome(SEED, index, conditions);
      const result = disaggregate(home.days, home.profile);
      expect(result.days).toHaveLength(home.days.length);
      result.days.forEach((day, d) => {
        const metered = Array.from(home.days[d]?.wh ?? []).reduce((a, b) => a + b, 0);
        expect(day.totalWh).toBe(metered);
        expect(day.categoriesWh.reduce((a, b) => a + b, 0)).toBe(metered);
      });
    }
  });

  it('finds always-on, heating, cooling and EV charging near what the generator put in', () => {
    let evHomes = 0;
    for (let index = 0; index < 12; index++) {
      const home = generateHome(SEED, index, conditions);
      const { categoriesWh } = sumBreakdowns(disaggregate(home.days, home.profile).days);
      const found = (category: keyof typeof CATEGORY_INDEX) => categoriesWh[CATEGORY_INDEX[category]] ?? 0;
      const close = (value: number, truth: number, share: number) =>
        expect(Math.abs(value - truth) / truth, `home ${index}`).toBeLessThan(share);
      close(found('always_on'), home.truth.alwaysOnWh, 0.1);
      if (home.truth.coolingWh > 200_000) close(found('cooling'), home.truth.coolingWh, 0.15);
      if (home.truth.heatingWh > 500_000) close(found('heating'), home.truth.heatingWh, 0.15);
      if (home.truth.evWh > 0) {
        evHomes++;
        close(found('ev_charging'), home.truth.evWh, 0.1);
      } else expect(found('ev_charging')).toBe(0);
    }
    expect(evHomes).toBeGreaterThan(0);
  });

  it('uses the questionnaire: no EV answered means no charging found; gas water heating leaves little to it', () => {
    const home = generateHome(SEED, 0, conditions);
    const asIs = sumBreakdowns(disaggregate(home.days, home.profile).days).categoriesWh;
    const noEv = sumBreakdowns(disaggregate(home.days, { ...home.profile, hasEv: false }).days).categoriesWh;
    expect(asIs[CATEGORY_INDEX.ev_charging]).toBeGreaterThan(0);
    expect(noEv[CATEGORY_INDEX.ev_charging]).toBe(0);
    const gas = sumBreakdowns(disaggregate(home.days, { ...home.profile, waterHeatingFuel: 'gas' }).days);
    const electric = sumBreakdowns(
      disaggregate(home.days, { ...home.profile, waterHeatingFuel: 'electric' }).days,
    );
    expect(electric.categoriesWh[CATEGORY_INDEX.water_heating]).toBeGreaterThan(
      10 * (gas.categoriesWh[CATEGORY_INDEX.water_heating] ?? 0),
    );
    expect(gas.totalWh).toBe(electric.totalWh);
  });

  it('rounds to whole Wh that sum to the total', () => {
    const out = new Int32Array(10);
    roundToTotal(Float64Array.from([1.4, 2.4, 3.2, 0, 0, 0, 0, 0, 0, 0]), 10, out);
    expect(out.reduce((a, b) => a + b, 0)).toBe(10);
    roundToTotal(new Float64Array(10), 5, out);
    expect(out[CATEGORY_INDEX.other]).toBe(5);
  });
});

describe('the generator’s ground truth', () => {
  it('leaves the reads as they are and adds up to what the home used', () => {
    const plan = planAccount(SEED, 0);
    const truth: ElectricLoadTruth = emptyLoadTruth();
    const plain = electricReadStream(SEED, plan);
    const recorded = electricReadStream(SEED, plan, truth);
    let used = 0;
    for (const day of conditions.slice(0, 60)) {
      const a = plain(day);
      const b = recorded(day);
      expect(Array.from(b.importWh)).toEqual(Array.from(a.importWh));
      expect(Array.from(b.exportWh ?? [])).toEqual(Array.from(a.exportWh ?? []));
      for (let s = 0; s < day.slotCount; s++)
        used += (b.importWh[s] ?? 0) - (b.exportWh?.[s] ?? 0) + (b.generationWh?.[s] ?? 0);
    }
    const total = truth.alwaysOnWh + truth.activityWh + truth.heatingWh + truth.coolingWh + truth.evWh;
    // Each read is rounded to a whole Wh on its own: 60 days × 96 slots × 1 Wh at most.
    expect(Math.abs(total - used)).toBeLessThan(60 * 96);
    expect(truth.evWh).toBeGreaterThan(0);
  });
});
