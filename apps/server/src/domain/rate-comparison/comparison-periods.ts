// The billing periods a comparison prices: the 12 calendar months up to the last complete month of
// data, unless the caller gives its own periods (a utility billing on meter-read cycles).
import { addMonths, epochDay, isoFromEpochDay, lastOfMonth } from '../calendar/local-day.ts';

export interface BillingPeriod {
  /** First and last local day, inclusive. */
  periodStart: string;
  periodEnd: string;
}

/** 12 calendar months ending with the month of `lastDate` when that is its last day, else the month before. */
export function lastTwelveMonths(lastDate: string): BillingPeriod[] {
  const endMonth =
    lastOfMonth(lastDate) === lastDate ? `${lastDate.slice(0, 7)}-01` : addMonths(lastDate, -1);
  return Array.from({ length: 12 }, (_, k) => {
    const periodStart = addMonths(endMonth, k - 11);
    return { periodStart, periodEnd: lastOfMonth(periodStart) };
  });
}

/** The month (YYYY-MM) a period is named by and its demand remembered under: the month of its middle day. */
export function periodMonth(period: BillingPeriod): string {
  const middle = (epochDay(period.periodStart) + epochDay(period.periodEnd)) >> 1;
  return isoFromEpochDay(middle).slice(0, 7);
}

export function checkPeriods(periods: readonly BillingPeriod[]): void {
  if (periods.length === 0) throw new RangeError('A comparison needs at least one billing period');
  periods.forEach((period, k) => {
    if (period.periodEnd < period.periodStart) {
      throw new RangeError(`Billing period ${period.periodStart} ends before it starts`);
    }
    const previous = periods[k - 1];
    if (previous && period.periodStart <= previous.periodEnd) {
      throw new RangeError(`Billing period ${period.periodStart} overlaps the one before it`);
    }
  });
}
