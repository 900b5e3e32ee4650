// Energy insights (issue 12, the spec's net2grid side area): the names, bounds and messages, in a
// module without zod so the /net2grid page can word and check them without loading the contract.

/** The breakdown's categories, always in this order; their energies sum to the metered total. */
export const INSIGHT_CATEGORIES = [
  'always_on',
  'heating',
  'cooling',
  'water_heating',
  'ev_charging',
  'cooking',
  'refrigeration',
  'laundry',
  'lighting',
  'other',
] as const;
export type InsightCategory = (typeof INSIGHT_CATEGORIES)[number];

export const HOME_TYPES = [
  'detached',
  'semi_detached',
  'townhouse',
  'apartment',
  'mobile',
  'business',
] as const;
export type HomeType = (typeof HOME_TYPES)[number];

export const HEATING_FUELS = ['gas', 'heat_pump', 'electric_resistance', 'oil', 'propane', 'none'] as const;
export type HeatingFuel = (typeof HEATING_FUELS)[number];

export const WATER_HEATING_FUELS = ['gas', 'electric', 'heat_pump', 'solar', 'other'] as const;
export type WaterHeatingFuel = (typeof WATER_HEATING_FUELS)[number];

/** The questionnaire's bounds, checked alike by the page and the server. */
export const PROFILE_LIMITS = {
  householdSize: { min: 1, max: 12 },
  floorAreaSqFt: { min: 200, max: 20_000 },
} as const;

export const SOLAR_PERIOD_TYPES = ['year', 'month', 'week', 'day'] as const;
export type SolarPeriodType = (typeof SOLAR_PERIOD_TYPES)[number];

export const MEASUREMENT_METRICS = ['energy', 'power', 'cost'] as const;
export const MEASUREMENT_FEEDS = ['consumption', 'import', 'export', 'production'] as const;
export const MEASUREMENT_INTERVALS = ['15min', 'hour', 'day', 'month'] as const;
export type MeasurementMetric = (typeof MEASUREMENT_METRICS)[number];
export type MeasurementFeed = (typeof MEASUREMENT_FEEDS)[number];
export type MeasurementInterval = (typeof MEASUREMENT_INTERVALS)[number];

/** The longest range each interval answers in one energyMeasurement call, in days. */
export const MEASUREMENT_MAX_DAYS: Record<MeasurementInterval, number> = {
  '15min': 31,
  hour: 92,
  day: 800,
  month: 3660,
};
/** Most dates one eventSummaryAllDay / eventSummaryHours call takes. */
export const MAX_PROFILE_DATES = 31;
/** The longest range an eventSummary* call spans, in days. */
export const EVENT_SUMMARY_MAX_DAYS = 800;

export const RECOMMENDATION_KINDS = ['ev_shift', 'always_on', 'thermostat_setback', 'rate_plan'] as const;
export type RecommendationKind = (typeof RECOMMENDATION_KINDS)[number];

/** What an insight says; the page words it in the user's language from `kind` and its figures. */
export const INSIGHT_KINDS = [
  'more_than_last_year',
  'less_than_last_year',
  'more_than_similar_homes',
  'less_than_similar_homes',
  'biggest_category',
  'always_on_share',
  'heating_weather',
  'cooling_weather',
  'ev_charging_peak',
  'highest_day',
] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];

export const insightsMessages = {
  invalidToken: 'The analytics token has expired or is not valid: ask getToken for a new one',
  notFound: 'Meter not found',
  noIntervalData: 'This account has no electric interval meter',
  range: 'The start date must not be after the end date',
  tooLong: 'Choose a shorter date range',
  noData: 'There is no usage data for this period',
  noSolar: 'This home has no solar production meter',
} as const;

/** How long an analytics token from getToken lives, in seconds. */
export const INSIGHTS_TOKEN_TTL_SECONDS = 15 * 60;
