// The monthly view: each bill period of the service with what it used and cost, beside the period
// that ended in the same month a year before, the period's weather and, with solar, what went to
// the grid and what the panels produced. The period not billed yet follows from the reads so far.
import type { UsagePeriod } from '@gridfront/contracts';
import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { billSegments, bills } from '../../db/schema/index.ts';
import { addDays, addMonths } from '../../domain/calendar/local-day.ts';
import type { DayTotals as DayTotal } from '../meter-reads/meter-reads.ts';
import { averageTemperature, type DailyTemperatures } from './weather-days.ts';

export interface BilledSegment {
  startDate: string;
  endDate: string;
  quantity: number;
  amountCents: number;
}

/** The service's segments on the account's bills (void bills left out) ending within the range. */
export async function readBilledSegments(
  db: Database,
  accountId: string,
  serviceId: string,
  from: string,
  to: string,
): Promise<BilledSegment[]> {
  const rows = await db
    .select({
      startDate: billSegments.startDate,
      endDate: billSegments.endDate,
      quantity: billSegments.usageQuantity,
      amountCents: billSegments.amountCents,
    })
    .from(bills)
    .innerJoin(billSegments, eq(billSegments.billId, bills.id))
    .where(
      and(
        eq(bills.accountId, accountId),
        ne(bills.status, 'void'),
        eq(billSegments.serviceId, serviceId),
        gte(billSegments.endDate, from),
        lte(billSegments.endDate, to),
      ),
    )
    .orderBy(asc(billSegments.endDate));
  return rows.map((row) => ({ ...row, quantity: Number(row.quantity) }));
}

const kwh = (wh: number) => Math.round(wh) / 1000;

/** Sums of the day totals from `from` to `to` inclusive (totals sorted by date). */
export function sumDays(totals: readonly DayTotal[], from: string, to: string) {
  let importWh = 0;
  let exportWh = 0;
  let generationWh: number | null = null;
  let days = 0;
  let estimated = false;
  for (const day of totals) {
    if (day.date < from || day.date > to) continue;
    importWh += day.importWh;
    exportWh += day.exportWh;
    if (day.generationWh !== null) generationWh = (generationWh ?? 0) + day.generationWh;
    estimated ||= day.estimated;
    days++;
  }
  return { importWh, exportWh, generationWh, days, estimated };
}

export interface PeriodInputs {
  from: string;
  toDate: string;
  /** Segments ending from a year before `from` to `toDate`. */
  segments: readonly BilledSegment[];
  temps: DailyTemperatures;
  /** Interval meters: the day totals from the first period's start on (for solar and the open period). */
  dayTotals: readonly DayTotal[] | null;
  hasSolar: boolean;
}

export function buildUsagePeriods(input: PeriodInputs): UsagePeriod[] {
  const { segments, dayTotals } = input;
  const byMonth = new Map(segments.map((segment) => [segment.endDate.slice(0, 7), segment]));
  const periods: UsagePeriod[] = segments
    .filter((segment) => segment.endDate >= input.from && segment.endDate <= input.toDate)
    .map((segment) => {
      const month = segment.endDate.slice(0, 7);
      const lastYear = byMonth.get(addMonths(`${month}-01`, -12).slice(0, 7));
      const solar =
        input.hasSolar && dayTotals ? sumDays(dayTotals, segment.startDate, segment.endDate) : null;
      return {
        month,
        periodStart: segment.startDate,
        periodEnd: segment.endDate,
        quantity: segment.quantity,
        costCents: segment.amountCents,
        lastYearQuantity: lastYear?.quantity ?? null,
        lastYearCostCents: lastYear?.amountCents ?? null,
        averageTempC: averageTemperature(input.temps, segment.startDate, segment.endDate),
        exportQuantity: solar ? kwh(solar.exportWh) : null,
        generationQuantity: solar?.generationWh != null ? kwh(solar.generationWh) : null,
        estimated: solar?.estimated ?? false,
      };
    });
  const open = openPeriod(input, segments.at(-1)?.endDate ?? null);
  if (open) periods.push(open);
  return periods;
}

/**
 * The reads since the last bill, as a period still open (no cost yet), when the range reaches it.
 * A part of a month set beside a whole one would mislead, so it has no last-year figures.
 */
function openPeriod(input: PeriodInputs, lastBilledEnd: string | null): UsagePeriod | null {
  const { dayTotals } = input;
  if (!dayTotals || dayTotals.length === 0) return null;
  const start = lastBilledEnd ? addDays(lastBilledEnd, 1) : (dayTotals[0]?.date ?? input.from);
  const lastRead = dayTotals.at(-1)?.date ?? start;
  const end = lastRead < input.toDate ? lastRead : input.toDate;
  if (end < start || end < input.from) return null;
  const sums = sumDays(dayTotals, start, end);
  if (sums.days === 0) return null;
  return {
    month: end.slice(0, 7),
    periodStart: start,
    periodEnd: end,
    quantity: kwh(sums.importWh),
    costCents: null,
    lastYearQuantity: null,
    lastYearCostCents: null,
    averageTempC: averageTemperature(input.temps, start, end),
    exportQuantity: input.hasSolar ? kwh(sums.exportWh) : null,
    generationQuantity: input.hasSolar && sums.generationWh !== null ? kwh(sums.generationWh) : null,
    estimated: true,
  };
}
