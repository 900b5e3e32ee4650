// Money and dates as the customer's language writes them. Amounts arrive in integer cents; bill
// dates are calendar dates ('YYYY-MM-DD') that must not shift with the browser's time zone.

// A formatter is made once per language and options, not once per figure: making one costs about a
// hundred times what formatting with it does, and a page of bills, payments or usage formats
// hundreds of figures as it renders (issue 7: tens of milliseconds of a phone's main thread).
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** The formatter `make` builds for `language` and `options`, made on first use and kept. */
function kept<Format extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  language: string,
  options: object,
  make: () => Format,
): Format {
  const key = `${kind}|${language}|${JSON.stringify(options)}`;
  let format = formats.get(key) as Format | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** The Intl.NumberFormat for `language` and `options`, made on first use. */
export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept('number', language, options, () => new Intl.NumberFormat(language, options));
}

/** The Intl.DateTimeFormat for `language` and `options`, made on first use. */
export function dateTimeFormat(
  language: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return kept('date', language, options, () => new Intl.DateTimeFormat(language, options));
}

/**
 * Makes the formatters a page of bills first uses (money, both date styles, quantities), so that
 * the render that shows the first figures does not also pay for them: the first currency formatter
 * loads the browser's locale data, tens of milliseconds of a phone's main thread (issue 7). Called
 * while the page's data is on its way; each formatter is made in a task of its own (together they
 * were one task of about 150 ms on a phone), so input and the page's own work can run between them.
 */
export function prepareFormats(language: string): void {
  const steps = [
    () => formatCents(0, language),
    () => formatDate('2000-01-01', language),
    () => formatDate('2000-01-01', language, 'short'),
    () => formatQuantity(0, language),
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

export function formatCents(cents: number, language: string, currency = 'USD'): string {
  return numberFormat(language, { style: 'currency', currency }).format(cents / 100);
}

/** A calendar date, formatted in UTC so that 2026-03-01 never shows as 28 February. */
export function formatDate(isoDate: string, language: string, style: 'medium' | 'short' = 'medium'): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  return dateTimeFormat(language, { dateStyle: style, timeZone: 'UTC' }).format(date);
}

export function formatQuantity(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 1 }).format(value);
}

/** Change against last year as a signed percentage ('+12 %'), or null when there is nothing to compare. */
export function percentChange(current: number, before: number | null, language: string): string | null {
  if (before === null || before <= 0) return null;
  return numberFormat(language, {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  }).format((current - before) / before);
}

/** Today's date in the browser's calendar, or in `timeZone`'s, 'YYYY-MM-DD'. */
export function todayIso(now = new Date(), timeZone?: string): string {
  // In the utility's zone when known: its meters' days end at its midnight, not the browser's.
  if (timeZone) return dateTimeFormat('en-CA', { timeZone }).format(now);
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** The same calendar day `years` earlier ('YYYY-MM-DD'). */
export function yearsBefore(isoDate: string, years: number): string {
  return `${String(Number(isoDate.slice(0, 4)) - years).padStart(4, '0')}${isoDate.slice(4)}`;
}
