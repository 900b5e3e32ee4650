// The /net2grid calls over the engine (domain/insights): each reads the one meter its token is bound
// to (scope.ts re-checks the user's link to it on every call) and answers the contract's shapes.
import {
  type AllDayResponse,
  type Breakdown,
  type DisaggregationResponse,
  type EnergyMeasurementResponse,
  type EventSummary,
  type EventSummaryResponse,
  type HoursResponse,
  INSIGHT_CATEGORIES,
  type Insight,
  type InsightsInitialisation,
  type InsightsResponse,
  type MeasurementFeed,
  type MeasurementInterval,
  type MeasurementMetric,
  insightsMessages as messages,
  type ProfileAttributes,
  type RecommendationResponse,
  type SolarPeriodType,
  type SolarProductionResponse,
} from '@gridfront/contracts';
import type { Database } from '../../db/client.ts';
import {
  addDays,
  addMonths,
  dayOfWeek,
  daysInMonth,
  epochDay,
  isoFromEpochDay,
  isWeekend,
  lastOfMonth,
  localDayLayout,
  monthIndex,
} from '../../domain/calendar/local-day.ts';
import { CATEGORY_INDEX, type DayBreakdown, sumBreakdowns } from '../../domain/insights/disaggregate.ts';
import {
  changePercent,
  consumptionWh,
  costOfDays,
  kwh,
  type MeterDay,
  type PeriodKind,
  peakOf,
  periodsMeeting,
  sum,
  tariffHourPrices,
  yearBefore,
} from '../../domain/insights/periods.ts';
import {
  type ComputedRecommendation,
  householdRecommendations,
  rankRecommendations,
} from '../../domain/insights/recommendations.ts';
import { compareRates, lastTwelveMonths, type ReferenceProfile } from '../../domain/rate-comparison/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import { readIntervalDays } from '../meter-reads/meter-reads.ts';
import { electricTariffs, similarHomesProfile } from '../rate-comparison/comparison-inputs.ts';
import { averageTemperature, readDailyTemperatures } from '../usage/weather-days.ts';
import {
  type Analysis,
  analyse,
  breakdownDaysIn,
  cachedAnalysis,
  daysIn,
  mainWindow,
  type TenantRef,
  windowFor,
} from './analysis.ts';
import { householdOf, readProfile, type StoredProfile, saveProfile } from './household.ts';
import type { InsightsMeter } from './scope.ts';

