// Which clock hours of a day a tariff makes cheapest and dearest: where shifted load and a
// time-of-use battery go. The price of an energy period is its first tier's rate + adj (the tier
// most of a household's energy falls in).
import { scheduleRow } from '../tariffs/read-folder.ts';
import type { UrdbRateStructure } from '../tariffs/urdb.ts';

export const ORDINARY_HOUR = 0;
export const CHEAPEST_HOUR = 1;
export const DEAREST_HOUR = 2;

/** For a month (0–11) and weekend flag, each clock hour's class; all ordinary where one price holds all day. */
export type HourClasses = (month: number, weekend: boolean) => Uint8Array;

function periodPrice(tariff: UrdbRateStructure, period: number): number {
  const tier = tariff.energyratestructure?.[period]?.[0];
  return (tier?.rate ?? 0) + (tier?.adj ?? 0);
}

export function tariffHourClasses(tariff: UrdbRateStructure): HourClasses {
  // 12 months × weekday/weekend: built once per tariff, read once per day.
  const table: Uint8Array[] = [];
  for (let k = 0; k < 24; k++) {
    const month = k >> 1;
    const weekend = (k & 1) === 1;
    const row = scheduleRow(weekend ? tariff.energyweekendschedule : tariff.energyweekdayschedule, month);
    const prices = Array.from({ length: 24 }, (_, hour) => periodPrice(tariff, row[hour] ?? 0));
    const cheapest = Math.min(...prices);
    const dearest = Math.max(...prices);
    const classes = new Uint8Array(24);
    if (dearest > cheapest) {
      prices.forEach((price, hour) => {
        if (price === cheapest) classes[hour] = CHEAPEST_HOUR;
        else if (price === dearest) classes[hour] = DEAREST_HOUR;
      });
    }
    table.push(classes);
  }
  const flat = new Uint8Array(24);
  return (month, weekend) => table[month * 2 + (weekend ? 1 : 0)] ?? flat;
}
