// Energy insights (issue 12, spec point 7's net2grid side area): POST /net2grid/<call> on the api
// host, served by our own analytics engine. getToken (signed in with the access token) answers an
// analytics token bound to the user and one electric interval meter of theirs, short-lived; every
// other call carries it with the userId it was issued to (getProfileAttributes the token only).
// Energies are kWh (3 decimals), money whole cents, dates local to the utility (YYYY-MM-DD).
import { z } from 'zod';
import {
  EVENT_SUMMARY_MAX_DAYS,
  HEATING_FUELS,
  HOME_TYPES,
  INSIGHT_CATEGORIES,
  INSIGHT_KINDS,
  insightsMessages,
  MAX_PROFILE_DATES,
  MEASUREMENT_FEEDS,
  MEASUREMENT_INTERVALS,
  MEASUREMENT_MAX_DAYS,
  MEASUREMENT_METRICS,
  PROFILE_LIMITS,
  RECOMMENDATION_KINDS,
  SOLAR_PERIOD_TYPES,
  WATER_HEATING_FUELS,
} from './insights-basics.ts';

export * from './insights-basics.ts';

const isoDate = z.iso.date({ error: 'A date is written YYYY-MM-DD' });
const monthKey = z.string().regex(/^\d{4}-\d{2}$/);
const kwh = z.number();
const cents = z.number().int();
const year = z.number().int().min(2000, { error: 'Unknown year' }).max(2100, { error: 'Unknown year' });
const monthNumber = z
  .number()
  .int()
  .min(1, { error: 'Months are 1–12' })
  .max(12, { error: 'Months are 1–12' });
const title = z.string().trim().max(120).optional();

function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

// ---------------------------------------------------------------------------------------------
// Token and the fields every call carries

/** POST /net2grid/getToken (access token): which account's meter the analytics token is bound to. */
export const insightsTokenRequest = z.object({
  /** One of the user's accounts; without it, the first of theirs with an electric interval meter. */
  accountId: z.uuid({ error: insightsMessages.notFound }).optional(),
});
export type InsightsTokenRequest = z.input<typeof insightsTokenRequest>;

export const insightsTokenResponse = z.object({
  /** Send it as `token` with every other /net2grid call. */
  token: z.string(),
  /** Send it as `userId` with every other /net2grid call: the token is only good with it. */
  userId: z.uuid(),
  accountId: z.uuid(),
  /** Seconds the token lives; ask for a new one when a call answers 401. */
  expiresIn: z.number().int(),
  expiresAt: z.iso.datetime(),
});
export type InsightsTokenResponse = z.infer<typeof insightsTokenResponse>;

/** What every call but getProfileAttributes carries. */
export const insightsAuth = z.object({
  token: z.string().min(10, { error: insightsMessages.invalidToken }).max(4096),
  userId: z.uuid({ error: insightsMessages.notFound }),
});
export type InsightsAuth = z.input<typeof insightsAuth>;

/** getProfileAttributes: the token only. */
export const tokenOnlyRequest = insightsAuth.pick({ token: true });

// ---------------------------------------------------------------------------------------------
// getInitialisation: what the dashboard needs before anything else

export const insightsInitialisation = z.object({
  userId: z.uuid(),
  accountId: z.uuid(),
  accountNumber: z.string(),
  /** The utility's time zone: every date and clock time of the answers is local to it. */
  timeZone: z.string(),
  /** First and last day with meter reads; null without any. */
  firstDate: isoDate.nullable(),
  lastDate: isoDate.nullable(),
  /** The premise has a solar production meter (solarProduction answers). */
  hasSolar: z.boolean(),
  /** EV charging was found in the last year's reads, or the questionnaire says there is an EV. */
  hasEv: z.boolean(),
  /** The questionnaire was answered (all of it or some). */
  profileAnswered: z.boolean(),
  categories: z.array(z.enum(INSIGHT_CATEGORIES)),
  /** The last full month with reads, 'YYYY-MM': the page's default month. */
  defaultMonth: monthKey.nullable(),
});
export type InsightsInitialisation = z.infer<typeof insightsInitialisation>;

// ---------------------------------------------------------------------------------------------
// Profile questionnaire

