// ESPI LocalTimeParameters: a time zone as a standard offset, a DST offset and two DST rules
// (DstRuleType bit maps, espi.xsd). Encoded from the tenant's IANA zone for downloads; decoded to
// find the local day of an uploaded file's readings, and matched back to an IANA zone when possible.
import { daysInMonth, epochDay, isoFromEpochDay, localClock } from '../../domain/calendar/local-day.ts';

export interface LocalTimeParameters {
  /** Seconds east of UTC without DST (Chicago: -21600). */
  tzOffset: number;
  /** Seconds added while DST is in force; 0 without DST. */
  dstOffset: number;
  /** 8 hex digits; FFFFFFFF when DST is disabled. */
  dstStartRule: string;
  dstEndRule: string;
}

export const DST_DISABLED = 'FFFFFFFF';

/** Offset of local time from UTC, in seconds, at an instant (ms) in an IANA zone. */
export function zoneOffsetSeconds(utcMs: number, timeZone: string): number {
  const clock = localClock(utcMs, timeZone);
  const wallMs = epochDay(clock.isoDate) * 86_400_000 + (clock.hour * 60 + clock.minute) * 60_000;
  return Math.round((wallMs - Math.floor(utcMs / 60_000) * 60_000) / 1000);
}

/** Instants (ms) in `year` where the zone's offset changes, found per day then narrowed to the minute. */
function transitionsIn(year: number, timeZone: string): number[] {
  const found: number[] = [];
  const first = epochDay(`${year}-01-01`) * 86_400_000;
  const last = epochDay(`${year + 1}-01-01`) * 86_400_000;
  let before = zoneOffsetSeconds(first, timeZone);
  for (let day = first + 86_400_000; day <= last; day += 86_400_000) {
    const now = zoneOffsetSeconds(day, timeZone);
    if (now === before) continue;
    let low = day - 86_400_000;
    let high = day;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (zoneOffsetSeconds(middle, timeZone) === before) low = middle;
      else high = middle;
    }
    found.push(high);
    before = now;
  }
  return found;
}

/** The rule naming the local wall time `wallSeconds` (seconds since epoch, as if UTC). */
function ruleFor(wallSeconds: number): string {
  const day = Math.floor(wallSeconds / 86_400);
  const iso = isoFromEpochDay(day);
  const month = Number(iso.slice(5, 7));
  const dayOfMonth = Number(iso.slice(8, 10));
  const weekday = ((((day + 3) % 7) + 7) % 7) + 1; // 1 = Monday … 7 = Sunday
  const secondsOfDay = wallSeconds - day * 86_400;
  const hour = Math.floor(secondsOfDay / 3600);
  const seconds = secondsOfDay % 3600;
  const isLast = dayOfMonth + 7 > daysInMonth(Number(iso.slice(0, 4)), month);
  // Operators 2–6: the 1st–5th occurrence of the weekday; 7: its last occurrence in the month.
  const operator = isLast ? 7 : Math.ceil(dayOfMonth / 7) + 1;
  const rule = (month << 28) | (operator << 25) | (weekday << 17) | (hour << 12) | seconds;
  return (rule >>> 0).toString(16).toUpperCase().padStart(8, '0');
}

/** The zone's parameters in `year`: rules are wall-clock times before each change, as ESPI writes them. */
export function localTimeParametersOf(timeZone: string, year: number): LocalTimeParameters {
  const changes = transitionsIn(year, timeZone);
  const january = zoneOffsetSeconds(Date.UTC(year, 0, 15), timeZone);
  const july = zoneOffsetSeconds(Date.UTC(year, 6, 15), timeZone);
  const tzOffset = Math.min(january, july);
  const dstOffset = Math.max(january, july) - tzOffset;
  if (dstOffset === 0 || changes.length < 2) {
    return { tzOffset: january, dstOffset: 0, dstStartRule: DST_DISABLED, dstEndRule: DST_DISABLED };
  }
  let start = '';
  let end = '';
  for (const change of changes) {
    const into = zoneOffsetSeconds(change, timeZone) > tzOffset;
    const wallBefore = Math.floor(change / 1000) + tzOffset + (into ? 0 : dstOffset);
    if (into) start ||= ruleFor(wallBefore);
    else end ||= ruleFor(wallBefore);
  }
  return { tzOffset, dstOffset, dstStartRule: start || DST_DISABLED, dstEndRule: end || DST_DISABLED };
}

interface DecodedRule {
  month: number;
  operator: number;
  dayOfMonth: number;
  weekday: number;
  secondsOfDay: number;
}

function decodeRule(rule: string): DecodedRule | null {
  if (!/^[0-9a-f]{8}$/i.test(rule) || rule.toUpperCase() === DST_DISABLED) return null;
  const bits = Number.parseInt(rule, 16);
  const month = Math.floor(bits / 2 ** 28) & 0xf;
  if (month < 1 || month > 12) return null;
  return {
    month,
    operator: (bits >>> 25) & 0x7,
    dayOfMonth: (bits >>> 20) & 0x1f,
    weekday: (bits >>> 17) & 0x7,
    secondsOfDay: ((bits >>> 12) & 0x1f) * 3600 + (bits & 0xfff),
  };
}

