// Figures of the dashboard in the reader's language.
import { dateTimeFormat, formatCents, formatDate, formatQuantity, numberFormat } from '../billing/format.ts';

export { formatCents, formatDate, formatQuantity };

export const formatKwh = (kwh: number, language: string) => `${formatQuantity(kwh, language)} kWh`;

export function formatPercent(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 1, style: 'percent' }).format(value / 100);
}

/** 'YYYY-MM' as "March 2026". */
export function formatMonth(month: string, language: string, style: 'long' | 'short' = 'long'): string {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
  return dateTimeFormat(language, { month: style, year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Minutes after midnight as a clock time ("14:15" or "2:15 PM"). */
export function formatClockMinutes(minutes: number, language: string): string {
  return dateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    minutes * 60_000,
  );
}

/** A weekday's short name, Monday = 0. */
export function weekdayName(index: number, language: string, style: 'short' | 'long' = 'short'): string {
  // 2024-01-01 was a Monday.
  return dateTimeFormat(language, { weekday: style, timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + index));
}
