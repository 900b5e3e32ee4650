// The household questionnaire: stored per account (insight_profiles); until it is answered the
// premise's records stand in. What the engine gets from it (HouseholdProfile).
import type { HomeType, ProfileAttributes } from '@gridfront/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { insightProfiles } from '../../db/schema/index.ts';
import type { HouseholdProfile } from '../../domain/insights/disaggregate.ts';
import type { InsightsMeter } from './scope.ts';

export interface StoredProfile {
  profile: ProfileAttributes;
  savedAt: Date | null;
}

function premiseHomeType(meter: InsightsMeter): HomeType {
  if (meter.propertyType === 'Residential') return 'detached';
  if (meter.propertyType === 'Multi-Family') return 'apartment';
  return 'business';
}

function premiseHeating(heating: string | null): ProfileAttributes['heatingFuel'] {
  if (heating === null) return null;
  if (heating.includes('gas')) return 'gas';
  if (heating.includes('heat pump')) return 'heat_pump';
  if (heating.includes('electric')) return 'electric_resistance';
  return null;
}

/** The saved answers, or what the premise's records say (savedAt null). */
export async function readProfile(
  db: Database,
  tenantId: string,
  meter: InsightsMeter,
): Promise<StoredProfile> {
  const [row] = await db
    .select()
    .from(insightProfiles)
    .where(and(eq(insightProfiles.tenantId, tenantId), eq(insightProfiles.accountId, meter.accountId)))
    .limit(1);
  if (row) {
    return {
      profile: {
        householdSize: row.householdSize,
        homeType: row.homeType as ProfileAttributes['homeType'],
        floorAreaSqFt: row.floorAreaSqFt,
        heatingFuel: row.heatingFuel as ProfileAttributes['heatingFuel'],
        waterHeatingFuel: row.waterHeatingFuel as ProfileAttributes['waterHeatingFuel'],
        hasEv: row.hasEv,
        hasSolar: row.hasSolar,
        hasPool: row.hasPool,
      },
      savedAt: row.updatedAt,
    };
  }
  return {
    profile: {
      householdSize: meter.occupants,
      homeType: premiseHomeType(meter),
      floorAreaSqFt: meter.squareFeet,
      heatingFuel: premiseHeating(meter.heating),
      waterHeatingFuel: null,
      hasEv: meter.hasEv ? true : null,
      hasSolar: meter.hasSolar,
      hasPool: null,
    },
    savedAt: null,
  };
}

export async function saveProfile(
  db: Database,
  tenantId: string,
  userId: string,
  meter: InsightsMeter,
  profile: ProfileAttributes,
): Promise<StoredProfile> {
  const values = {
    ...profile,
    accountId: meter.accountId,
    tenantId,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(insightProfiles)
    .values(values)
    .onConflictDoUpdate({
      target: insightProfiles.accountId,
      set: { ...profile, updatedBy: userId, updatedAt: values.updatedAt },
    })
    .returning({ updatedAt: insightProfiles.updatedAt });
  return { profile, savedAt: row?.updatedAt ?? values.updatedAt };
}

/** What the engine is told about the household. */
export function householdOf(stored: StoredProfile, meter: InsightsMeter): HouseholdProfile {
  const { profile } = stored;
  const business = profile.homeType ? profile.homeType === 'business' : premiseHomeType(meter) === 'business';
  return {
    segment: business ? 'commercial' : 'residential',
    householdSize: profile.householdSize,
    heatingFuel: profile.heatingFuel,
    waterHeatingFuel: profile.waterHeatingFuel,
    hasEv: profile.hasEv,
    hasPool: profile.hasPool,
  };
}
