// Rate comparison: the last 12 months of a customer's interval data priced bill by bill under every
// plan the utility may offer them, with optional what-ifs (EV, rooftop solar, battery, shifted load).
// Every bill comes from the one tariff engine (priceBillingPeriod), so a plan's annual cost is the
// sum of the bills it would have issued.

import type { DailyIntervalUsage } from '../tariffs/aggregate-usage.ts';
import type { MonthlyPeak } from '../tariffs/billing-demand.ts';
import { priceBillingPeriod } from '../tariffs/price-billing-period.ts';
import { type BillingPeriod, checkPeriods, lastTwelveMonths, periodMonth } from './comparison-periods.ts';
import type { ComparedPeriod, PlanBill, PlanComparison, RateComparison } from './comparison-result.ts';
import { type ComparisonTariff, isEligible, type UsageExtremes } from './eligible-tariffs.ts';
import { fillMissingDays, type ReferenceProfile } from './fill-missing-days.ts';
import type { DayWeather } from './rooftop-solar.ts';
import { hasWhatIfs, resolveAssumptions, type WhatIfRequest } from './what-if-assumptions.ts';
import { whatIfScenarios } from './what-if-scenario.ts';

export interface RateComparisonInput {
  /** The customer's interval days (15-minute Wh, local days, as features/meter-reads returns them). */
  days: readonly DailyIntervalUsage[];
  timeZone: string;
  /** The tenant's tariffs; the ineligible ones are left out, the current one never is. */
  tariffs: readonly ComparisonTariff[];
  currentTariffId: string;
  /** The customer's sector (Residential, Commercial, …). */
  sector: string;
  /** Default: the 12 calendar months up to the last complete month before `asOf` or the last day of data. */
  billingPeriods?: readonly BillingPeriod[];
  /** Last local date the comparison may use (e.g. yesterday); default: the last day of data. */
  asOf?: string;
  /** Fills days the customer has no data for; without it such days are an error. */
  referenceProfile?: ReferenceProfile;
  /** The premise's location: where the sun is, for rooftop solar. */
  site?: { latitude: number; longitude: number };
  /** The utility's daily weather (cloud cover or sunshine hours) for the solar what-if. */
  weather?: readonly DayWeather[];
  whatIfs?: WhatIfRequest;
}

/** For each period, the index range of its days in the (date-ordered) filled days. */
function periodSlices(
  days: readonly DailyIntervalUsage[],
  periods: readonly BillingPeriod[],
): Array<[number, number]> {
  let from = 0;
  return periods.map((period) => {
    while (from < days.length && (days[from]?.date ?? '') < period.periodStart) from++;
    let to = from;
    while (to < days.length && (days[to]?.date ?? '') <= period.periodEnd) to++;
    const slice: [number, number] = [from, to];
    from = to;
    return slice;
  });
}

function usageExtremes(
  days: readonly DailyIntervalUsage[],
  slices: ReadonlyArray<[number, number]>,
): UsageExtremes {
  let peakWh = 0;
  let highestMonthWh = 0;
  for (const [from, to] of slices) {
    let monthWh = 0;
    for (let d = from; d < to; d++) {
      const importWh = days[d]?.importWh ?? [];
      for (let i = 0; i < importWh.length; i++) {
        const wh = importWh[i] ?? 0;
        monthWh += wh;
        if (wh > peakWh) peakWh = wh;
      }
    }
    highestMonthWh = Math.max(highestMonthWh, monthWh);
  }
  // A 15-minute slot's Wh × 4 is its kW × 1000.
  return { peakDemandKw: (peakWh * 4) / 1000, highestMonthKwh: highestMonthWh / 1000 };
}

/**
 * The plan's bills in order, each carrying to the next what a utility carries: the net-metering kWh
 * credit and the metered peaks that ratchets and lookbacks read.
 */
