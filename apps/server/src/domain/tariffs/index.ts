export type { AggregatedUsage, DailyIntervalUsage, PeriodUsage } from './aggregate-usage.ts';
export { aggregateUsage } from './aggregate-usage.ts';
export type {
  BillLineItem,
  LineItemKind,
  PricedBillingPeriod,
  PriceOptions,
} from './price-billing-period.ts';
export { billingMonth, priceBillingPeriod } from './price-billing-period.ts';
export type { UrdbRateStructure, UrdbTier } from './urdb.ts';
export { readUrdbRecord } from './urdb.ts';