/** The household's answers; each may be left unanswered (null). */
export const profileAttributes = z.object({
  householdSize: z
    .number()
    .int()
    .min(PROFILE_LIMITS.householdSize.min, { error: 'A household is 1–12 people' })
    .max(PROFILE_LIMITS.householdSize.max, { error: 'A household is 1–12 people' })
    .nullable(),
  homeType: z.enum(HOME_TYPES, { error: 'Unknown home type' }).nullable(),
  floorAreaSqFt: z
    .number()
    .int()
    .min(PROFILE_LIMITS.floorAreaSqFt.min, { error: 'Floor area is 200–20,000 sq ft' })
    .max(PROFILE_LIMITS.floorAreaSqFt.max, { error: 'Floor area is 200–20,000 sq ft' })
    .nullable(),
  heatingFuel: z.enum(HEATING_FUELS, { error: 'Unknown heating fuel' }).nullable(),
  waterHeatingFuel: z.enum(WATER_HEATING_FUELS, { error: 'Unknown water heating fuel' }).nullable(),
  hasEv: z.boolean().nullable(),
  hasSolar: z.boolean().nullable(),
  hasPool: z.boolean().nullable(),
});
export type ProfileAttributes = z.infer<typeof profileAttributes>;

/** getProfileAttributes' answer, and saveProfileAttributes' (what was stored). */
export const profileAttributesResponse = z.object({
  profile: profileAttributes,
  /** When the answers were last saved; null if never (then `profile` holds what the premise says). */
  savedAt: z.iso.datetime().nullable(),
});
export type ProfileAttributesResponse = z.infer<typeof profileAttributesResponse>;

/** POST /net2grid/saveProfileAttributes: every answer (null for "rather not say"). */
export const saveProfileAttributesRequest = insightsAuth.extend({ profile: profileAttributes });
export type SaveProfileAttributesRequest = z.input<typeof saveProfileAttributesRequest>;

// ---------------------------------------------------------------------------------------------
// Event summaries

/**
 * eventSummaryYearly, eventSummarymonthly, eventSummaryWeekly, eventSummaryDay: one summary for each
 * year, month, week (Monday–Sunday) or day that meets [startDate, endDate]; eventSummaryPeviousMonth:
 * the month before endDate's month. `title` is echoed back (the page's label for the panel).
 */
export const eventSummaryRequest = insightsAuth
  .extend({ startDate: isoDate, endDate: isoDate, title })
  .refine((b) => b.startDate <= b.endDate, { message: insightsMessages.range, path: ['startDate'] })
  .refine((b) => b.startDate > b.endDate || dayCount(b.startDate, b.endDate) <= EVENT_SUMMARY_MAX_DAYS, {
    message: insightsMessages.tooLong,
    path: ['endDate'],
  });
export type EventSummaryRequest = z.input<typeof eventSummaryRequest>;

export const comparison = z.object({
  energyKwh: kwh,
  /** (this − that) / that × 100, one decimal; null when that is 0. */
  changePercent: z.number().nullable(),
});

export const eventSummary = z.object({
  /** 'YYYY', 'YYYY-MM', the week's Monday or the day. */
  label: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  /** Days of the period with reads (a period at the edge of the data has fewer). */
  daysWithData: z.number().int(),
  /** Energy used: imported, plus solar production used on the spot. */
  energyKwh: kwh,
  importKwh: kwh,
  exportKwh: kwh,
  /** What the energy costs under the account's tariff (tariff engine, energy and fixed charges prorated); null without a tariff. */
  costCents: cents.nullable(),
  /** Highest 15-minute demand, kW, and when (local 'YYYY-MM-DDTHH:mm'); null without reads. */
  peak: z.object({ kw: z.number(), at: z.string() }).nullable(),
  /** The same period a year earlier; null without reads then. */
  lastYear: comparison.extend({ costCents: cents.nullable() }).nullable(),
  /** The average of the utility's similar homes (same property type, no solar) over the same days. */
  similarHomes: comparison.nullable(),
  /** Mean of the service area's daily temperatures, °C. */
  averageTempC: z.number().nullable(),
});
export type EventSummary = z.infer<typeof eventSummary>;

export const eventSummaryResponse = z.object({
  title: z.string().nullable(),
  periodType: z.enum(['day', 'week', 'month', 'previousMonth', 'year']),
  periods: z.array(eventSummary),
});
export type EventSummaryResponse = z.infer<typeof eventSummaryResponse>;

/** eventSummaryAllDay and eventSummaryHours: the given days, 1–31 distinct. */
export const profileDatesRequest = insightsAuth.extend({
  dates: z
    .array(isoDate)
    .min(1, { error: 'Choose at least one day' })
    .max(MAX_PROFILE_DATES, { error: 'Choose at most 31 days' }),
});
export type ProfileDatesRequest = z.input<typeof profileDatesRequest>;

/** eventSummaryAllDay: each day's 15-minute consumption (96 values; 92 or 100 on a clock change). */
export const allDayResponse = z.object({
  days: z.array(
    z.object({
      date: isoDate,
      /** Null for a day without reads. */
      intervalsKwh: z.array(kwh).nullable(),
      totalKwh: kwh.nullable(),
      /** The day's always-on level (its night-time minimum), kWh per 15 minutes. */
      alwaysOnKwh: kwh.nullable(),
    }),
  ),
});
export type AllDayResponse = z.infer<typeof allDayResponse>;

