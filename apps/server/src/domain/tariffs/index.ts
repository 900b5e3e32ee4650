export type {
  AggregatedUsage,
  DailyIntervalUsage,
  IntervalReading,
  PeriodUsage,
} from './aggregate-usage.ts';
export { aggregateUsage } from './aggregate-usage.ts';
export type { MonthlyPeak } from './billing-demand.ts';
export type {
  BillLineItem,
  LineItemKind,
  PricedBillingPeriod,
  PriceOptions,
} from './price-billing-period.ts';
export { billingMonth, priceBillingPeriod } from './price-billing-period.ts';
export type { UrdbRateStructure, UrdbTier } from './urdb.ts';
export { readUrdbRecord, validateUrdbRecord } from './urdb.ts';
export { UnsupportedTariffError } from './urdb-fields.ts';