export interface InsightsContext {
  db: Database;
  tenant: TenantRef;
  userId: string;
  meter: InsightsMeter;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

async function household(ctx: InsightsContext) {
  const stored = await readProfile(ctx.db, ctx.tenant.id, ctx.meter);
  return { stored, household: householdOf(stored, ctx.meter) };
}

function requireData(meter: InsightsMeter): string {
  if (!meter.lastDate) throw new HttpError(404, messages.noData);
  return meter.lastDate;
}

async function analysisFor(ctx: InsightsContext, start: string, end: string): Promise<Analysis> {
  const window = windowFor(ctx.meter, start, end);
  if (!window) throw new HttpError(404, messages.noData);
  const { household: profile } = await household(ctx);
  return analyse(ctx.db, ctx.tenant, ctx.meter, profile, window);
}

/** The last full month with reads. */
function defaultMonth(lastDate: string): string {
  return lastOfMonth(lastDate) === lastDate ? lastDate.slice(0, 7) : addMonths(lastDate, -1).slice(0, 7);
}

// ---------------------------------------------------------------------------------------------

export async function initialisation(ctx: InsightsContext): Promise<InsightsInitialisation> {
  const { stored, household: profile } = await household(ctx);
  let hasEv = profile.hasEv === true;
  if (ctx.meter.lastDate && !hasEv) {
    const analysis = await analyse(ctx.db, ctx.tenant, ctx.meter, profile, mainWindow(ctx.meter.lastDate));
    hasEv = analysis.result.model.evChargerW !== null;
  }
  return {
    userId: ctx.userId,
    accountId: ctx.meter.accountId,
    accountNumber: ctx.meter.accountNumber,
    timeZone: ctx.tenant.timeZone,
    firstDate: ctx.meter.firstMonth,
    lastDate: ctx.meter.lastDate,
    hasSolar: ctx.meter.hasSolar,
    hasEv,
    profileAnswered: stored.savedAt !== null,
    categories: [...INSIGHT_CATEGORIES],
    defaultMonth: ctx.meter.lastDate ? defaultMonth(ctx.meter.lastDate) : null,
  };
}

function profileAnswer(stored: StoredProfile) {
  return { profile: stored.profile, savedAt: stored.savedAt ? stored.savedAt.toISOString() : null };
}

export async function profileAttributes(ctx: InsightsContext) {
  return profileAnswer(await readProfile(ctx.db, ctx.tenant.id, ctx.meter));
}

export async function saveProfileAttributes(ctx: InsightsContext, profile: ProfileAttributes) {
  return profileAnswer(await saveProfile(ctx.db, ctx.tenant.id, ctx.userId, ctx.meter, profile));
}

// ---------------------------------------------------------------------------------------------
// Event summaries

interface SummaryInputs {
  byDate: Map<string, MeterDay & { wh: Int32Array }>;
  temps: ReadonlyMap<string, number>;
  similar: ReferenceProfile | null;
}

async function similarHomes(ctx: InsightsContext): Promise<ReferenceProfile | null> {
  if (!ctx.meter.lastDate) return null;
  const periods = lastTwelveMonths(ctx.meter.lastDate);
  const from = periods[0]?.periodStart ?? ctx.meter.lastDate;
  const to = periods.at(-1)?.periodEnd ?? ctx.meter.lastDate;
  return similarHomesProfile(ctx.db, ctx.tenant.id, ctx.meter.propertyType, from, to).catch(() => null);
}

/** The meter's days from a year before `from` to `to`; those the analysed year already holds come from it. */
async function readSummaryDays(ctx: InsightsContext, from: string, to: string) {
  const first = yearBefore(from);
  const lastDate = ctx.meter.lastDate;
  if (lastDate) {
    const { household: profile } = await household(ctx);
    const ready = cachedAnalysis(ctx.tenant, ctx.meter, profile, mainWindow(lastDate));
    const analysis = ready ? await ready : null;
    if (analysis && analysis.from > first && from >= analysis.from && to <= analysis.to) {
      const older = await readIntervalDays(ctx.db, ctx.meter.meterId, first, addDays(analysis.from, -1));
      const known = analysis.days.filter((day) => day.date <= to);
      return [...older.map((day) => ({ ...day, wh: consumptionWh(day) })), ...known];
    }
  }
  const stored = await readIntervalDays(ctx.db, ctx.meter.meterId, first, to);
  return stored.map((day) => ({ ...day, wh: consumptionWh(day) }));
}

async function summaryInputs(ctx: InsightsContext, from: string, to: string): Promise<SummaryInputs> {
  const [days, temps, similar] = await Promise.all([
    readSummaryDays(ctx, from, to),
    readDailyTemperatures(ctx.db, ctx.tenant.id, from, to),
    similarHomes(ctx),
  ]);
  return { byDate: new Map(days.map((day) => [day.date, day])), temps, similar };
}

function daysBetween(inputs: SummaryInputs, start: string, end: string) {
  const out: (MeterDay & { wh: Int32Array })[] = [];
  for (let d = epochDay(start); d <= epochDay(end); d++) {
    const day = inputs.byDate.get(isoFromEpochDay(d));
    if (day) out.push(day);
  }
  return out;
}

function energyOf(days: readonly { wh: Int32Array }[]): number {
  let total = 0;
  for (const day of days) total += sum(day.wh);
  return total;
}

function similarEnergy(profile: ReferenceProfile | null, dates: readonly string[]): number | null {
  if (!profile) return null;
  let total = 0;
  for (const date of dates) {
    const row = profile.importWh[monthIndex(date)];
    if (!row) return null;
    total += sum(row);
  }
  return total;
}

function summarise(
  ctx: InsightsContext,
  inputs: SummaryInputs,
  label: string,
  start: string,
  end: string,
  /** Price last year's days too (insights12Months shows only their energy). */
  lastYearCost = true,
): EventSummary {
  const days = daysBetween(inputs, start, end);
  const energyWh = energyOf(days);
  const tariff = ctx.meter.tariff;
  const costCents = tariff && days.length > 0 ? costOfDays(tariff, days, ctx.tenant.timeZone) : null;
  const before = daysBetween(inputs, yearBefore(start), yearBefore(end));
  const beforeWh = energyOf(before);
  const similarWh = similarEnergy(
    inputs.similar,
    days.map((day) => day.date),
  );
  return {
    label,
    startDate: start,
    endDate: end,
    daysWithData: days.length,
    energyKwh: kwh(energyWh),
    importKwh: kwh(days.reduce((s, day) => s + sum(day.importWh), 0)),
    exportKwh: kwh(days.reduce((s, day) => s + sum(day.exportWh), 0)),
    costCents,
    peak: peakOf(days),
    lastYear:
      before.length === 0
        ? null
        : {
            energyKwh: kwh(beforeWh),
            changePercent: changePercent(energyWh, beforeWh),
            costCents: tariff && lastYearCost ? costOfDays(tariff, before, ctx.tenant.timeZone) : null,
          },
    similarHomes:
      similarWh === null || days.length === 0
        ? null
        : { energyKwh: kwh(similarWh), changePercent: changePercent(energyWh, similarWh) },
    averageTempC: averageTemperature(inputs.temps, start, end),
  };
}

const PERIOD_KIND: Record<EventSummaryResponse['periodType'], PeriodKind> = {
  day: 'day',
  week: 'week',
  month: 'month',
  previousMonth: 'month',
  year: 'year',
};

export async function eventSummaries(
  ctx: InsightsContext,
  periodType: EventSummaryResponse['periodType'],
  body: { startDate: string; endDate: string; title?: string | undefined },
): Promise<EventSummaryResponse> {
  let periods =
    periodType === 'previousMonth'
      ? (() => {
          const first = addMonths(`${body.endDate.slice(0, 7)}-01`, -1);
          return [{ label: first.slice(0, 7), start: first, end: lastOfMonth(first) }];
        })()
      : periodsMeeting(PERIOD_KIND[periodType], body.startDate, body.endDate);
  if (periods.length === 0) periods = [];
  const from = periods[0]?.start ?? body.startDate;
  const to = periods.at(-1)?.end ?? body.endDate;
  const inputs = await summaryInputs(ctx, from, to);
  return {
    title: body.title ?? null,
    periodType,
    periods: periods.map((p) => summarise(ctx, inputs, p.label, p.start, p.end)),
  };
}

export async function allDay(ctx: InsightsContext, dates: readonly string[]): Promise<AllDayResponse> {
  const wanted = [...new Set(dates)].sort();
  const inputs = await summaryInputs(ctx, wanted[0] ?? '', wanted.at(-1) ?? '');
  return {
    days: wanted.map((date) => {
      const day = inputs.byDate.get(date);
      if (!day) return { date, intervalsKwh: null, totalKwh: null, alwaysOnKwh: null };
      const hours = localDayLayout(date, ctx.tenant.timeZone).clockHours;
      let night = Number.POSITIVE_INFINITY;
      for (let s = 0; s < day.wh.length; s++)
        if ((hours[s] ?? 0) < 5) night = Math.min(night, day.wh[s] ?? 0);
      return {
        date,
        intervalsKwh: Array.from(day.wh, (wh) => wh / 1000),
        totalKwh: kwh(sum(day.wh)),
        alwaysOnKwh: Number.isFinite(night) ? night / 1000 : null,
      };
    }),
  };
}

export async function hours(ctx: InsightsContext, dates: readonly string[]): Promise<HoursResponse> {
  const wanted = [...new Set(dates)].sort();
  const inputs = await summaryInputs(ctx, wanted[0] ?? '', wanted.at(-1) ?? '');
  const average = new Array<number>(24).fill(0);
  let counted = 0;
  const days = wanted.map((date) => {
    const day = inputs.byDate.get(date);
    if (!day) return { date, hoursKwh: null };
    const clock = localDayLayout(date, ctx.tenant.timeZone).clockHours;
    const perHour = new Array<number>(24).fill(0);
    for (let s = 0; s < day.wh.length; s++) {
      const h = clock[s] ?? 0;
      perHour[h] = (perHour[h] ?? 0) + (day.wh[s] ?? 0);
    }
    counted++;
    perHour.forEach((wh, h) => {
      average[h] = (average[h] ?? 0) + wh;
    });
    return { date, hoursKwh: perHour.map((wh) => wh / 1000) };
  });
  return { days, averageKwh: average.map((wh) => (counted ? Math.round(wh / counted) / 1000 : 0)) };
}

// ---------------------------------------------------------------------------------------------
// Breakdown and insights

function breakdownOf(
  ctx: InsightsContext,
  analysis: Analysis,
  profileUsed: boolean,
  label: string,
  start: string,
  end: string,
  /** The period's cost when already priced (an event summary of the same days). */
  knownCostCents?: number | null,
): Breakdown {
  const days = breakdownDaysIn(analysis, start, end);
  const { totalWh, categoriesWh } = sumBreakdowns(days);
  const tariff = ctx.meter.tariff;
  const meterDays = daysIn(analysis, start, end);
  const costCents =
    knownCostCents !== undefined
      ? knownCostCents
      : tariff && meterDays.length > 0
        ? costOfDays(tariff, meterDays, ctx.tenant.timeZone)
        : null;
  const model = analysis.result.model;
  return {
    label,
    startDate: start,
    endDate: end,
    daysWithData: days.length,
    totalKwh: kwh(totalWh),
    costCents,
    categories: INSIGHT_CATEGORIES.map((category) => {
      const wh = categoriesWh[CATEGORY_INDEX[category]] ?? 0;
      return {
        category,
        kwh: kwh(wh),
        sharePercent: totalWh > 0 ? round1((wh / totalWh) * 100) : 0,
        costCents: costCents === null || totalWh <= 0 ? null : Math.round((costCents * wh) / totalWh),
      };
    }),
    profileUsed,
    model: {
      alwaysOnW: Math.round(model.alwaysOnW),
      heatingKwhPerDegreeDay: Math.round(model.heatingWPerDegreeDay * 24) / 1000,
      coolingKwhPerDegreeDay: Math.round(model.coolingWPerDegreeDay * 24) / 1000,
      evChargerKw: model.evChargerW === null ? null : Math.round(model.evChargerW / 100) / 10,
    },
  };
}

function monthRange(year: number, month: number) {
  const start = `${year}-${String(month).padStart(2, '0')}-01`;
  return { label: start.slice(0, 7), start, end: lastOfMonth(start) };
}

async function monthBreakdown(ctx: InsightsContext, year: number, month: number) {
  requireData(ctx.meter);
  const range = monthRange(year, month);
  const analysis = await analysisFor(ctx, range.start, range.end);
  const { stored } = await household(ctx);
  return {
    range,
    analysis,
    breakdown: breakdownOf(ctx, analysis, stored.savedAt !== null, range.label, range.start, range.end),
  };
}

export async function disaggregationMonth(
  ctx: InsightsContext,
  year: number,
  month: number,
): Promise<DisaggregationResponse> {
  const { breakdown } = await monthBreakdown(ctx, year, month);
  return { ...breakdown, months: [] };
}

export async function disaggregationYear(
  ctx: InsightsContext,
  year: number,
): Promise<DisaggregationResponse> {
  requireData(ctx.meter);
  const start = `${year}-01-01`;
  const end = `${year}-12-31`;
  const analysis = await analysisFor(ctx, start, end);
  const { stored } = await household(ctx);
  const used = stored.savedAt !== null;
  const months = periodsMeeting('month', start, end)
    .map((p) => breakdownOf(ctx, analysis, used, p.label, p.start, p.end))
    .filter((b) => b.daysWithData > 0);
  return { ...breakdownOf(ctx, analysis, used, String(year), start, end), months };
}

function insightsOf(summary: EventSummary, breakdown: Breakdown, analysis: Analysis): Insight[] {
  const out: Insight[] = [];
  const last = summary.lastYear;
  if (last?.changePercent != null && Math.abs(last.changePercent) >= 5)
    out.push({
      kind: last.changePercent > 0 ? 'more_than_last_year' : 'less_than_last_year',
      category: null,
      values: {
        changePercent: Math.abs(last.changePercent),
        energyKwh: summary.energyKwh,
        lastYearKwh: last.energyKwh,
      },
    });
  const similar = summary.similarHomes;
  if (similar?.changePercent != null && Math.abs(similar.changePercent) >= 10)
    out.push({
      kind: similar.changePercent > 0 ? 'more_than_similar_homes' : 'less_than_similar_homes',
      category: null,
      values: { changePercent: Math.abs(similar.changePercent), similarHomesKwh: similar.energyKwh },
    });
  const ranked = breakdown.categories.filter((c) => c.category !== 'other').sort((a, b) => b.kwh - a.kwh);
  const top = ranked[0];
  if (top && top.kwh > 0)
    out.push({
      kind: 'biggest_category',
      category: top.category,
      values: { kwh: top.kwh, sharePercent: top.sharePercent },
    });
  const find = (category: string) => breakdown.categories.find((c) => c.category === category);
  const alwaysOn = find('always_on');
  if (alwaysOn && alwaysOn.sharePercent >= 20)
    out.push({
      kind: 'always_on_share',
      category: 'always_on',
      values: { sharePercent: alwaysOn.sharePercent, alwaysOnW: breakdown.model.alwaysOnW },
    });
  let hdd = 0;
  let cdd = 0;
  for (const [date, dd] of analysis.degreeDays)
    if (date >= breakdown.startDate && date <= breakdown.endDate) {
      hdd += dd.hdd;
      cdd += dd.cdd;
    }
  const heating = find('heating');
  if (heating && heating.sharePercent >= 15)
    out.push({
      kind: 'heating_weather',
      category: 'heating',
      values: { kwh: heating.kwh, heatingDegreeDays: Math.round(hdd) },
    });
  const cooling = find('cooling');
  if (cooling && cooling.sharePercent >= 15)
    out.push({
      kind: 'cooling_weather',
      category: 'cooling',
      values: { kwh: cooling.kwh, coolingDegreeDays: Math.round(cdd) },
    });
  const ev = find('ev_charging');
  if (ev && ev.kwh > 0)
    out.push({
      kind: 'ev_charging_peak',
      category: 'ev_charging',
      values: { kwh: ev.kwh, sharePercent: ev.sharePercent },
    });
  let highest: { date: string; wh: number } | null = null;
  for (const day of analysis.days) {
    if (day.date < breakdown.startDate || day.date > breakdown.endDate) continue;
    const wh = sum(day.wh);
    if (!highest || wh > highest.wh) highest = { date: day.date, wh };
  }
  if (highest)
    out.push({
      kind: 'highest_day',
      category: null,
      values: { date: highest.date, energyKwh: kwh(highest.wh) },
    });
  return out;
}

export async function monthInsights(
  ctx: InsightsContext,
  year: number,
  month: number,
): Promise<InsightsResponse> {
  const { range, analysis, breakdown } = await monthBreakdown(ctx, year, month);
  const inputs = await summaryInputs(ctx, range.start, range.end);
  const summary = summarise(ctx, inputs, range.label, range.start, range.end);
  return { month: range.label, summary, breakdown, insights: insightsOf(summary, breakdown, analysis) };
}

function lastMonths(lastDate: string, count: number) {
  const endMonth = defaultMonth(lastDate);
  return Array.from({ length: count }, (_, k) => {
    const first = addMonths(`${endMonth}-01`, k - count + 1);
    return { label: first.slice(0, 7), start: first, end: lastOfMonth(first) };
  });
}

export async function insightsOfMonths(ctx: InsightsContext, count: number) {
  const lastDate = requireData(ctx.meter);
  const months = lastMonths(lastDate, count);
  const inputs = await summaryInputs(ctx, months[0]?.start ?? lastDate, months.at(-1)?.end ?? lastDate);
  const { stored } = await household(ctx);
  const out = [];
  for (const m of months) {
    const analysis = await analysisFor(ctx, m.start, m.end);
    const summary = summarise(ctx, inputs, m.label, m.start, m.end, false);
    if (summary.daysWithData === 0) continue;
    const breakdown = breakdownOf(
      ctx,
      analysis,
      stored.savedAt !== null,
      m.label,
      m.start,
      m.end,
      summary.costCents,
    );
    out.push({
      month: m.label,
      energyKwh: summary.energyKwh,
      costCents: summary.costCents,
      lastYearKwh: summary.lastYear?.energyKwh ?? null,
      similarHomesKwh: summary.similarHomes?.energyKwh ?? null,
      insights: insightsOf(summary, breakdown, analysis),
    });
  }
  return { months: out };
}

export async function allMonths(ctx: InsightsContext, count: number) {
  const lastDate = requireData(ctx.meter);
  const { stored } = await household(ctx);
  const out: Breakdown[] = [];
  for (const m of lastMonths(lastDate, count)) {
    const analysis = await analysisFor(ctx, m.start, m.end);
    const breakdown = breakdownOf(ctx, analysis, stored.savedAt !== null, m.label, m.start, m.end);
    if (breakdown.daysWithData > 0) out.push(breakdown);
  }
  return { months: out };
}

// ---------------------------------------------------------------------------------------------
// Recommendations

async function ratePlan(ctx: InsightsContext, analysis: Analysis): Promise<ComputedRecommendation | null> {
  const { meter } = ctx;
  if (!meter.tariffId || !meter.lastDate) return null;
  try {
    const [offered, reference] = await Promise.all([
      electricTariffs(ctx.db, ctx.tenant.id, meter.lastDate, meter.tariffId),
      similarHomes(ctx),
    ]);
    const result = compareRates({
      days: analysis.days,
      timeZone: ctx.tenant.timeZone,
      tariffs: offered,
      currentTariffId: meter.tariffId,
      sector: meter.propertyType,
      asOf: meter.lastDate,
      ...(reference ? { referenceProfile: reference } : {}),
    });
    const best = result.plans
      .filter((plan) => !plan.current)
      .sort((a, b) => a.annualCents - b.annualCents)[0];
    const current = result.plans.find((plan) => plan.current);
    if (!best || !current || best.annualDifferenceCents >= 0) return null;
    const code = offered.find((t) => t.id === best.tariffId)?.code ?? null;
    return {
      kind: 'rate_plan',
      annualSavingsCents: -best.annualDifferenceCents,
      annualSavingsKwh: null,
      assumptions: [
        { name: 'currentPlanCents', value: current.annualCents, unit: 'USD cents' },
        { name: 'newPlanCents', value: best.annualCents, unit: 'USD cents' },
        { name: 'months', value: result.periods.length, unit: '' },
        { name: 'estimatedMonths', value: result.estimatedMonths.length, unit: '' },
      ],
      tariffCode: code,
      tariffName: best.name,
    };
  } catch {
    return null;
  }
}

export async function recommendations(ctx: InsightsContext): Promise<RecommendationResponse> {
  const lastDate = ctx.meter.lastDate;
  const tariff = ctx.meter.tariff;
  if (!lastDate || !tariff) return { startDate: null, endDate: null, recommendations: [] };
  const window = mainWindow(lastDate);
  const { household: profile } = await household(ctx);
  const analysis = await analyse(ctx.db, ctx.tenant, ctx.meter, profile, window);
  const periods = lastTwelveMonths(lastDate);
  const start = periods[0]?.periodStart ?? window.from;
  const end = periods.at(-1)?.periodEnd ?? lastDate;
  const days = daysIn(analysis, start, end);
  const breakdown: DayBreakdown[] = breakdownDaysIn(analysis, start, end);
  const own = householdRecommendations({
    tariff,
    timeZone: ctx.tenant.timeZone,
    days,
    breakdown,
    model: analysis.result.model,
    degreeDays: analysis.degreeDays,
  });
  const plan = await ratePlan(ctx, analysis);
  const ranked = rankRecommendations(plan ? [...own, plan] : own);
  return { startDate: start, endDate: end, recommendations: ranked };
}

// ---------------------------------------------------------------------------------------------
// Solar production and energy measurement

function isoWeekMonday(year: number, week: number): string {
  // ISO week 1 holds 4 January.
  const jan4 = `${year}-01-04`;
  const monday = addDays(jan4, -((dayOfWeek(jan4) + 6) % 7));
  return addDays(monday, (week - 1) * 7);
}

export async function solarProduction(
  ctx: InsightsContext,
  body: {
    periodType: SolarPeriodType;
    year: number;
    monthOrWeek?: number | undefined;
    day?: number | undefined;
    title?: string | undefined;
  },
): Promise<SolarProductionResponse> {
  if (!ctx.meter.hasSolar) throw new HttpError(400, messages.noSolar);
  const { periodType, year } = body;
  const m = body.monthOrWeek ?? 1;
  let start: string;
  let end: string;
  if (periodType === 'year') [start, end] = [`${year}-01-01`, `${year}-12-31`];
  else if (periodType === 'month') {
    start = `${year}-${String(m).padStart(2, '0')}-01`;
    end = lastOfMonth(start);
  } else if (periodType === 'week') {
    start = isoWeekMonday(year, m);
    end = addDays(start, 6);
  } else {
    const day = Math.min(body.day ?? 1, daysInMonth(year, m));
    start = `${year}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    end = start;
  }
  const stored = await readIntervalDays(ctx.db, ctx.meter.meterId, start, end);
  const points = new Map<string, { productionKwh: number; exportKwh: number }>();
  const add = (label: string, production: number, exported: number) => {
    const p = points.get(label) ?? { productionKwh: 0, exportKwh: 0 };
    p.productionKwh += production;
    p.exportKwh += exported;
    points.set(label, p);
  };
  const prices = ctx.meter.tariff ? tariffHourPrices(ctx.meter.tariff) : null;
  let savings = 0;
  for (const day of stored) {
    const clock = localDayLayout(day.date, ctx.tenant.timeZone).clockHours;
    const row = prices ? prices(monthIndex(day.date), isWeekend(day.date)) : null;
    for (let s = 0; s < day.importWh.length; s++) {
      const produced = day.generationWh?.[s] ?? 0;
      const exported = day.exportWh?.[s] ?? 0;
      const hour = clock[s] ?? 0;
      const label =
        periodType === 'year'
          ? day.date.slice(0, 7)
          : periodType === 'day'
            ? `${day.date}T${String(hour).padStart(2, '0')}:00`
            : day.date;
      add(label, produced, exported);
      if (row) savings += (Math.max(0, produced - exported) / 1000) * (row[hour] ?? 0) * 100;
    }
  }
  const list = [...points.entries()].map(([label, p]) => ({
    label,
    productionKwh: kwh(p.productionKwh),
    exportKwh: kwh(p.exportKwh),
    selfConsumedKwh: kwh(Math.max(0, p.productionKwh - p.exportKwh)),
  }));
  const totals = list.reduce(
    (t, p) => ({
      productionKwh: t.productionKwh + p.productionKwh,
      exportKwh: t.exportKwh + p.exportKwh,
      selfConsumedKwh: t.selfConsumedKwh + p.selfConsumedKwh,
    }),
    { productionKwh: 0, exportKwh: 0, selfConsumedKwh: 0 },
  );
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  return {
    title: body.title ?? null,
    periodType,
    startDate: start,
    endDate: end,
    points: list,
    totals: {
      productionKwh: r3(totals.productionKwh),
      exportKwh: r3(totals.exportKwh),
      selfConsumedKwh: r3(totals.selfConsumedKwh),
    },
    savingsCents: prices ? Math.round(savings) : null,
  };
}

const UNITS: Record<MeasurementMetric, string> = { energy: 'kWh', power: 'kW', cost: 'USD cents' };

export async function energyMeasurement(
  ctx: InsightsContext,
  body: {
    metricType: MeasurementMetric;
    feedType: MeasurementFeed;
    interval: MeasurementInterval;
    startDate: string;
    endDate: string;
    title?: string | undefined;
  },
): Promise<EnergyMeasurementResponse> {
  const { metricType, feedType, interval } = body;
  if ((feedType === 'production' || feedType === 'export') && !ctx.meter.hasSolar)
    throw new HttpError(400, messages.noSolar);
  const stored = await readIntervalDays(ctx.db, ctx.meter.meterId, body.startDate, body.endDate);
  const prices = ctx.meter.tariff ? tariffHourPrices(ctx.meter.tariff) : null;
  const buckets = new Map<string, { wh: number; cents: number; slots: number }>();
  for (const day of stored) {
    const clock = localDayLayout(day.date, ctx.tenant.timeZone).clockHours;
    const row = prices ? prices(monthIndex(day.date), isWeekend(day.date)) : null;
    for (let s = 0; s < day.importWh.length; s++) {
      const imported = day.importWh[s] ?? 0;
      const exported = day.exportWh?.[s] ?? 0;
      const produced = day.generationWh?.[s] ?? 0;
      const wh =
        feedType === 'import'
          ? imported
          : feedType === 'export'
            ? exported
            : feedType === 'production'
              ? produced
              : imported + Math.max(0, produced - exported);
      const hour = clock[s] ?? 0;
      const hh = String(hour).padStart(2, '0');
      const key =
        interval === '15min'
          ? `${day.date}T${hh}:${String((s % 4) * 15).padStart(2, '0')}`
          : interval === 'hour'
            ? `${day.date}T${hh}:00`
            : interval === 'day'
              ? day.date
              : day.date.slice(0, 7);
      const b = buckets.get(key) ?? { wh: 0, cents: 0, slots: 0 };
      b.wh += wh;
      b.slots++;
      if (row) b.cents += (wh / 1000) * (row[hour] ?? 0) * 100;
      buckets.set(key, b);
    }
  }
  const points = [...buckets.entries()].map(([start, b]) => ({
    start,
    value:
      metricType === 'energy'
        ? kwh(b.wh)
        : metricType === 'power'
          ? Math.round((b.wh / (b.slots * 0.25)) * 1) / 1000
          : Math.round(b.cents * 100) / 100,
  }));
  return { title: body.title ?? null, metricType, feedType, interval, unit: UNITS[metricType], points };
}
