// The same download as CSV: one row per interval, its local start with the UTC offset, so a
// spreadsheet shows the customer's clock and the two 01:00 rows of a fall-back day stay distinct.
import { isoFromEpochDay } from '../../domain/calendar/local-day.ts';
import { zoneOffsetSeconds } from './local-time-parameters.ts';
import type { UsageExport } from './usage-export.ts';

export const USAGE_CSV_HEADER = 'start,duration_seconds,value,unit,direction,estimated';

function two(n: number): string {
  return String(n).padStart(2, '0');
}

/** '2026-03-08T03:00:00-05:00' for an instant in the zone (its offset there, unless given). */
export function localIsoWithOffset(
  unixSeconds: number,
  timeZone: string,
  offset = zoneOffsetSeconds(unixSeconds * 1000, timeZone),
): string {
  const wall = unixSeconds + offset;
  const day = Math.floor(wall / 86_400);
  const seconds = wall - day * 86_400;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const clock = `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
  return `${isoFromEpochDay(day)}T${clock}${sign}${two(Math.floor(abs / 3600))}:${two(Math.floor((abs % 3600) / 60))}`;
}

export function buildUsageCsv(data: UsageExport): string {
  const { powerOfTenMultiplier: power, label } = data.unit;
  const decimals = Math.max(0, -power);
  const rows = [USAGE_CSV_HEADER];
  for (const channel of data.channels) {
    for (const block of channel.blocks) {
      // One offset for a day-long block whose start and end agree (every day but two a year): a
      // year of 15-minute rows then asks the time zone database ~730 times instead of ~35,000.
      // Longer blocks (a year of monthly reads) may leave and re-enter DST, so each row asks.
      const first = zoneOffsetSeconds(block.start * 1000, data.timeZone);
      const last = zoneOffsetSeconds((block.start + block.duration - 1) * 1000, data.timeZone);
      for (const reading of block.readings) {
        const quantity = (reading.value * 10 ** power).toFixed(decimals);
        const offset = first === last && block.duration <= 2 * 86_400 ? first : undefined;
        rows.push(
          `${localIsoWithOffset(reading.start, data.timeZone, offset)},${reading.duration},${quantity},${label},${channel.direction},${reading.estimated}`,
        );
      }
    }
  }
  return `${rows.join('\r\n')}\r\n`;
}
