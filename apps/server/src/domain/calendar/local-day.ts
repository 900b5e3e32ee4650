// Calendar dates as ISO strings / epoch-day numbers, and the 15-minute slots of a local day.
// Interval reads are stored per LOCAL day of the tenant's time zone: slot i starts at local
// midnight + i × 15 min (absolute time), so a day has 96 slots, 92 when clocks spring forward
// and 100 when they fall back.

const MS_PER_DAY = 86_400_000;
export const SLOT_MS = 15 * 60_000;
export const SLOTS_PER_DAY = 96;

/** Days since 1970-01-01 of an ISO date (YYYY-MM-DD). Plain arithmetic: seeding calls it millions of times. */
export function epochDay(isoDate: string): number {
  return daysFromCivil(
    Number(isoDate.slice(0, 4)),
    Number(isoDate.slice(5, 7)),
    Number(isoDate.slice(8, 10)),
  );
}

// Howard Hinnant's days_from_civil / civil_from_days (proleptic Gregorian calendar).
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

export function isoFromEpochDay(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

export function addDays(isoDate: string, days: number): string {
  return isoFromEpochDay(epochDay(isoDate) + days);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(isoDate: string): number {
  return (((epochDay(isoDate) + 4) % 7) + 7) % 7;
}

export function isWeekend(isoDate: string): boolean {
  const weekday = dayOfWeek(isoDate);
  return weekday === 0 || weekday === 6;
}

/** 1-based day of the year. */
export function dayOfYear(isoDate: string): number {
  return epochDay(isoDate) - epochDay(`${isoDate.slice(0, 4)}-01-01`) + 1;
}

/** 0-based month (0 = January), as URDB schedules index months. */
export function monthIndex(isoDate: string): number {
  return Number(isoDate.slice(5, 7)) - 1;
}

export function daysInMonth(year: number, month1: number): number {
  return new Date(Date.UTC(year, month1, 0)).getUTCDate();
}

export function firstOfMonth(isoDate: string): string {
  return `${isoDate.slice(0, 8)}01`;
}

export function lastOfMonth(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return `${isoDate.slice(0, 8)}${String(daysInMonth(year, month)).padStart(2, '0')}`;
}

/** The first day of the month `months` after (or before) the month of `isoDate`. */
export function addMonths(isoDate: string, months: number): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7)) - 1 + months;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** Inclusive count of days from `start` to `end`. */
export function daysBetweenInclusive(start: string, end: string): number {
  return epochDay(end) - epochDay(start) + 1;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface LocalClock {
  isoDate: string;
  hour: number;
  minute: number;
}

/** The local calendar date and clock time of an instant. */
export function localClock(utcMs: number, timeZone: string): LocalClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(utcMs)) parts[part.type] = part.value;
  return {
    isoDate: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** Offset of local time from UTC in minutes at an instant (Chicago in winter: −360). */
function offsetMinutes(utcMs: number, timeZone: string): number {
  const clock = localClock(utcMs, timeZone);
  const asUtc = epochDay(clock.isoDate) * MS_PER_DAY + (clock.hour * 60 + clock.minute) * 60_000;
  return Math.round((asUtc - Math.floor(utcMs / 60_000) * 60_000) / 60_000);
}

/** The instant of local midnight starting `isoDate`. */
export function localMidnightUtcMs(isoDate: string, timeZone: string): number {
  const naive = epochDay(isoDate) * MS_PER_DAY;
  let guess = naive - offsetMinutes(naive, timeZone) * 60_000;
  // A second pass settles days where the offset at the naive guess differs from the offset at midnight.
  guess = naive - offsetMinutes(guess, timeZone) * 60_000;
  return guess;
}

export interface LocalDayLayout {
  isoDate: string;
  startUtcMs: number;
  slotCount: number;
  /** Local clock hour (0–23) of each slot's start: what TOU schedules and daily load shapes index. */
  clockHours: Uint8Array;
}

const regularClockHours = Uint8Array.from({ length: SLOTS_PER_DAY }, (_, i) => Math.floor(i / 4));
const layoutCache = new Map<string, LocalDayLayout>();

/** Slot layout of a local day; ordinary days share one table, only DST days are computed. */
export function localDayLayout(isoDate: string, timeZone: string): LocalDayLayout {
  const key = `${timeZone}|${isoDate}`;
  const cached = layoutCache.get(key);
  if (cached) return cached;
  const startUtcMs = localMidnightUtcMs(isoDate, timeZone);
  const endUtcMs = localMidnightUtcMs(addDays(isoDate, 1), timeZone);
  const slotCount = Math.round((endUtcMs - startUtcMs) / SLOT_MS);
  let clockHours = regularClockHours;
  if (slotCount !== SLOTS_PER_DAY) {
    clockHours = new Uint8Array(slotCount);
    for (let i = 0; i < slotCount; i++) clockHours[i] = localClock(startUtcMs + i * SLOT_MS, timeZone).hour;
  }
  const layout = { isoDate, startUtcMs, slotCount, clockHours };
  if (layoutCache.size > 20_000) layoutCache.clear();
  layoutCache.set(key, layout);
  return layout;
}

/** Clock hours of a day with `slotCount` slots when no time zone is known (a plain 24-hour day). */
export function clockHoursForSlots(slotCount: number): Uint8Array {
  if (slotCount === SLOTS_PER_DAY) return regularClockHours;
  return Uint8Array.from({ length: slotCount }, (_, i) => Math.min(23, Math.floor((i * 24) / slotCount)));
}

/** Today's local date in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localClock(now.getTime(), timeZone).isoDate;
}

/** The date on the wall calendar of `timeZone` at `at` ('YYYY-MM-DD'). */
export function localDate(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
}
