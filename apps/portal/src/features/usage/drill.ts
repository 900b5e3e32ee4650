// Where the customer is in the usage drill-down: a year of bill periods, a month of days, a day of
// hours, a day of quarter-hours, or a whole year of quarter-hours. Each place is one usage call.
import type { UsageResolution, UsageView } from '@gridfront/contracts/usage';
import { addDays, addMonths, lastDayOfMonth } from './local-time.ts';

export type UsageLevel = 'year' | 'month' | 'day' | 'quarter' | 'yearDetail';

export interface DrillState {
  level: UsageLevel;
  /** 'YYYY-MM-DD': the year's, month's or day's first day. */
  anchor: string;
}

export interface DrillRange {
  view: UsageView;
  from: string;
  toDate: string;
  resolution: UsageResolution;
}

export function rangeOf(state: DrillState): DrillRange {
  const year = state.anchor.slice(0, 4);
  switch (state.level) {
    case 'year':
      return { view: 'monthly', from: `${year}-01-01`, toDate: `${year}-12-31`, resolution: 60 };
    case 'yearDetail':
      return { view: 'interval', from: `${year}-01-01`, toDate: `${year}-12-31`, resolution: 15 };
    case 'month':
      return { view: 'daily', from: state.anchor, toDate: lastDayOfMonth(state.anchor), resolution: 60 };
    case 'day':
      return { view: 'interval', from: state.anchor, toDate: state.anchor, resolution: 60 };
    case 'quarter':
      return { view: 'interval', from: state.anchor, toDate: state.anchor, resolution: 15 };
  }
}

/** The same place one step earlier (-1) or later (+1): year, month or day. */
export function step(state: DrillState, direction: -1 | 1): DrillState {
  switch (state.level) {
    case 'year':
    case 'yearDetail':
      return { ...state, anchor: `${Number(state.anchor.slice(0, 4)) + direction}-01-01` };
    case 'month':
      return { ...state, anchor: addMonths(state.anchor, direction) };
    case 'day':
    case 'quarter':
      return { ...state, anchor: addDays(state.anchor, direction) };
  }
}

/** One level down from a chosen point: a bill period's month, a day, a day's quarter-hours. */
export function drillInto(state: DrillState, pointDate: string): DrillState | null {
  switch (state.level) {
    case 'year':
      return { level: 'month', anchor: `${pointDate.slice(0, 7)}-01` };
    case 'month':
      return { level: 'day', anchor: pointDate };
    case 'day':
      return { level: 'quarter', anchor: state.anchor };
    default:
      return null;
  }
}

/** The way back up: each level above this one, outermost first. */
export function trail(state: DrillState): DrillState[] {
  const year: DrillState = { level: 'year', anchor: `${state.anchor.slice(0, 4)}-01-01` };
  const month: DrillState = { level: 'month', anchor: `${state.anchor.slice(0, 7)}-01` };
  const day: DrillState = { level: 'day', anchor: state.anchor };
  switch (state.level) {
    case 'year':
    case 'yearDetail':
      return [];
    case 'month':
      return [year];
    case 'day':
      return [year, month];
    case 'quarter':
      return [year, month, day];
  }
}

/** A place may not lie after the last day with data. */
export function isAfter(state: DrillState, lastDate: string): boolean {
  return rangeOf(state).from > lastDate;
}
