// Billing reads. Every query starts from an account the caller has already proven to own (see
// ownedAccountId), and carries the tenant, so no query here can reach another customer's rows.
import type { TransactionFilter } from '@gridfront/contracts';
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  billLineItems,
  billSegments,
  bills,
  customerAccounts,
  ledgerEntries,
  premises,
  tariffs,
  userAccounts,
} from '../../db/schema/index.ts';

export interface Owner {
  tenantId: string;
  userId: string;
}

/** The account's id when it is linked to this user in this tenant; null otherwise. */
export async function ownedAccountId(db: Database, owner: Owner, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ accountId: userAccounts.accountId })
    .from(userAccounts)
    .where(
      and(
        eq(userAccounts.userId, owner.userId),
        eq(userAccounts.tenantId, owner.tenantId),
        eq(userAccounts.accountId, accountId),
      ),
    )
    .limit(1);
  return row?.accountId ?? null;
}

export async function premisesOf(db: Database, accountIds: string[]) {
  if (accountIds.length === 0) return [];
  return db
    .select({
      accountId: premises.accountId,
      premiseId: premises.id,
      serviceAddress: premises.serviceAddress,
      city: premises.city,
      state: premises.state,
      zip: premises.zip,
      propertyType: premises.propertyType,
      hasSolar: premises.hasSolar,
    })
    .from(premises)
    .where(inArray(premises.accountId, accountIds))
    .orderBy(asc(premises.serviceAddress));
}

export async function balancesOf(db: Database, accountIds: string[]): Promise<Map<string, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({
      accountId: ledgerEntries.accountId,
      balance: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.accountId, accountIds))
    .groupBy(ledgerEntries.accountId);
  return new Map(rows.map((row) => [row.accountId, Number(row.balance)]));
}

export type BillRow = typeof bills.$inferSelect;

/** The account's bill by id, or its latest by bill date. */
export async function findBill(db: Database, accountId: string, billId?: string): Promise<BillRow | null> {
  const [row] = await db
    .select()
    .from(bills)
    .where(
      billId ? and(eq(bills.accountId, accountId), eq(bills.id, billId)) : eq(bills.accountId, accountId),
    )
    .orderBy(desc(bills.billDate))
    .limit(1);
  return row ?? null;
}

export async function segmentsOf(db: Database, billIds: string[]) {
  if (billIds.length === 0) return [];
  return db
    .select()
    .from(billSegments)
    .where(inArray(billSegments.billId, billIds))
    .orderBy(asc(billSegments.utilityType));
}

export async function lineItemsOf(db: Database, segmentIds: string[]) {
  if (segmentIds.length === 0) return [];
  return db
    .select()
    .from(billLineItems)
    .where(inArray(billLineItems.segmentId, segmentIds))
    .orderBy(asc(billLineItems.segmentId), asc(billLineItems.position));
}

/** The account's bill whose period started on or after `from` and before `before`, if any. */
export async function billStartingBetween(
  db: Database,
  accountId: string,
  from: string,
  before: string,
): Promise<BillRow | null> {
  const [row] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.accountId, accountId), gte(bills.periodStart, from), lt(bills.periodStart, before)))
    .orderBy(asc(bills.periodStart))
    .limit(1);
  return row ?? null;
}

export interface TransactionQuery {
  accountId: string;
  filterType: TransactionFilter;
  from?: string | undefined;
  toDate?: string | undefined;
  pageLimit: number;
  pageOffset: number;
  sortBy: 'date' | 'amount';
  sortOrder: 'asc' | 'desc';
}

export async function transactionYears(db: Database, accountId: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: sql<number>`extract(year from ${ledgerEntries.entryDate})::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return rows.map((row) => Number(row.year)).sort((a, b) => b - a);
}

export async function monthTotals(db: Database, accountId: string, year: number) {
  const month = sql<string>`to_char(${ledgerEntries.entryDate}, 'YYYY-MM')`;
  return db
    .select({
      month,
      billedCents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.transactionType} = 'C1BL'), 0)`,
      paidCents: sql<string>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.transactionType} = 'PAY'), 0)`,
      lateFeeCents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.transactionType} = 'LPC'), 0)`,
      bills: sql<string>`count(*) filter (where ${ledgerEntries.transactionType} = 'C1BL')`,
      payments: sql<string>`count(*) filter (where ${ledgerEntries.transactionType} = 'PAY')`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.accountId, accountId),
        gte(ledgerEntries.entryDate, `${year}-01-01`),
        lte(ledgerEntries.entryDate, `${year}-12-31`),
      ),
    )
    .groupBy(month)
    .orderBy(month);
}

/** The ledger entry (transaction) if it belongs to one of the user's accounts. */
export async function ownedTransaction(db: Database, owner: Owner, transactionId: string) {
  const [row] = await db
    .select({
      accountId: ledgerEntries.accountId,
      billId: ledgerEntries.billId,
      transactionType: ledgerEntries.transactionType,
    })
    .from(ledgerEntries)
    .innerJoin(userAccounts, eq(userAccounts.accountId, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerEntries.id, transactionId),
        eq(ledgerEntries.tenantId, owner.tenantId),
        eq(userAccounts.userId, owner.userId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function accountById(db: Database, accountId: string) {
  const [row] = await db.select().from(customerAccounts).where(eq(customerAccounts.id, accountId)).limit(1);
  return row ?? null;
}

export async function tariffNames(db: Database, tariffIds: string[]): Promise<Map<string, string>> {
  if (tariffIds.length === 0) return new Map();
  const rows = await db
    .select({ id: tariffs.id, name: tariffs.name })
    .from(tariffs)
    .where(inArray(tariffs.id, tariffIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}
