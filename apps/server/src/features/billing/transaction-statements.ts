// transactionDetails in one prepared statement per sort order: ownership, page and total count.
import type { TransactionFilter } from '@gridfront/contracts';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userAccounts } from '../../db/schema/index.ts';
import {
  accountId,
  type JsonNumber,
  sessionLiveColumn,
  statementName,
  tenantId,
  userId,
} from './statement-params.ts';

export type TransactionSort = `${'date' | 'amount'}_${'asc' | 'desc'}`;

const SORTS: readonly TransactionSort[] = ['date_asc', 'date_desc', 'amount_asc', 'amount_desc'];

/** One prepared statement per sort order (the order is part of the statement's text). */
export function perSort<T>(build: (sort: TransactionSort) => T): Record<TransactionSort, T> {
  return Object.fromEntries(SORTS.map((sort) => [sort, build(sort)])) as Record<TransactionSort, T>;
}

export interface TransactionJson {
  transactionId: string;
  transactionDate: string;
  transactionType: string;
  description: string;
  amountCents: number;
  billId: string | null;
  billNumber: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  dueDate: string | null;
  paymentMethod: 'card' | 'ach' | 'check' | 'cash' | null;
  confirmationNumber: string | null;
  paymentStatus: 'pending' | 'succeeded' | 'failed' | 'refunded' | null;
  /** How many entries match the filter in all (the same on every row). */
  totalCount: JsonNumber;
}

// The id breaks ties so that paging never shows a row twice or skips one.
export const TRANSACTION_ORDER: Record<TransactionSort, string> = {
  date_asc: 'le.entry_date asc, le.created_at asc, le.id asc',
  date_desc: 'le.entry_date desc, le.created_at desc, le.id desc',
  amount_asc: 'le.amount_cents asc, le.entry_date asc, le.id asc',
  amount_desc: 'le.amount_cents desc, le.entry_date desc, le.id desc',
};

/** Ledger entries of the owned account matching the filter ('ALL' or a type, optional dates). */
export function transactionFilter() {
  const filterType = sql.placeholder('filterType');
  const from = sql.placeholder('from');
  const toDate = sql.placeholder('toDate');
  // The dates as index bounds (an open end is ±infinity), not `$from is null or …`: PostgreSQL
  // then finds the prepared statement's generic plan as cheap as a plan for the actual values and
  // keeps it, instead of planning the statement again on every call (about 0.3 ms of its CPU each).
  return sql`le.account_id = user_accounts.account_id
    and (${filterType}::text = 'ALL' or le.transaction_type = ${filterType}::text)
    and le.entry_date >= coalesce(${from}::date, '-infinity'::date)
    and le.entry_date <= coalesce(${toDate}::date, 'infinity'::date)`;
}

/** The caller's own account: the row every billing statement starts from (none: not theirs). */
export function ownedAccount() {
  return and(
    eq(userAccounts.userId, userId),
    eq(userAccounts.tenantId, tenantId),
    eq(userAccounts.accountId, accountId),
  );
}

/**
 * One page of ledger entries with their bill and payment, in `order`, each row with its position and
 * the count of all entries matching `filter` (a subquery; both the JavaScript answer and the one
 * PostgreSQL writes as JSON read it). The page is cut from the ledger alone and only its rows are
 * joined to their bill and payment (not every matching entry: two index probes an entry); rows
 * come in no particular order, their `position` gives it.
 */
export function ledgerPage(filter: SQL, order: SQL, pageOffset: SQLWrapper) {
  return sql`select le.id, le.entry_date, le.transaction_type, le.description, le.amount_cents, le.bill_id,
      b.bill_number, b.period_start, b.period_end, b.due_date,
      p.method, p.confirmation_number, p.status, le.total_count, le.position
    from (
      select le.id, le.entry_date, le.transaction_type, le.description, le.amount_cents, le.bill_id,
        le.payment_id, count(*) over () as total_count, row_number() over (order by ${order}) as position
      from ledger_entries le
      where ${filter}
      order by ${order}
      limit ${sql.placeholder('pageLimit')} offset ${pageOffset}
    ) le
      left join bills b on b.id = le.bill_id
      left join payments p on p.id = le.payment_id`;
}

/**
 * A page of the owned account's transactions in the given order, each with the count of all that
 * match, and whether the caller's sign-in is alive. No row: the account is not the caller's; a null
 * page: nothing on this page.
 */
export function transactionPageStatement(db: Database, sort: TransactionSort, withSession = false) {
  const order = sql.raw(TRANSACTION_ORDER[sort]);
  return db
    .select({
      accountId: userAccounts.accountId,
      sessionLive: sessionLiveColumn(withSession),
      page: sql<TransactionJson[] | null>`(
        select json_agg(json_build_object(
          'transactionId', t.id, 'transactionDate', t.entry_date, 'transactionType', t.transaction_type,
          'description', t.description, 'amountCents', t.amount_cents, 'billId', t.bill_id,
          'billNumber', t.bill_number, 'periodStart', t.period_start, 'periodEnd', t.period_end,
          'dueDate', t.due_date, 'paymentMethod', t.method, 'confirmationNumber', t.confirmation_number,
          'paymentStatus', t.status, 'totalCount', t.total_count
        ) order by t.position)
        from (${ledgerPage(transactionFilter(), order, sql.placeholder('pageOffset'))}) t
      )`,
    })
    .from(userAccounts)
    .where(ownedAccount())
    .limit(1)
    .prepare(statementName(`billing_transactions_${sort}`, withSession));
}

/** The count alone, for a page past the last entry (where no row carries it). */
export function transactionCountStatement(db: Database) {
  return db
    .select({
      totalCount: sql<JsonNumber>`(select count(*) from ledger_entries le where ${transactionFilter()})`,
    })
    .from(userAccounts)
    .where(ownedAccount())
    .limit(1)
    .prepare('billing_transactions_count');
}

export type TransactionStatementInput = {
  tenantId: string;
  userId: string;
  accountId: string;
  filterType: TransactionFilter;
  from: string | null;
  toDate: string | null;
};
