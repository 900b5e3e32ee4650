// Reads behind a download. The account has been proven to be the caller's (ownedAccountId) before
// any of these runs; each query carries the account or meter it was given.
import type { UtilityType } from '@gridfront/contracts';
import { and, desc, eq, gte, lt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { meters, monthlyReads, services } from '../../db/schema/index.ts';
import { addDays } from '../../domain/calendar/local-day.ts';
import { readIntervalDays } from '../meter-reads/meter-reads.ts';

export interface ServiceMeter {
  meterId: string;
  intervalMinutes: number | null;
  installedOn: string;
}

/** The meter of the account's service of this type (the newest service when there were several). */
export async function serviceMeter(
  db: Database,
  accountId: string,
  utilityType: UtilityType,
): Promise<ServiceMeter | 'no-service' | 'no-meter'> {
  const rows = await db
    .select({
      meterId: meters.id,
      intervalMinutes: meters.intervalMinutes,
      installedOn: meters.installedOn,
    })
    .from(services)
    .leftJoin(meters, eq(meters.serviceId, services.id))
    .where(and(eq(services.accountId, accountId), eq(services.utilityType, utilityType)))
    .orderBy(desc(services.startDate));
  if (rows.length === 0) return 'no-service';
  const withMeter = rows.find((row) => row.meterId !== null);
  if (!withMeter?.meterId || !withMeter.installedOn) return 'no-meter';
  return {
    meterId: withMeter.meterId,
    intervalMinutes: withMeter.intervalMinutes,
    installedOn: withMeter.installedOn,
  };
}

/** Interval days from `from` to `to`, inclusive (import, export Wh per 15-minute slot). */
export function intervalDays(db: Database, meterId: string, from: string, to: string) {
  return readIntervalDays(db, meterId, from, to);
}

/** Monthly reads dated in the range, with the read before it (where the first one's period starts). */
export async function monthlyReadsWithPrevious(db: Database, meterId: string, from: string, to: string) {
  const [inRange, before] = await Promise.all([
    db
      .select({
        readDate: monthlyReads.readDate,
        consumption: monthlyReads.consumption,
        estimated: monthlyReads.estimated,
      })
      .from(monthlyReads)
      .where(
        and(
          eq(monthlyReads.meterId, meterId),
          gte(monthlyReads.readDate, from),
          lte(monthlyReads.readDate, to),
        ),
      )
      .orderBy(monthlyReads.readDate),
    db
      .select({ readDate: monthlyReads.readDate })
      .from(monthlyReads)
      .where(
        and(
          eq(monthlyReads.meterId, meterId),
          lt(monthlyReads.readDate, from),
          gte(monthlyReads.readDate, addDays(from, -400)),
        ),
      )
      .orderBy(desc(monthlyReads.readDate))
      .limit(1),
  ]);
  return { reads: inRange, previousReadDate: before[0]?.readDate ?? null };
}
