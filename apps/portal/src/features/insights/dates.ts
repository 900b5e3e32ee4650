// Calendar arithmetic of the dashboard on 'YYYY-MM' and 'YYYY-MM-DD' strings, in UTC so that no
// time zone moves a day.
export function monthRange(month: string): {
  startDate: string;
  endDate: string;
  year: number;
  month: number;
} {
  const year = Number(month.slice(0, 4));
  const monthNumber = Number(month.slice(5, 7));
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return {
    startDate: `${month}-01`,
    endDate: `${month}-${String(last).padStart(2, '0')}`,
    year,
    month: monthNumber,
  };
}

export function addDays(date: string, days: number): string {
  const at = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(at).toISOString().slice(0, 10);
}

/** Monday = 0 … Sunday = 6. */
export function weekdayIndex(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The months from `first` to `last` ('YYYY-MM'), newest first, at most `limit`. */
export function monthsBetween(first: string, last: string, limit = 24): string[] {
  const out: string[] = [];
  let year = Number(last.slice(0, 4));
  let month = Number(last.slice(5, 7));
  while (out.length < limit) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key < first) break;
    out.push(key);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return out;
}

/** The day the profiles open on: the month's last day with reads. */
export function defaultDay(month: string, lastDate: string | null): string {
  const { endDate } = monthRange(month);
  return lastDate && lastDate < endDate ? lastDate : endDate;
}

/** The ISO week (Monday to Sunday) a day falls in, and the year that week belongs to. */
export function isoWeekOf(date: string): { year: number; week: number; monday: string } {
  const monday = addDays(date, -weekdayIndex(date));
  // The week belongs to the year of its Thursday; week 1 holds that year's first Thursday.
  const thursday = addDays(monday, 3);
  const year = Number(thursday.slice(0, 4));
  const week =
    Math.floor((Date.parse(`${thursday}T00:00:00Z`) - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return { year, week, monday };
}
