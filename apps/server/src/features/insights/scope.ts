// Which meter an insights call reads: one statement from the caller's own link to the account, so
// another customer's account or meter (or another tenant's) yields nothing.
import type { PropertyType } from '@gridfront/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  customerAccounts,
  intervalMonths,
  meters,
  premises,
  services,
  tariffs,
  userAccounts,
} from '../../db/schema/index.ts';
import type { UrdbRateStructure } from '../../domain/tariffs/index.ts';
import type { Owner } from '../billing/repository.ts';
import { lastReadDateSql } from '../meter-reads/meter-reads.ts';

export interface InsightsMeter {
  accountId: string;
  accountNumber: string;
  meterId: string;
  serviceId: string;
  tariff: UrdbRateStructure | null;
  tariffId: string | null;
  propertyType: PropertyType;
  squareFeet: number | null;
  occupants: number | null;
  /** The premise's heating as recorded ('gas furnace', 'heat pump', 'electric furnace', …). */
  heating: string | null;
  hasSolar: boolean;
  hasEv: boolean;
  firstMonth: string | null;
  lastDate: string | null;
}

/**
 * The user's electric 15-minute meter on `accountId` (or, without one, on the first of their
 * accounts that has one); `meterId` pins it to the meter a token was issued for.
 */
export async function findInsightsMeter(
  db: Database,
  owner: Owner,
  accountId: string | null,
  meterId: string | null = null,
): Promise<InsightsMeter | null> {
  const [row] = await db
    .select({
      accountId: services.accountId,
      accountNumber: customerAccounts.accountNumber,
      meterId: meters.id,
      serviceId: services.id,
      tariff: tariffs.structure,
      tariffId: services.tariffId,
      propertyType: premises.propertyType,
      squareFeet: premises.squareFeet,
      occupants: premises.occupants,
      heating: premises.heating,
      hasSolar: premises.hasSolar,
      hasEv: premises.hasEv,
      firstMonth: sql<string | null>`(select min(${intervalMonths.month})::text from ${intervalMonths}
        where ${intervalMonths.meterId} = ${meters.id})`,
      lastDate: lastReadDateSql(meters.id),
    })
    .from(userAccounts)
    .innerJoin(customerAccounts, eq(customerAccounts.id, userAccounts.accountId))
    .innerJoin(services, eq(services.accountId, userAccounts.accountId))
    .innerJoin(premises, eq(premises.id, services.premiseId))
    .innerJoin(meters, eq(meters.serviceId, services.id))
    .leftJoin(tariffs, eq(tariffs.id, services.tariffId))
    .where(
      and(
        eq(userAccounts.userId, owner.userId),
        eq(userAccounts.tenantId, owner.tenantId),
        eq(services.utilityType, 'electricity'),
        eq(meters.intervalMinutes, 15),
        accountId ? eq(userAccounts.accountId, accountId) : undefined,
        meterId ? eq(meters.id, meterId) : undefined,
      ),
    )
    .orderBy(asc(customerAccounts.accountNumber), desc(services.startDate))
    .limit(1);
  if (!row) return null;
  return { ...row, tariff: (row.tariff as UrdbRateStructure | null) ?? null };
}
