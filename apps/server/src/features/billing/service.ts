// The signed-in customer's accounts, bills and history. Every read starts from the caller's own link
// to the account (in the same statement, see read-statements.ts, or first by ownedAccountId); another
// customer's account answers exactly like one that does not exist, so ids cannot be probed.
import type {
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
import { confirmSession, userOf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { answerStatements } from './answer-statements.ts';
import { allocateOutstanding, statusOfUnpaid, unpaidOfBill } from './outstanding.ts';
import { type BillingStatements, billingStatements } from './read-statements.ts';
import * as repository from './repository.ts';
import type { TransactionJson, TransactionStatementInput } from './transaction-statements.ts';

export const billingMessages = {
  accountNotFound: 'Account not found',
  billNotFound: 'Bill not found',
} as const;

function ownerOf(request: FastifyRequest): repository.Owner {
  return { tenantId: tenantOf(request).id, userId: userOf(request).userId };
}

/**
 * The statements for this caller and their owner parameters: when identifyUser left the sign-in
 * unchecked (the routes' `config.sessionCheckedInStatement`), the variants that also read it, with
 * the sign-in's id; the caller then hands the row's `sessionLive` to confirmSession.
 */
function statementsFor(db: Database, request: FastifyRequest) {
  const statements = billingStatements(db);
  const owner = ownerOf(request);
  if (!request.sessionUnconfirmed) return { ...statements, owner };
  return {
    ...statements,
    ...statements.withSession,
    owner: { ...owner, sessionId: userOf(request).sessionId },
  };
}

/**
 * The answer statements for this caller and their owner parameters (as statementsFor): when the
 * sign-in is unconfirmed, the variants that also read it.
 */
function answerStatementsFor(db: Database, request: FastifyRequest) {
  const owner = ownerOf(request);
  if (!request.sessionUnconfirmed) return { statements: answerStatements(db, false), owner };
  return {
    statements: answerStatements(db, true),
    owner: { ...owner, sessionId: userOf(request).sessionId },
  };
}

/**
 * The hot calls' answers as PostgreSQL writes them (answer-statements.ts): JSON text, byte for byte
 * what userDetails, billDetails and transactionDetails give through the response serializer, sent
 * as it is. The same checks in the same order: the sign-in (confirmSession), then the account.
 */
export async function userDetailsJson(db: Database, request: FastifyRequest): Promise<string> {
  const { statements, owner } = answerStatementsFor(db, request);
  const [row] = await statements.userDetailsStored.execute({ ...owner });
  await confirmSession(request, row?.sessionLive ?? undefined);
  if (!row) throw new HttpError(404, billingMessages.accountNotFound);
  if (row.body !== null) return row.body;
  // An account without its stored answer (see userDetailsStoredAnswerStatement): in full.
  const [full] = await answerStatements(db, false).userDetails.execute({ ...ownerOf(request) });
  if (!full) throw new HttpError(404, billingMessages.accountNotFound);
  return full.body;
}

export async function billDetailsJson(
  db: Database,
  request: FastifyRequest,
  body: BillDetailsRequest,
): Promise<string> {
  const { statements, owner } = answerStatementsFor(db, request);
  const input = { ...owner, accountId: body.accountId, billId: body.billId ?? null };
  const [row] = await statements.billDetailsStored.execute(input);
  await confirmSession(request, row?.sessionLive ?? undefined);
  if (!row) throw new HttpError(404, billingMessages.accountNotFound);
  if (row.body !== null) return row.body;
  // Not answerable from the stored parts (see billDetailsStoredAnswerStatement): in full.
  const [full] = await answerStatements(db, false).billDetails.execute({
    ...ownerOf(request),
    accountId: input.accountId,
    billId: input.billId,
  });
  if (!full) throw new HttpError(404, billingMessages.accountNotFound);
  if (full.body === null) throw new HttpError(404, billingMessages.billNotFound);
  return full.body;
}

/** The transactionDetails statements' parameters from a request body (their owner's apart). */
export function transactionStatementInput(body: TransactionDetailsInput) {
  return {
    accountId: body.accountId,
    filterType: body.filterType,
    filterDescription: body.filterDescription ?? null,
    from: body.from ?? null,
    toDate: body.toDate ?? null,
    pageLimit: body.pageLimit,
    pageOffset: body.pageOffset,
  };
}

export async function transactionDetailsJson(
  db: Database,
  request: FastifyRequest,
  body: TransactionDetailsInput,
): Promise<string> {
  const { statements, owner } = answerStatementsFor(db, request);
  const sort = `${body.sortBy}_${body.sortOrder}` as const;
  const input = transactionStatementInput(body);
  const [row] = await statements.transactionDetailsStored[sort].execute({ ...owner, ...input });
  await confirmSession(request, row?.sessionLive ?? undefined);
  if (!row) throw new HttpError(404, billingMessages.accountNotFound);
  if (row.body !== null) return row.body;
  // An entry on the page without its stored text (see transactionDetailsStoredAnswerStatement): in full.
  const [full] = await answerStatements(db, false).transactionDetails[sort].execute({
    ...ownerOf(request),
    ...input,
  });
  if (!full) throw new HttpError(404, billingMessages.accountNotFound);
  return full.body;
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

export async function userDetails(db: Database, request: FastifyRequest): Promise<UserDetailsResponse> {
  const { userDetails: statement, owner } = statementsFor(db, request);
  const [row] = await statement.execute({ ...owner });
  await confirmSession(request, row?.sessionLive ?? undefined);
  if (!row) throw new HttpError(404, billingMessages.accountNotFound);
  return {
    userId: row.userId,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    accounts: row.accounts.map((account) => ({ ...account, balanceCents: Number(account.balanceCents) })),
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
  const { billHead, owner } = statementsFor(db, request);
  const [head] = await billHead.execute({ ...owner, accountId: body.accountId, billId: body.billId ?? null });
  await confirmSession(request, head?.sessionLive ?? undefined);
  if (!head) throw new HttpError(404, billingMessages.accountNotFound);
  const { accountId, bill } = head;
  const balance = Number(head.balanceCents);
  const outstandingCents = Math.max(balance, 0);
  if (!bill) {
    if (body.billId) throw new HttpError(404, billingMessages.billNotFound);
    return { accountId, bill: null, quickStats: [], outstandingCents };
  }
  const current = bill.segments.filter((segment) => segment.billId === bill.id);
  const lastYear = bill.segments.filter((segment) => segment.billId !== bill.id);
  // Only the latest bill can still be partly unpaid: older ones were carried into it.
  const isLatest = bill.latestBillId === bill.id;
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
      lineItems: (segment.lineItems ?? []).map((item) => ({
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
  const statements = statementsFor(db, request);
  const filter = {
    ...ownerOf(request),
    accountId: body.accountId,
    filterType: body.filterType,
    from: body.from ?? null,
    toDate: body.toDate ?? null,
  };
  const [row] = await statements.transactionPages[`${body.sortBy}_${body.sortOrder}`].execute({
    ...filter,
    ...statements.owner,
    pageLimit: body.pageLimit,
    pageOffset: body.pageOffset,
  });
  await confirmSession(request, row?.sessionLive ?? undefined);
  if (!row) throw new HttpError(404, billingMessages.accountNotFound);
  const page = row.page ?? [];
  return {
    accountId: row.accountId,
    filterType: body.filterType,
    filterDescription: body.filterDescription ?? null,
    totalCount: await totalOfPage(statements, filter, page, body.pageOffset),
    pageLimit: body.pageLimit,
    pageOffset: body.pageOffset,
    transactions: page.map(({ totalCount: _, ...transaction }) => ({
      ...transaction,
      hasPdf: transaction.billId !== null && transaction.transactionType === 'C1BL',
    })),
  };
}

/** Every row of a page carries the total; a page past the end is counted on its own (rare). */
async function totalOfPage(
  statements: Pick<BillingStatements, 'transactionCount'>,
  filter: TransactionStatementInput,
  page: readonly TransactionJson[],
  pageOffset: number,
): Promise<number> {
  const [first] = page;
  if (first) return Number(first.totalCount);
  if (pageOffset === 0) return 0;
  const [row] = await statements.transactionCount.execute(filter);
  if (!row) throw new HttpError(404, billingMessages.accountNotFound);
  return Number(row.totalCount);
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