/** The local wall time (seconds, as if UTC) a rule names in `year`. */
function ruleWallSeconds(rule: DecodedRule, year: number): number {
  const monthStart = epochDay(`${year}-${String(rule.month).padStart(2, '0')}-01`);
  const length = daysInMonth(year, rule.month);
  const weekdayOf = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;
  const firstOnOrAfter = (day: number) => day + ((rule.weekday - weekdayOf(day) + 7) % 7);
  let day: number;
  if (rule.operator === 0 || rule.weekday === 0) day = monthStart + Math.max(rule.dayOfMonth, 1) - 1;
  else if (rule.operator === 1) day = firstOnOrAfter(monthStart + Math.max(rule.dayOfMonth, 1) - 1);
  else if (rule.operator === 7) {
    const lastDay = monthStart + length - 1;
    day = lastDay - ((weekdayOf(lastDay) - rule.weekday + 7) % 7);
  } else day = firstOnOrAfter(monthStart) + (rule.operator - 2) * 7;
  return day * 86_400 + rule.secondsOfDay;
}

/** Offset from UTC in seconds at `unixSeconds` under a file's LocalTimeParameters. */
export function offsetAt(parameters: LocalTimeParameters, unixSeconds: number): number {
  const start = decodeRule(parameters.dstStartRule);
  const end = decodeRule(parameters.dstEndRule);
  if (!start || !end || parameters.dstOffset === 0) return parameters.tzOffset;
  const year = new Date((unixSeconds + parameters.tzOffset) * 1000).getUTCFullYear();
  const startsAt = ruleWallSeconds(start, year) - parameters.tzOffset;
  const endsAt = ruleWallSeconds(end, year) - parameters.tzOffset - parameters.dstOffset;
  const inDst =
    startsAt < endsAt
      ? unixSeconds >= startsAt && unixSeconds < endsAt
      : unixSeconds >= startsAt || unixSeconds < endsAt; // southern hemisphere: DST spans the new year
  return parameters.tzOffset + (inDst ? parameters.dstOffset : 0);
}

/** The local date ('YYYY-MM-DD') of an instant under the parameters. */
export function localDateAt(parameters: LocalTimeParameters, unixSeconds: number): string {
  return isoFromEpochDay(Math.floor((unixSeconds + offsetAt(parameters, unixSeconds)) / 86_400));
}

/** Unix seconds of local midnight starting `isoDate` under the parameters. */
export function localMidnightAt(parameters: LocalTimeParameters, isoDate: string): number {
  const wall = epochDay(isoDate) * 86_400;
  let guess = wall - parameters.tzOffset;
  guess = wall - offsetAt(parameters, guess);
  return wall - offsetAt(parameters, guess);
}

// Zones tried first when a file's parameters fit several (the utilities this portal serves).
const PREFERRED_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Kolkata',
];
const zoneMatches = new Map<string, string | null>();

/**
 * An IANA zone that follows the parameters in `year` (the charts speak IANA), or a fixed-offset
 * Etc zone without DST; null when nothing fits.
 */
export function ianaZoneFor(parameters: LocalTimeParameters, year: number): string | null {
  const key = `${year}|${parameters.tzOffset}|${parameters.dstOffset}|${parameters.dstStartRule}|${parameters.dstEndRule}`;
  const known = zoneMatches.get(key);
  if (known !== undefined) return known;
  const noDst = parameters.dstOffset === 0 || !decodeRule(parameters.dstStartRule);
  let match: string | null = null;
  if (noDst && parameters.tzOffset % 3600 === 0) {
    const hours = -parameters.tzOffset / 3600;
    match = hours === 0 ? 'UTC' : `Etc/GMT${hours > 0 ? '+' : ''}${hours}`;
  } else {
    const all = Intl.supportedValuesOf('timeZone');
    const candidates = [...PREFERRED_ZONES, ...all.filter((zone) => !PREFERRED_ZONES.includes(zone))];
    const january = Date.UTC(year, 0, 15);
    const july = Date.UTC(year, 6, 15);
    const offsets = new Set([parameters.tzOffset, parameters.tzOffset + parameters.dstOffset]);
    for (const zone of candidates) {
      if (!offsets.has(zoneOffsetSeconds(january, zone)) || !offsets.has(zoneOffsetSeconds(july, zone)))
        continue;
      const own = localTimeParametersOf(zone, year);
      if (
        own.tzOffset === parameters.tzOffset &&
        own.dstOffset === parameters.dstOffset &&
        own.dstStartRule === parameters.dstStartRule.toUpperCase() &&
        own.dstEndRule === parameters.dstEndRule.toUpperCase()
      ) {
        match = zone;
        break;
      }
    }
  }
  zoneMatches.set(key, match);
  return match;
}
