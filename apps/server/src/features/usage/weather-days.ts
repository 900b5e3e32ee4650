// The service area's daily mean temperatures, to set each period's usage beside its weather.
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { weatherDaily } from '../../db/schema/index.ts';

export type DailyTemperatures = ReadonlyMap<string, number>;

export async function readDailyTemperatures(
  db: Database,
  tenantId: string,
  from: string,
  to: string,
): Promise<DailyTemperatures> {
  const rows = await db
    .select({ day: weatherDaily.day, meanTempC: weatherDaily.meanTempC })
    .from(weatherDaily)
    .where(and(eq(weatherDaily.tenantId, tenantId), gte(weatherDaily.day, from), lte(weatherDaily.day, to)));
  return new Map(rows.map((row) => [row.day, row.meanTempC]));
}

/** Mean of the known days from `from` to `to` inclusive, to 0.1 °C; null when none is known. */
export function averageTemperature(temps: DailyTemperatures, from: string, to: string): number | null {
  let total = 0;
  let count = 0;
  for (const [day, temp] of temps) {
    if (day < from || day > to) continue;
    total += temp;
    count++;
  }
  return count === 0 ? null : Math.round((total / count) * 10) / 10;
}
