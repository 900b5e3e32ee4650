export type { Battery, BatteryMode } from './battery.ts';
export type { RateComparisonInput } from './compare-rates.ts';
export { compareRates } from './compare-rates.ts';
export type { BillingPeriod } from './comparison-periods.ts';
export { lastTwelveMonths } from './comparison-periods.ts';
export type {
  ComparedPeriod,
  PlanBill,
  PlanComparison,
  RateComparison,
  WhatIfEnergy,
} from './comparison-result.ts';
export type { ComparisonTariff } from './eligible-tariffs.ts';
export type { EvCharging } from './ev-charging.ts';
export type { ReferenceProfile } from './fill-missing-days.ts';
export type { DayWeather, RooftopSolar } from './rooftop-solar.ts';
export type {
  BatteryRequest,
  EvRequest,
  LoadShiftRequest,
  SolarRequest,
  WhatIfAssumptions,
  WhatIfRequest,
} from './what-if-assumptions.ts';
export { WHAT_IF_DEFAULTS } from './what-if-assumptions.ts';