function priceBills(
  tariff: ComparisonTariff,
  scenario: { days: readonly DailyIntervalUsage[] },
  periods: readonly ComparedPeriod[],
  slices: ReadonlyArray<[number, number]>,
  timeZone: string,
): Omit<PlanBill, 'differenceCents'>[] {
  const demandHistory: MonthlyPeak[] = [];
  let carriedCreditKwh = 0;
  return periods.map((period, k) => {
    const [from, to] = slices[k] ?? [0, 0];
    const priced = priceBillingPeriod(
      tariff.structure,
      { kind: 'intervals', days: scenario.days.slice(from, to) },
      {
        periodStart: period.periodStart,
        periodEnd: period.periodEnd,
        timeZone,
        demandHistory,
        carriedCreditKwh,
      },
    );
    carriedCreditKwh = priced.carriedCreditKwh ?? 0;
    if (priced.usage.peakDemandKw !== null) {
      demandHistory.push({ month: period.month, peakDemandKw: priced.usage.peakDemandKw });
    }
    return {
      ...period,
      totalCents: priced.totalCents,
      lineItems: priced.lineItems,
      importKwh: priced.usage.importQuantity,
      exportKwh: priced.usage.exportQuantity,
      peakDemandKw: priced.usage.peakDemandKw,
    };
  });
}

export function compareRates(input: RateComparisonInput): RateComparison {
  const current = input.tariffs.find((tariff) => tariff.id === input.currentTariffId);
  if (!current) throw new RangeError(`The current tariff ${input.currentTariffId} is not among the tariffs`);
  const lastDate = input.asOf ?? input.days.at(-1)?.date;
  if (!input.billingPeriods && !lastDate)
    throw new RangeError('No interval data and no date to compare up to');
  const billingPeriods = input.billingPeriods ?? lastTwelveMonths(lastDate ?? '');
  checkPeriods(billingPeriods);
  const assumptions = resolveAssumptions(input.whatIfs, input.site);

  const filled = fillMissingDays(input.days, billingPeriods, input.timeZone, input.referenceProfile);
  const slices = periodSlices(filled.days, billingPeriods);
  const periods: ComparedPeriod[] = billingPeriods.map((period, k) => {
    const [from, to] = slices[k] ?? [0, 0];
    const estimated = filled.days.slice(from, to).some((day) => filled.estimatedDates.has(day.date));
    return {
      periodStart: period.periodStart,
      periodEnd: period.periodEnd,
      month: periodMonth(period),
      estimated,
    };
  });

  // Eligibility is judged on the customer as metered, not on what a what-if would make of them.
  const extremes = usageExtremes(filled.days, slices);
  const offered = input.tariffs.filter(
    (tariff) => tariff === current || isEligible(tariff, input.sector, extremes),
  );
  // Without what-ifs every plan prices the customer's days exactly as metered (or filled).
  const scenarioOf = hasWhatIfs(assumptions)
    ? whatIfScenarios(filled.days, input.timeZone, assumptions, input.weather)
    : null;

  const priced = offered.map((tariff) => {
    const scenario = scenarioOf?.(tariff.structure) ?? { days: filled.days, energy: null };
    const bills = priceBills(tariff, scenario, periods, slices, input.timeZone);
    const annualCents = bills.reduce((sum, bill) => sum + bill.totalCents, 0);
    return { tariff, bills, annualCents, energy: scenario.energy };
  });
  const currentPriced = priced.find((plan) => plan.tariff === current);
  const currentBills = currentPriced?.bills ?? [];
  const currentAnnual = currentPriced?.annualCents ?? 0;
  const byCost = [...priced].sort(
    (a, b) => a.annualCents - b.annualCents || a.tariff.name.localeCompare(b.tariff.name),
  );
  const plans: PlanComparison[] = byCost.map((plan, index) => ({
    tariffId: plan.tariff.id,
    name: plan.tariff.name,
    sector: plan.tariff.sector,
    current: plan.tariff === current,
    rank: index + 1,
    annualCents: plan.annualCents,
    annualDifferenceCents: plan.annualCents - currentAnnual,
    bills: plan.bills.map((bill, k) => ({
      ...bill,
      differenceCents: bill.totalCents - (currentBills[k]?.totalCents ?? 0),
    })),
    whatIfEnergy: plan.energy,
  }));
  // The current plan leads; the rest stay cheapest first.
  plans.sort((a, b) => Number(b.current) - Number(a.current));
  return {
    timeZone: input.timeZone,
    periods,
    estimatedMonths: periods.filter((period) => period.estimated).map((period) => period.month),
    assumptions,
    plans,
  };
}