/** eventSummaryHours: each day's consumption per clock hour (0–23), and their average. */
export const hoursResponse = z.object({
  days: z.array(z.object({ date: isoDate, hoursKwh: z.array(kwh).length(24).nullable() })),
  /** The mean of the days with reads, per hour. */
  averageKwh: z.array(kwh).length(24),
});
export type HoursResponse = z.infer<typeof hoursResponse>;

// ---------------------------------------------------------------------------------------------
// Disaggregation and insights

/** disaggregation/month, disaggregation/yearly, getInsights: the month (yearly ignores it). */
export const yearMonthRequest = insightsAuth.extend({ year, month: monthNumber.optional() });
export type YearMonthRequest = z.input<typeof yearMonthRequest>;

export const categoryEnergy = z.object({
  category: z.enum(INSIGHT_CATEGORIES),
  kwh,
  /** Share of the period's energy, %, one decimal. */
  sharePercent: z.number(),
  /** The category's part of the period's cost, by its share of the energy; null without a tariff. */
  costCents: cents.nullable(),
});
export type CategoryEnergy = z.infer<typeof categoryEnergy>;

export const breakdown = z.object({
  /** 'YYYY-MM' or 'YYYY'. */
  label: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  daysWithData: z.number().int(),
  /** Energy used (import + production used on the spot); the categories sum to it exactly. */
  totalKwh: kwh,
  costCents: cents.nullable(),
  /** Every category, in INSIGHT_CATEGORIES order, zeros included. */
  categories: z.array(categoryEnergy),
  /** The household questionnaire refined the split (false: the premise's records only). */
  profileUsed: z.boolean(),
  /** What the split rests on, shown under the chart. */
  model: z.object({
    /** Always-on load, W (the night-time minimum). */
    alwaysOnW: z.number(),
    /** Extra kWh per heating / cooling degree day (°C, base 18), from the regression on the utility's weather. */
    heatingKwhPerDegreeDay: z.number(),
    coolingKwhPerDegreeDay: z.number(),
    /** The EV charger's power found in sustained night-time blocks, kW; null when none was found. */
    evChargerKw: z.number().nullable(),
  }),
});
export type Breakdown = z.infer<typeof breakdown>;

/** disaggregation/month: the month; disaggregation/yearly: the calendar year and its months. */
export const disaggregationResponse = breakdown.extend({
  /** Yearly only: each month of the year with reads ([] for disaggregation/month). */
  months: z.array(breakdown),
});
export type DisaggregationResponse = z.infer<typeof disaggregationResponse>;

