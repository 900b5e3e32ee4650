// Which service, meter and tariff a usage call reads: one statement from the caller's own link to
// the account, so another customer's account (or a service it does not have) yields nothing.
import type { PropertyType, UtilityType } from '@gridfront/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  customerAccounts,
  meters,
  premises,
  services,
  tariffs,
  userAccounts,
} from '../../db/schema/index.ts';
import type { UrdbRateStructure } from '../../domain/tariffs/index.ts';
import type { Owner } from '../billing/repository.ts';

export interface UsageService {
  accountId: string;
  serviceId: string;
  utilityType: UtilityType;
  startDate: string;
  meterId: string | null;
  /** 15 for interval meters; null for meters read once a month (and sewer, which has none). */
  intervalMinutes: number | null;
  hasSolar: boolean;
  tariff: UrdbRateStructure | null;
  tariffId: string | null;
  accountNumber: string;
  /** The premise's property type: the sector whose plans it may be offered. */
  propertyType: PropertyType;
  latitude: number | null;
  longitude: number | null;
}

/** The account's service of that type (the newest when it was stopped and started again). */
export async function findUsageService(
  db: Database,
  owner: Owner,
  accountId: string,
  utilityType: UtilityType,
): Promise<UsageService | null> {
  const [row] = await db
    .select({
      accountId: services.accountId,
      serviceId: services.id,
      utilityType: services.utilityType,
      startDate: services.startDate,
      meterId: meters.id,
      intervalMinutes: meters.intervalMinutes,
      hasSolar: premises.hasSolar,
      tariff: tariffs.structure,
      tariffId: services.tariffId,
      accountNumber: customerAccounts.accountNumber,
      propertyType: premises.propertyType,
      latitude: premises.latitude,
      longitude: premises.longitude,
    })
    .from(userAccounts)
    .innerJoin(customerAccounts, eq(customerAccounts.id, userAccounts.accountId))
    .innerJoin(services, eq(services.accountId, userAccounts.accountId))
    .innerJoin(premises, eq(premises.id, services.premiseId))
    .leftJoin(meters, eq(meters.serviceId, services.id))
    .leftJoin(tariffs, eq(tariffs.id, services.tariffId))
    .where(
      and(
        eq(userAccounts.userId, owner.userId),
        eq(userAccounts.tenantId, owner.tenantId),
        eq(userAccounts.accountId, accountId),
        eq(services.utilityType, utilityType),
      ),
    )
    .orderBy(desc(services.startDate))
    .limit(1);
  if (!row) return null;
  return { ...row, tariff: (row.tariff as UrdbRateStructure | null) ?? null };
}
