// Prices a load, month by local calendar month, carrying what one bill hands the next: the peaks
// for ratchets and lookbacks, and the net metering kWh credit (trued up after December, as SAM's
// default true-up month; what is left then lapses).
import { roundQuantity } from '../../money/cents.ts';
import type { IntervalReading } from '../aggregate-usage.ts';
import type { MonthlyPeak } from '../billing-demand.ts';
import { priceBillingPeriod } from '../price-billing-period.ts';
import type { UrdbRateStructure } from '../urdb.ts';

export interface MonthlyBill {
  month: string;
  kwh: number;
  peak_kw: number;
  fixed: number;
  energy: number;
  demand: number;
  export_credit: number;
  minimum_applied: number;
  total: number;
}

function groupByMonth(readings: readonly IntervalReading[]): Map<string, IntervalReading[]> {
  const months = new Map<string, IntervalReading[]>();
  for (const reading of readings) {
    const month = reading.date.slice(0, 7);
    const list = months.get(month);
    if (list) list.push(reading);
    else months.set(month, [reading]);
  }
  return months;
}

const dollars = (cents: number) => cents / 100;

/**
 * One bill per calendar month present in the readings. A month's billing period runs from the
 * local date of its first reading to that of its last: a partly covered month is billed on its
 * days ($/day charges, daily tier limits), with monthly charges in full.
 */
export function priceMonthlyBills(
  tariff: UrdbRateStructure,
  readings: readonly IntervalReading[],
): MonthlyBill[] {
  const bills: MonthlyBill[] = [];
  const history: MonthlyPeak[] = [];
  let carriedCreditKwh = 0;
  let year = '';
  for (const [month, monthReadings] of groupByMonth(readings)) {
    if (month.slice(0, 4) !== year) carriedCreditKwh = 0;
    year = month.slice(0, 4);
    const dates = monthReadings.map((reading) => reading.date);
    const periodStart = dates.reduce((a, b) => (a < b ? a : b));
    const periodEnd = dates.reduce((a, b) => (a > b ? a : b));
    const priced = priceBillingPeriod(
      tariff,
      { kind: 'readings', readings: monthReadings },
      { periodStart, periodEnd, demandHistory: history, carriedCreditKwh },
    );
    const sum = (kind: string) =>
      priced.lineItems
        .filter((item) => item.kind === kind)
        .reduce((total, item) => total + item.amountCents, 0);
    // The load as metered: under Net Billing Hourly the priced import is netted, and a 60-minute
    // demandwindow prices hourly demand, but kwh and peak_kw report the intervals themselves.
    let kwh = 0;
    let intervalPeakKw = 0;
    for (const reading of monthReadings) {
      kwh += reading.importKwh;
      intervalPeakKw = Math.max(intervalPeakKw, reading.importKwh / (reading.minutes / 60));
    }
    bills.push({
      month,
      kwh: roundQuantity(kwh),
      peak_kw: roundQuantity(intervalPeakKw),
      fixed: dollars(sum('fixed')),
      energy: dollars(sum('energy')),
      demand: dollars(sum('demand')),
      export_credit: dollars(sum('export_credit')),
      minimum_applied: dollars(sum('minimum')),
      total: dollars(priced.totalCents),
    });
    history.push({ month, peakDemandKw: priced.usage.peakDemandKw ?? 0 });
    carriedCreditKwh = priced.carriedCreditKwh ?? 0;
  }
  return bills;
}