export const insight = z.object({
  kind: z.enum(INSIGHT_KINDS),
  category: z.enum(INSIGHT_CATEGORIES).nullable(),
  /** The figures the sentence needs (e.g. { changePercent: 12.5, energyKwh: 310 }); named per kind. */
  values: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type Insight = z.infer<typeof insight>;

/** getInsights: what stands out in the month. */
export const insightsResponse = z.object({
  month: monthKey,
  summary: eventSummary,
  breakdown,
  insights: z.array(insight),
});
export type InsightsResponse = z.infer<typeof insightsResponse>;

/** insights12Months and allMonths: how many months back from the last with reads (1–36, default 12). */
export const monthsRequest = insightsAuth.extend({
  months: z
    .number()
    .int()
    .min(1, { error: 'Months are 1–36' })
    .max(36, { error: 'Months are 1–36' })
    .default(12),
});
export type MonthsRequest = z.input<typeof monthsRequest>;

export const monthInsights = z.object({
  month: monthKey,
  energyKwh: kwh,
  costCents: cents.nullable(),
  lastYearKwh: kwh.nullable(),
  similarHomesKwh: kwh.nullable(),
  insights: z.array(insight),
});

/** insights12Months: each month's totals and what stood out, oldest first. */
export const insights12MonthsResponse = z.object({ months: z.array(monthInsights) });
export type Insights12MonthsResponse = z.infer<typeof insights12MonthsResponse>;

/** allMonths: each month's breakdown, oldest first. */
export const allMonthsResponse = z.object({ months: z.array(breakdown) });
export type AllMonthsResponse = z.infer<typeof allMonthsResponse>;

// ---------------------------------------------------------------------------------------------
// Recommendations

export const assumption = z.object({
  /** A stable name the page words (e.g. 'offPeakStart', 'setbackDegrees'). */
  name: z.string(),
  value: z.union([z.number(), z.string()]),
  /** 'kWh', 'kW', 'W', '°C', 'h', '%', 'USD/kWh', or '' for a name or a count. */
  unit: z.string(),
});

export const recommendation = z.object({
  kind: z.enum(RECOMMENDATION_KINDS),
  /** 1 = saves the most. */
  rank: z.number().int(),
  /** Money saved a year, cents, computed on the last 12 months of reads. */
  annualSavingsCents: cents,
  /** Energy saved a year, kWh; null when the energy stays the same (a moved load or a plan). */
  annualSavingsKwh: kwh.nullable(),
  /** What the figure rests on, each shown with its value. */
  assumptions: z.array(assumption),
  /** rate_plan only: the plan to look at (open /gridx to compare in full). */
  tariffCode: z.string().nullable(),
  tariffName: z.string().nullable(),
});
export type Recommendation = z.infer<typeof recommendation>;

/** recommendation: ranked by money saved; only those that save something. */
export const recommendationResponse = z.object({
  /** The 12 months the savings were computed on. */
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  recommendations: z.array(recommendation),
});
export type RecommendationResponse = z.infer<typeof recommendationResponse>;

// ---------------------------------------------------------------------------------------------
// Solar production and energy measurement

/**
 * solarProduction: periodType 'year' (year; points per month), 'month' (year, monthOrWeek = month
 * 1–12; points per day), 'week' (year, monthOrWeek = ISO week 1–53; points per day), 'day' (year,
 * monthOrWeek = month, day; points per hour).
 */
export const solarProductionRequest = insightsAuth
  .extend({
    periodType: z.enum(SOLAR_PERIOD_TYPES, { error: 'Unknown period' }),
    year,
    monthOrWeek: z.number().int().min(1).max(53).optional(),
    day: z.number().int().min(1).max(31).optional(),
    title,
  })
  .refine((b) => b.periodType === 'year' || b.monthOrWeek !== undefined, {
    message: 'Choose a month or week',
    path: ['monthOrWeek'],
  })
  .refine((b) => (b.periodType !== 'month' && b.periodType !== 'day') || (b.monthOrWeek ?? 1) <= 12, {
    message: 'Months are 1–12',
    path: ['monthOrWeek'],
  })
  .refine((b) => b.periodType !== 'day' || b.day !== undefined, { message: 'Choose a day', path: ['day'] });
export type SolarProductionRequest = z.input<typeof solarProductionRequest>;

export const solarPoint = z.object({
  /** 'YYYY-MM', 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:00'. */
  label: z.string(),
  productionKwh: kwh,
  exportKwh: kwh,
  /** Production used in the home: production − export. */
  selfConsumedKwh: kwh,
});
export const solarProductionResponse = z.object({
  title: z.string().nullable(),
  periodType: z.enum(SOLAR_PERIOD_TYPES),
  startDate: isoDate,
  endDate: isoDate,
  points: z.array(solarPoint),
  totals: solarPoint.omit({ label: true }),
  /** What the self-consumed energy saved at the tariff's price; null without a tariff. */
  savingsCents: cents.nullable(),
});
export type SolarProductionResponse = z.infer<typeof solarProductionResponse>;

/**
 * energyMeasurement: a series of the meter's `feedType` (consumption = import + production − export)
 * as `metricType` (energy kWh, average power kW, or cost cents at the tariff's energy price) per
 * `interval` over [startDate, endDate].
 */
export const energyMeasurementRequest = insightsAuth
  .extend({
    metricType: z.enum(MEASUREMENT_METRICS, { error: 'Unknown metric' }),
    feedType: z.enum(MEASUREMENT_FEEDS, { error: 'Unknown feed' }),
    startDate: isoDate,
    endDate: isoDate,
    interval: z.enum(MEASUREMENT_INTERVALS, { error: 'Unknown interval' }),
    title,
  })
  .refine((b) => b.startDate <= b.endDate, { message: insightsMessages.range, path: ['startDate'] })
  .refine(
    (b) => b.startDate > b.endDate || dayCount(b.startDate, b.endDate) <= MEASUREMENT_MAX_DAYS[b.interval],
    { message: insightsMessages.tooLong, path: ['endDate'] },
  );
export type EnergyMeasurementRequest = z.input<typeof energyMeasurementRequest>;

export const energyMeasurementResponse = z.object({
  title: z.string().nullable(),
  metricType: z.enum(MEASUREMENT_METRICS),
  feedType: z.enum(MEASUREMENT_FEEDS),
  interval: z.enum(MEASUREMENT_INTERVALS),
  /** 'kWh', 'kW' or 'USD cents'. */
  unit: z.string(),
  points: z.array(
    z.object({
      /** Local start: 'YYYY-MM-DDTHH:mm' (15min, hour), 'YYYY-MM-DD' (day) or 'YYYY-MM' (month). */
      start: z.string(),
      value: z.number(),
    }),
  ),
});
export type EnergyMeasurementResponse = z.infer<typeof energyMeasurementResponse>;
