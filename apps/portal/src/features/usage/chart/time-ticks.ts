// Time-axis labels in the reader's language, as fine as the gap between two ticks: times of day
// (the date at each midnight), days, then months (with the year on the first tick and on
// January). uPlot places time ticks in the browser's time zone, so the labels use it too.
const DAY_SECONDS = 86_400;

export type TimeTickFormatter = (splits: readonly number[], stepSeconds: number) => string[];

export function timeTickFormatter(locale: string): TimeTickFormatter {
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
  const month = new Intl.DateTimeFormat(locale, { month: 'short' });
  const monthYear = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric' });
  const year = new Intl.DateTimeFormat(locale, { year: 'numeric' });
  return (splits, stepSeconds) =>
    splits.map((seconds, index) => {
      const date = new Date(seconds * 1000);
      if (stepSeconds < DAY_SECONDS) {
        const midnight = date.getHours() === 0 && date.getMinutes() === 0;
        return midnight ? day.format(date) : time.format(date);
      }
      if (stepSeconds < 28 * DAY_SECONDS) return day.format(date);
      if (stepSeconds < 365 * DAY_SECONDS)
        return index === 0 || date.getMonth() === 0 ? monthYear.format(date) : month.format(date);
      return year.format(date);
    });
}
