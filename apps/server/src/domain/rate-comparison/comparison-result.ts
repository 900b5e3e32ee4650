// What a comparison answers, for the API (POST /gridx/compareCalculate) and the /gridx page.
import type { BillLineItem } from '../tariffs/bill-line.ts';
import type { WhatIfAssumptions } from './what-if-assumptions.ts';

export interface ComparedPeriod {
  periodStart: string;
  periodEnd: string;
  /** YYYY-MM the bill is named by. */
  month: string;
  /** Some or all of its days were filled from the reference profile. */
  estimated: boolean;
}

export interface PlanBill extends ComparedPeriod {
  /** The sum of the line items, in cents. */
  totalCents: number;
  lineItems: BillLineItem[];
  importKwh: number;
  exportKwh: number;
  peakDemandKw: number | null;
  /** This plan's bill minus the current plan's for the same period (negative: this plan saves). */
  differenceCents: number;
}

/** Energy the what-ifs moved under one plan (shifting and a time-of-use battery follow its hours). */
export interface WhatIfEnergy {
  evKwh: number;
  /** EV charging the window was too short to deliver. */
  evUnservedKwh: number;
  solarKwh: number;
  shiftedKwh: number;
  batteryChargedKwh: number;
  batteryDischargedKwh: number;
}

export interface PlanComparison {
  tariffId: string;
  name: string;
  sector: string;
  current: boolean;
  /** 1 = cheapest over the year, the current plan included. */
  rank: number;
  annualCents: number;
  /** annualCents minus the current plan's (negative: this plan saves). */
  annualDifferenceCents: number;
  bills: PlanBill[];
  /** Null without what-ifs. */
  whatIfEnergy: WhatIfEnergy | null;
}

export interface RateComparison {
  timeZone: string;
  periods: ComparedPeriod[];
  /** YYYY-MM of the periods that hold estimated days. */
  estimatedMonths: string[];
  /** The what-ifs with every default filled in; null for a what-if not asked for. */
  assumptions: WhatIfAssumptions;
  /** The current plan first, the others cheapest first. */
  plans: PlanComparison[];
}
