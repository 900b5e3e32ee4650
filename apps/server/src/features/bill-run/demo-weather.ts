// The generated tenant's weather: a function of climate, seed and date only, written up to yesterday
// and turned into the day conditions the electric streams draw from.
import { eq, max } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { weatherDaily } from '../../db/schema/index.ts';
import { addDays } from '../../domain/calendar/local-day.ts';
import { type DayConditions, prepareDay } from '../../domain/load-profile/day-conditions.ts';
import { hashSeed } from '../../domain/random/prng.ts';
import { RIVERBEND_CLIMATE, type WeatherDay, weatherForDay } from '../../domain/weather/daily-weather.ts';
import type { GeneratedTenant } from './generated-tenants.ts';

const INSERT_CHUNK = 200;

/** The seed's weather of a day (a function of climate, seed and date only). */
export function demoWeather(generated: GeneratedTenant, date: string): WeatherDay {
  return weatherForDay(RIVERBEND_CLIMATE, date, hashSeed(generated.seed, 'weather'));
}

/** Weather rows from the day after the last stored one up to yesterday. */
export async function catchUpWeather(
  db: Database,
  generated: GeneratedTenant,
  yesterday: string,
): Promise<number> {
  const tenantId = generated.tenant.id;
  const [row] = await db
    .select({ last: max(weatherDaily.day) })
    .from(weatherDaily)
    .where(eq(weatherDaily.tenantId, tenantId));
  const rows: (typeof weatherDaily.$inferInsert)[] = [];
  for (
    let date = addDays(row?.last ?? addDays(generated.startDate, -1), 1);
    date <= yesterday;
    date = addDays(date, 1)
  ) {
    const { date: day, ...weather } = demoWeather(generated, date);
    rows.push({ tenantId, day, ...weather });
  }
  let written = 0;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const inserted = await db
      .insert(weatherDaily)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing()
      .returning({ day: weatherDaily.day });
    written += inserted.length;
  }
  return written;
}

/** The day conditions of the whole history, built once per run and only when a meter needs them. */
export function historyDays(generated: GeneratedTenant, yesterday: string): () => DayConditions[] {
  let days: DayConditions[] | undefined;
  return () => {
    if (!days) {
      days = [];
      for (let date = generated.startDate; date <= yesterday; date = addDays(date, 1)) {
        days.push(
          prepareDay(date, demoWeather(generated, date), RIVERBEND_CLIMATE, generated.tenant.timeZone),
        );
      }
    }
    return days;
  };
}
