// The signed-in customer's accounts, bills and history. Every call first proves that the account
// is linked to the caller (ownedAccountId); another customer's account answers exactly like one that
// does not exist, so ids cannot be probed.
import type {
  AutopayEntry,
  BillDetail,
  BillDetailsRequest,
  BillDetailsResponse,
  QuickStat,
  TransactionDetailsResponse,
  TransactionYearDetailsRequest,
  TransactionYearDetailsResponse,
  UserDetailsResponse,
} from '@gridfront/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { userOf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { findUserById } from '../auth/repository.ts';
import { allocateOutstanding, statusOfUnpaid, unpaidOfBill } from './outstanding.ts';
import * as repository from './repository.ts';

export const billingMessages = {
  accountNotFound: 'Account not found',
  billNotFound: 'Bill not found',
} as const;

function ownerOf(request: FastifyRequest): repository.Owner {
  return { tenantId: tenantOf(request).id, userId: userOf(request).userId };
}

async function requireOwnedAccount(
  db: Database,
  request: FastifyRequest,
  accountId: string,
): Promise<string> {
  const owned = await repository.ownedAccountId(db, ownerOf(request), accountId);
  if (!owned) throw new HttpError(404, billingMessages.accountNotFound);
  return owned;
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

export async function userDetails(db: Database, request: FastifyRequest): Promise<UserDetailsResponse> {
  const owner = ownerOf(request);
  const user = await findUserById(db, owner.tenantId, owner.userId);
  if (!user) throw new HttpError(404, billingMessages.accountNotFound);
  const accounts = await repository.linkedAccounts(db, owner);
  const ids = accounts.map((account) => account.accountId);
  const [premiseRows, serviceRows, autopayRows, balances] = await Promise.all([
    repository.premisesOf(db, ids),
    repository.servicesOf(db, ids),
    repository.activeAutopayOf(db, ids),
    repository.balancesOf(db, ids),
  ]);
  const premisesByAccount = groupBy(premiseRows, (row) => row.accountId);
  const servicesByAccount = groupBy(serviceRows, (row) => row.accountId);
  const autopayByAccount = new Map(autopayRows.map((row) => [row.accountId, row]));
  return {
    userId: user.id,
    username: user.username,
    fullName: user.fullName,
    email: user.email,
    accounts: accounts.map((account) => {
      const autopay = autopayByAccount.get(account.accountId);
      return {
        ...account,
        balanceCents: balances.get(account.accountId) ?? 0,
        premises: (premisesByAccount.get(account.accountId) ?? []).map(
          ({ accountId: _, ...premise }) => premise,
        ),
        services: (servicesByAccount.get(account.accountId) ?? []).map(
          ({ accountId: _, ...service }) => service,
        ),
        autopay: autopay ? autopayEntryOf(autopay) : null,
      };
    }),
  };
}

function autopayEntryOf(row: Awaited<ReturnType<typeof repository.activeAutopayOf>>[number]): AutopayEntry {
  return {
    accountId: row.accountId,
    startDate: row.startDate,
    endDate: row.endDate,
    expireDate: row.expireDate,
    entityName: row.entityName,
    autoPayMethod: row.autoPayMethod,
    autopaySource: row.autopaySource,
    autopayMaxWithdrawalAmount: row.autopayMaxWithdrawalCents,
  };
}

/** 'YYYY-MM-DD' of the first day of the month `monthsBack` before the date's month. */
export function monthStartBefore(date: string, monthsBack: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 - monthsBack;
  const shifted = new Date(Date.UTC(year, month, 1));
  return shifted.toISOString().slice(0, 10);
}

export async function billDetails(
  db: Database,
  request: FastifyRequest,
  body: BillDetailsRequest,
): Promise<BillDetailsResponse> {
  const accountId = await requireOwnedAccount(db, request, body.accountId);
  const [bill, balances] = await Promise.all([
    repository.findBill(db, accountId, body.billId),
    repository.balancesOf(db, [accountId]),
  ]);
  const balance = balances.get(accountId) ?? 0;
  const outstandingCents = Math.max(balance, 0);
  if (!bill) {
    if (body.billId) throw new HttpError(404, billingMessages.billNotFound);
    return { accountId, bill: null, quickStats: [], outstandingCents };
  }
  const lastYearBill = await repository.billStartingBetween(
    db,
    accountId,
    monthStartBefore(bill.periodStart, 12),
    monthStartBefore(bill.periodStart, 11),
  );
  const segments = await repository.segmentsOf(db, lastYearBill ? [bill.id, lastYearBill.id] : [bill.id]);
  const current = segments.filter((segment) => segment.billId === bill.id);
  const lastYear = segments.filter((segment) => segment.billId !== bill.id);
  const lineItems = groupBy(
    await repository.lineItemsOf(
      db,
      current.map((segment) => segment.id),
    ),
    (item) => item.segmentId,
  );
  // Only the latest bill can still be partly unpaid: older ones were carried into it.
  const latest = body.billId ? await repository.findBill(db, accountId) : bill;
  const isLatest = latest?.id === bill.id;
  const unpaid = isLatest ? unpaidOfBill(balance, bill.amountDueCents) : 0;
  const outstanding = allocateOutstanding(
    current.map((segment) => segment.amountCents),
    unpaid,
  );
  const detail: BillDetail = {
    billId: bill.id,
    billNumber: bill.billNumber,
    billDate: bill.billDate,
    dueDate: bill.dueDate,
    periodStart: bill.periodStart,
    periodEnd: bill.periodEnd,
    previousBalanceCents: bill.previousBalanceCents,
    paymentsReceivedCents: bill.paymentsReceivedCents,
    currentChargesCents: bill.currentChargesCents,
    amountDueCents: bill.amountDueCents,
    status: isLatest && bill.status !== 'void' ? statusOfUnpaid(unpaid, bill.amountDueCents) : bill.status,
    segments: current.map((segment, index) => ({
      segmentId: segment.id,
      serviceId: segment.serviceId,
      utilityType: segment.utilityType,
      startDate: segment.startDate,
      endDate: segment.endDate,
      usageQuantity: Number(segment.usageQuantity),
      usageUnit: segment.usageUnit,
      amountCents: segment.amountCents,
      outstandingCents: outstanding[index] ?? 0,
      lineItems: (lineItems.get(segment.id) ?? []).map((item) => ({
        kind: item.kind,
        description: item.description,
        quantity: item.quantity === null ? null : Number(item.quantity),
        unit: item.unit,
        rate: item.rate === null ? null : Number(item.rate),
        amountCents: item.amountCents,
      })),
    })),
  };
  const quickStats: QuickStat[] = current.map((segment) => {
    const before = lastYear.find((old) => old.utilityType === segment.utilityType);
    return {
      utilityType: segment.utilityType,
      usageQuantity: Number(segment.usageQuantity),
      usageUnit: segment.usageUnit,
      amountCents: segment.amountCents,
      lastYearUsageQuantity: before ? Number(before.usageQuantity) : null,
    };
  });
  return { accountId, bill: detail, quickStats, outstandingCents };
}

/** The validated request (defaults applied): the repository's query plus the echoed description. */
export type TransactionDetailsInput = repository.TransactionQuery & {
  filterDescription?: string | undefined;
};

export async function transactionDetails(
  db: Database,
  request: FastifyRequest,
  body: TransactionDetailsInput,
): Promise<TransactionDetailsResponse> {
  const accountId = await requireOwnedAccount(db, request, body.accountId);
  const query = { ...body, accountId };
  const [totalCount, rows] = await Promise.all([
    repository.countTransactions(db, query),
    repository.transactionPage(db, query),
  ]);
  return {
    accountId,
    filterType: body.filterType,
    filterDescription: body.filterDescription ?? null,
    totalCount,
    pageLimit: body.pageLimit,
    pageOffset: body.pageOffset,
    transactions: rows.map((row) => ({
      ...row,
      hasPdf: row.billId !== null && row.transactionType === 'C1BL',
    })),
  };
}

export async function transactionYearDetails(
  db: Database,
  request: FastifyRequest,
  body: TransactionYearDetailsRequest,
): Promise<TransactionYearDetailsResponse> {
  const accountId = await requireOwnedAccount(db, request, body.accountId);
  const years = await repository.transactionYears(db, accountId);
  const year = body.year ?? years[0] ?? new Date().getUTCFullYear();
  const months = await repository.monthTotals(db, accountId, year);
  return {
    accountId,
    years,
    year,
    months: months.map((row) => ({
      month: row.month,
      billedCents: Number(row.billedCents),
      paidCents: Number(row.paidCents),
      lateFeeCents: Number(row.lateFeeCents),
      bills: Number(row.bills),
      payments: Number(row.payments),
    })),
  };
}
