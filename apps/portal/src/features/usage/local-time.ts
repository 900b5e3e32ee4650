// Clock times of the utility's time zone in the browser: interval days are the tenant's local days,
// whatever zone the customer's phone is in. Offsets come from Intl, so daylight-saving days have
// their 23 or 25 hours.

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at an instant, as if it were UTC (for offsets and hours). */
function wallClockMs(utcMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(utcMs)) parts[part.type] = Number(part.value);
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  );
}

/** The instant (ms) the local day `isoDate` starts in `timeZone`. */
export function localMidnightUtcMs(isoDate: string, timeZone: string): number {
  const naive = Date.parse(`${isoDate}T00:00:00Z`);
  let guess = naive - (wallClockMs(naive, timeZone) - naive);
  // A second pass settles days whose offset at midnight differs from the offset at the first guess.
  guess = naive - (wallClockMs(guess, timeZone) - guess);
  return guess;
}

/** Local clock hour (0–23) at an instant. */
export function localHour(utcMs: number, timeZone: string): number {
  return new Date(wallClockMs(utcMs, timeZone)).getUTCHours();
}

/** 'YYYY-MM-DD' plus `days` (calendar arithmetic, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/** First day of the month `months` after the month of `isoDate`. */
export function addMonths(isoDate: string, months: number): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7)) - 1 + months;
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

export function lastDayOfMonth(isoDate: string): string {
  return addDays(addMonths(isoDate, 1), -1);
}
