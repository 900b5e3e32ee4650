// What a comparison reads besides the customer's own days: the utility's electric plans, its
// weather (for the solar what-if), and the reference profile of its similar homes.

import type { PropertyType } from '@gridfront/contracts';
import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { meters, premises, services, tariffs, weatherDaily } from '../../db/schema/index.ts';
import type { ComparisonTariff, DayWeather, ReferenceProfile } from '../../domain/rate-comparison/index.ts';
import type { UrdbRateStructure } from '../../domain/tariffs/index.ts';
import { readIntervalDays } from '../meter-reads/meter-reads.ts';
import { ProfileAccumulator } from './reference-profiles.ts';

export interface OfferedTariff extends ComparisonTariff {
  code: string;
  description: string;
}

/**
 * The tenant's electric tariffs offered to customers (/admin/settings) and in effect on `onDate`, and
 * the customer's current one even if it has been closed to new customers since; eligibility is the
 * engine's to decide.
 */
export async function electricTariffs(
  db: Database,
  tenantId: string,
  onDate: string,
  currentTariffId: string,
): Promise<OfferedTariff[]> {
  const rows = await db
    .select({
      id: tariffs.id,
      code: tariffs.code,
      name: tariffs.name,
      sector: tariffs.sector,
      description: tariffs.description,
      structure: tariffs.structure,
    })
    .from(tariffs)
    .where(
      and(
        eq(tariffs.tenantId, tenantId),
        eq(tariffs.utilityType, 'electricity'),
        or(
          eq(tariffs.id, currentTariffId),
          and(
            eq(tariffs.offered, true),
            lte(tariffs.effectiveFrom, onDate),
            or(isNull(tariffs.effectiveTo), gte(tariffs.effectiveTo, onDate)),
          ),
        ),
      ),
    )
    .orderBy(asc(tariffs.code));
  return rows.map((row) => ({ ...row, structure: row.structure as unknown as UrdbRateStructure }));
}

export async function weatherDays(
  db: Database,
  tenantId: string,
  from: string,
  to: string,
): Promise<DayWeather[]> {
  return db
    .select({ date: weatherDaily.day, cloudCover: weatherDaily.cloudCover, sunHours: weatherDaily.sunHours })
    .from(weatherDaily)
    .where(and(eq(weatherDaily.tenantId, tenantId), gte(weatherDaily.day, from), lte(weatherDaily.day, to)))
    .orderBy(asc(weatherDaily.day));
}

/** Enough homes for a smooth average; few enough to read in a few hundred milliseconds. */
export const SIMILAR_HOMES = 24;

const profileCache = new Map<string, Promise<ReferenceProfile | null>>();

/**
 * The average day per calendar month of the utility's homes like this one (same property type,
 * no solar, a 15-minute meter) over [from, to]. Read once per tenant, type and range in each
 * process: the figures change only as slowly as a year of data does, and every process derives
 * the same ones from the same rows, so several instances agree without sharing anything.
 */
export function similarHomesProfile(
  db: Database,
  tenantId: string,
  propertyType: PropertyType,
  from: string,
  to: string,
): Promise<ReferenceProfile | null> {
  const key = `${tenantId}|${propertyType}|${from}|${to}`;
  let profile = profileCache.get(key);
  if (!profile) {
    profile = readSimilarHomesProfile(db, tenantId, propertyType, from, to);
    if (profileCache.size > 100) profileCache.clear();
    profileCache.set(key, profile);
    // A failed read is not remembered.
    profile.catch(() => profileCache.delete(key));
  }
  return profile;
}

async function readSimilarHomesProfile(
  db: Database,
  tenantId: string,
  propertyType: PropertyType,
  from: string,
  to: string,
): Promise<ReferenceProfile | null> {
  const homes = await db
    .select({ meterId: meters.id })
    .from(meters)
    .innerJoin(services, eq(services.id, meters.serviceId))
    .innerJoin(premises, eq(premises.id, services.premiseId))
    .where(
      and(
        eq(meters.tenantId, tenantId),
        eq(meters.utilityType, 'electricity'),
        eq(meters.intervalMinutes, 15),
        eq(premises.propertyType, propertyType),
        eq(premises.hasSolar, false),
      ),
    )
    .orderBy(asc(meters.id))
    .limit(SIMILAR_HOMES);
  const accumulator = new ProfileAccumulator();
  for (const { meterId } of homes) {
    for (const day of await readIntervalDays(db, meterId, from, to)) accumulator.add(day);
  }
  return accumulator.months().length === 0 ? null : accumulator.profile();
}
