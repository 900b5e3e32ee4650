// Calendar dates in a utility's time zone (no zod: forms and pages use it alone).

/** Today's date (YYYY-MM-DD) in a time zone. */
export function zonedToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
