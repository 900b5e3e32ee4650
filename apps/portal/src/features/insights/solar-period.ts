// What the solar panel asks solarProduction for in each period, anchored on the dashboard's month
// and chosen day: the month's year, the month, the chosen day's ISO week, or the chosen day.
import type { SolarPeriodType } from '@gridfront/contracts/insights-basics';
import { isoWeekOf, monthRange } from './dates.ts';

export interface SolarPeriodRequest {
  periodType: SolarPeriodType;
  year: number;
  monthOrWeek?: number;
  day?: number;
}

export function solarPeriodRequest(period: SolarPeriodType, month: string, day: string): SolarPeriodRequest {
  if (period === 'year') return { periodType: 'year', year: Number(month.slice(0, 4)) };
  if (period === 'month') {
    const range = monthRange(month);
    return { periodType: 'month', year: range.year, monthOrWeek: range.month };
  }
  if (period === 'week') {
    const { year, week } = isoWeekOf(day);
    return { periodType: 'week', year, monthOrWeek: week };
  }
  return {
    periodType: 'day',
    year: Number(day.slice(0, 4)),
    monthOrWeek: Number(day.slice(5, 7)),
    day: Number(day.slice(8, 10)),
  };
}
