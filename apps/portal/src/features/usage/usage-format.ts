// Numbers of the usage page as the reader's language writes them, with their units.
import { dateTimeFormat, formatCents, formatQuantity, numberFormat } from '../billing/format.ts';

export const celsiusToFahrenheit = (celsius: number) => (celsius * 9) / 5 + 32;

export function temperatureConverter(unit: string): (celsius: number) => number {
  return unit === 'F' ? celsiusToFahrenheit : (celsius) => celsius;
}

export function formatTemperature(celsius: number, unit: string, language: string): string {
  return `${formatQuantity(temperatureConverter(unit)(celsius), language)} °${unit}`;
}

export function formatUsage(quantity: number, unitLabel: string, language: string): string {
  return `${formatQuantity(quantity, language)} ${unitLabel}`;
}

export { formatCents };

/** 'YYYY-MM' as "March 2026" in the reader's language. */
export function formatMonth(month: string, language: string, style: 'long' | 'short' = 'long'): string {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
  return dateTimeFormat(language, { month: style, year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** An axis tick for a point of a category chart: its month ("Mar") or its day of the month ("14"). */
export function categoryTickLabel(isoDate: string, monthly: boolean, language: string): string {
  if (!isoDate) return '';
  if (!monthly) return String(Number(isoDate.slice(8, 10)));
  const month = new Date(Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, 1));
  return dateTimeFormat(language, { month: 'short', timeZone: 'UTC' }).format(month);
}

/** A local clock time of the utility's zone, e.g. "14:15" or "2:15 PM". */
export function formatClock(unixSeconds: number, timeZone: string, language: string): string {
  return dateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone }).format(
    unixSeconds * 1000,
  );
}

export function formatPercent(fraction: number, language: string): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}
