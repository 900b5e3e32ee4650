// The three hot billing calls' answers written by PostgreSQL: one prepared statement a call returns
// the finished JSON text (`body`), which the route sends as it is, without parsing it into objects
// and serializing them again. The text is byte for byte what service.ts's answers give through the
// zod serializer (answer-json.test.ts compares them): compact JSON (row_to_json and array_to_json
// write no spaces; json_build_object and json_agg would), keys in the contracts' order (the order of
// the select lists), money and counts as integers, numeric quantities without trailing zeros
// (trim_scale, as JavaScript's Number writes them) and dates as 'YYYY-MM-DD'.
//
// Every statement starts from the caller's own link in user_accounts (or their own user row), so
// another customer's account yields no row, and reads whether the sign-in is alive when asked to.
import { and, eq, is, Placeholder, sql } from 'drizzle-orm';
import { type Database, type NamedSelect, type NamedStatement, prepareNamed } from '../../db/client.ts';
import { userAccounts, users } from '../../db/schema/index.ts';
import { aggregatedLineItemsJson } from './line-items-json.ts';
import { sessionLiveColumn, statementName, tenantId, userId } from './statement-params.ts';
import {
  ledgerPage,
  ownedAccount,
  perSort,
  TRANSACTION_ORDER,
  type TransactionSort,
  transactionFilter,
} from './transaction-statements.ts';

/** An answer statement's row: whether the sign-in is alive (when read) and the answer's JSON. */
interface AnswerRow<Body> {
  sessionLive: boolean | null;
  body: Body;
}

const ANSWER_COLUMNS = ['sessionLive', 'body'] as const;

/** A select of `{ sessionLive, body }` as a named prepared statement (prepareNamed). */
function answerStatement<Body>(db: Database, query: NamedSelect<AnswerRow<Body>>, name: string) {
  return prepareNamed<AnswerRow<Body>>(db, onePlaceholderEach(query), name, ANSWER_COLUMNS);
}

/**
 * The select with each placeholder bound once: Drizzle writes a parameter ($n) for every use of a
 * placeholder (transactionDetails' statement used 25 for 9 values: tenantId, userId, accountId and
 * the filter's in the sign-in, ownership, page and count), each sent, parsed and bound on every
 * call. Here every use of one placeholder reads the same parameter. Left as it is should the text
 * hold anything else that looks like a parameter.
 */
export function onePlaceholderEach<Row>(query: NamedSelect<Row>): NamedSelect<Row> {
  return {
    toSQL() {
      const { sql: text, params } = query.toSQL();
      const numberOf = new Map<string, number>();
      const kept: unknown[] = [];
      const renumbered = params.map((param) => {
        const placeholder = is(param, Placeholder) ? param.name : undefined;
        const seen = placeholder === undefined ? undefined : numberOf.get(placeholder);
        if (seen !== undefined) return seen;
        kept.push(param);
        if (placeholder !== undefined) numberOf.set(placeholder, kept.length);
        return kept.length;
      });
      let uses = 0;
      const rewritten = text.replace(/\$(\d+)(?!\d)/g, (_, n: string) => {
        uses += 1;
        return `$${renumbered[Number(n) - 1]}`;
      });
      return uses === params.length ? { sql: rewritten, params: kept } : { sql: text, params };
    },
    prepare: (name) => query.prepare(name),
  };
}

/** A JSON array of `row_to_json(alias)` in `order`, or `[]`. */
function jsonArray(alias: string, order: string) {
  return `coalesce(array_to_json(array_agg(row_to_json(${alias}) order by ${order})), '[]'::json)`;
}

const accountsJson = sql.raw(`coalesce((
  select ${jsonArray('a', 'a."accountNumber"')}
  from user_accounts ua
    join customer_accounts ca on ca.id = ua.account_id
    cross join lateral (
      select ca.id as "accountId", ca.account_number as "accountNumber", ca.holder_name as "holderName",
        ca.email, ca.phone, ca.mailing_address as "mailingAddress", ca.city, ca.state, ca.zip, ca.paperless,
        ${accountBalance('ca.id')} as "balanceCents",
        (select ${jsonArray('p', 'p."serviceAddress", p."premiseId"')}
          from (
            select p.id as "premiseId", p.service_address as "serviceAddress", p.city, p.state, p.zip,
              p.property_type as "propertyType", p.has_solar as "hasSolar"
            from premises p where p.account_id = ca.id
          ) p) as premises,
        (select ${jsonArray('s', 's."utilityType", s."serviceId"')}
          from (
            select s.id as "serviceId", s.premise_id as "premiseId", s.utility_type as "utilityType",
              s.status, t.name as "tariffName"
            from services s left join tariffs t on t.id = s.tariff_id where s.account_id = ca.id
          ) s) as services,
        (select row_to_json(ap) from (
            select e.account_id as "accountId", e.start_date as "startDate", e.end_date as "endDate",
              e.expire_date as "expireDate", e.entity_name as "entityName", e.auto_pay_method as "autoPayMethod",
              payment_source_label_en(e.source_brand, e.source_last4) as "autopaySource",
              e.autopay_max_withdrawal_cents as "autopayMaxWithdrawalAmount",
              payment_source_json(e.source_brand, e.source_last4) as "source"
            from autopay_enrollments e where e.account_id = ca.id and e.status = 'active' limit 1
          ) ap) as autopay
    ) a
  where ua.user_id = users.id and ua.tenant_id = users.tenant_id
), '[]'::json)`);

/** GET /oracle/getUserDetails: the user and their linked accounts. No row: no such user here. */
export function userDetailsAnswerStatement(db: Database, withSession = false) {
  const query = db
    .select({
      sessionLive: sessionLiveColumn(withSession),
      body: sql<string>`(select row_to_json(r)::text from (
        select users.id as "userId", users.username, users.full_name as "fullName", users.email,
          ${accountsJson} as accounts
      ) r)`,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
    .limit(1);
  return answerStatement(db, query, statementName('billing_user_details_answer', withSession));
}

/**
 * GET /oracle/getUserDetails from each account's answer kept in account_answers (all but the
 * balance, kept by triggers in the transaction of every write to what it holds: migration 0025):
 * the user, and each linked account's stored text with its balance as account_balances keeps it
 * (migration 0027). The same bytes as userDetailsAnswerStatement; a null body when a linked account
 * has no stored answer or balance, which that statement then works out in full. No row: no such
 * user here.
 */
export function userDetailsStoredAnswerStatement(db: Database, withSession = false) {
  const query = db
    .select({
      sessionLive: sessionLiveColumn(withSession),
      body: sql<string | null>`(
        select case when count(aa.account_id) = count(ua.account_id)
            and count(ab.account_id) = count(ua.account_id) then
          '{"userId":"' || users.id::text || '","username":' || coalesce(to_json(users.username)::text, 'null')
          || ',"fullName":' || coalesce(to_json(users.full_name)::text, 'null')
          || ',"email":' || coalesce(to_json(users.email)::text, 'null')
          || ',"accounts":' || coalesce('[' || string_agg(
            aa.head || ab.balance_cents::text || aa.tail,
            ',' order by aa.account_number) || ']', '[]') || '}'
        end
        from user_accounts ua left join account_answers aa on aa.account_id = ua.account_id
          left join account_balances ab on ab.account_id = ua.account_id
        where ua.user_id = users.id and ua.tenant_id = users.tenant_id
      )`,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
    .limit(1);
  return answerStatement(db, query, statementName('billing_user_details_stored', withSession));
}

/**
 * The bill's (`bl`'s) segments and Quick Stats tiles in JSON, read in one pass: `segments` with each
 * one's share of what is unpaid (`bl.unpaid`) as outstanding.ts's allocateOutstanding works it out
 * (pro rata to the non-negative amounts in float8, the same IEEE doubles JavaScript uses, so the
 * same remainders and ties; floored; the cents left over going one each to the largest remainders,
 * the earlier segment first on a tie), and `stats`, each beside the same utility on last year's bill
 * (one segment a utility there; where there were two, the JavaScript answer took either as well).
 * Null arrays when the bill has no segments (or there is no bill).
 */
export const segmentsAndStats = sql.raw(`(
  select array_to_json(array_agg(row_to_json(sr) order by z.idx)) as segments,
    array_to_json(array_agg(row_to_json(qr) order by z.idx)) as stats
  from (
    select y.*, y.part + case
        when row_number() over ranked <= y.owed - sum(y.part) over ranked then 1 else 0
      end as outstanding
    from (
      select w.*, floor(w.exact) as part, w.exact - floor(w.exact) as rem
      from (
        select v.*,
          case when bl.unpaid > 0 and v.total > 0
            then (greatest(v.amount_cents, 0) * least(bl.unpaid, v.total))::float8 / v.total::float8
            else 0::float8 end as exact,
          case when bl.unpaid > 0 and v.total > 0 then least(bl.unpaid, v.total) else 0 end as owed
        from (
          select s.id, s.service_id, s.utility_type, s.start_date, s.end_date, s.usage_quantity,
            s.usage_unit, s.amount_cents, s.line_items_json,
            row_number() over bill_order as idx,
            sum(greatest(s.amount_cents, 0)) over bill_order as total
          from bill_segments s where s.bill_id = bl.id
          window bill_order as (order by s.utility_type, s.id rows between unbounded preceding and unbounded following)
        ) v
        -- Each level worked out once (offset 0 keeps PostgreSQL from folding it into the next, which
        -- copies exact's and unpaid's expressions into every use: larger sort keys to set up and
        -- evaluate on each call).
        offset 0
      ) w
      offset 0
    ) y
    window ranked as (order by y.rem desc, y.idx rows between unbounded preceding and unbounded following)
  ) z
  cross join lateral (
    select z.id as "segmentId", z.service_id as "serviceId", z.utility_type as "utilityType",
      z.start_date as "startDate", z.end_date as "endDate", trim_scale(z.usage_quantity) as "usageQuantity",
      z.usage_unit as "usageUnit", z.amount_cents as "amountCents", z.outstanding::bigint as "outstandingCents",
      -- Stored with the bill; aggregated here only for a segment written before that column.
      coalesce(z.line_items_json, ${aggregatedLineItemsJson('z.id')}) as "lineItems"
  ) sr
  cross join lateral (
    select z.utility_type as "utilityType", trim_scale(z.usage_quantity) as "usageQuantity",
      z.usage_unit as "usageUnit", z.amount_cents as "amountCents",
      (select trim_scale(o.usage_quantity) from bill_segments o
        where o.bill_id = bl.last_year_id and o.utility_type = z.utility_type
        limit 1) as "lastYearUsageQuantity"
  ) qr
)`);

/**
 * The id of the bill a year before the bill `alias` (the first whose period started in the month 12
 * months before its period's month; service.monthStartBefore), for Quick Stats; null without one.
 */
export function lastYearBillId(alias: string) {
  // Month starts 12 and 11 months before the bill's period start.
  const monthsBefore = (months: number) =>
    `(date_trunc('month', ${alias}.period_start::timestamp) - interval '${months} months')::date`;
  return sql.raw(`(select y.id from bills y
    where y.account_id = ${alias}.account_id
      and y.period_start >= ${monthsBefore(12)} and y.period_start < ${monthsBefore(11)}
    order by y.period_start limit 1)`);
}

/**
 * The balance of the account whose id is `accountId` (an SQL column reference): the sum of its ledger.
 * SQL text, for the answers written as text (accountsJson) as well as inside `sql` (via sql.raw).
 */
function accountBalance(accountId: string): string {
  return `(select coalesce(sum(le.amount_cents), 0) from ledger_entries le where le.account_id = ${accountId})`;
}

/**
 * accountBalance as kept in account_balances (by a trigger on every write to the ledger: migration
 * 0027), one primary-key probe; null for an account without a row there (written without triggers
 * before storeAccountBalances, or with no entry yet), whose answer the full statement then works
 * out by summing its ledger. Not summed here as a fallback: PostgreSQL sets up a subplan's scans on
 * every call even when it never runs them (about 10 µs).
 */
function storedAccountBalance(accountId: string): string {
  return `(select ab.balance_cents from account_balances ab where ab.account_id = ${accountId})`;
}

/** The id of the latest bill (by bill date) of the account whose id is `accountId` (an SQL column reference). */
function latestBillId(accountId: string) {
  return sql.raw(
    `(select l.id from bills l where l.account_id = ${accountId} order by l.bill_date desc limit 1)`,
  );
}

/**
 * POST /oracle/getBillDetails: the owned account's bill (by id, or the latest by bill date) with
 * its segments, Quick Stats and what is owed now. No row: the account is not the caller's; a null
 * body: the bill asked for is not the account's.
 */
export function billDetailsAnswerStatement(db: Database, withSession = false) {
  const billId = sql.placeholder('billId');
  const query = db
    .select({
      sessionLive: sessionLiveColumn(withSession),
      body: sql<string | null>`(
        select case when bl.id is null and ${billId}::uuid is not null then null else row_to_json(r)::text end
        -- The balance summed once: without the fence PostgreSQL copies the sum into every use of
        -- bal.balance (five scans of the account's ledger a call).
        from (select ${sql.raw(accountBalance('user_accounts.account_id'))} as balance offset 0) bal
        left join lateral (
          select j.*,
            case when j.is_latest then greatest(0, least(bal.balance, j.amount_due_cents)) else 0 end as unpaid
          from (
            select b.*,
              b.id = ${latestBillId('b.account_id')} as is_latest,
              ${lastYearBillId('b')} as last_year_id
            from bills b
            -- The bill asked for, or else the latest: one primary-key probe either way, so that
            -- PostgreSQL keeps the prepared statement's generic plan.
            where b.account_id = user_accounts.account_id
              and b.id = coalesce(${billId}::uuid, ${latestBillId('user_accounts.account_id')})
            -- Worked out once here, not again wherever the columns are used.
            offset 0
          ) j
          offset 0
        ) bl on true
        left join lateral ${segmentsAndStats} sg on true
        cross join lateral (
          select user_accounts.account_id as "accountId",
            case when bl.id is not null then (
              select row_to_json(d) from (
                select bl.id as "billId", bl.bill_number as "billNumber", bl.bill_date as "billDate",
                  bl.due_date as "dueDate", bl.period_start as "periodStart", bl.period_end as "periodEnd",
                  bl.previous_balance_cents as "previousBalanceCents",
                  bl.payments_received_cents as "paymentsReceivedCents",
                  bl.current_charges_cents as "currentChargesCents", bl.amount_due_cents as "amountDueCents",
                  case
                    when not bl.is_latest or bl.status = 'void' then bl.status::text
                    when bl.unpaid <= 0 then 'paid'
                    when bl.unpaid < bl.amount_due_cents then 'partial'
                    else 'open'
                  end as status,
                  coalesce(sg.segments, '[]'::json) as segments
              ) d
            ) end as bill,
            coalesce(sg.stats, '[]'::json) as "quickStats",
            greatest(bal.balance, 0) as "outstandingCents"
        ) r
      )`,
    })
    .from(userAccounts)
    .where(ownedAccount())
    .limit(1);
  return answerStatement(db, query, statementName('billing_bill_details_answer', withSession));
}

/** billDetailsStoredAnswerQuery's row: the bill's stored parts, put together in JavaScript. */
interface StoredBillRow {
  sessionLive: boolean | null;
  /** The owned account's id as PostgreSQL writes a uuid. */
  accountId: string;
  /** Whether the stored parts answer this bill (false or null: billDetailsAnswerStatement does). */
  usable: boolean | null;
  head: string | null;
  status: string | null;
  segments: string | null;
  quickStats: string | null;
  /** What is owed now, as text. */
  outstanding: string | null;
}

const STORED_BILL_COLUMNS = [
  'sessionLive',
  'accountId',
  'usable',
  'head',
  'status',
  'segments',
  'quickStats',
  'outstanding',
] as const;

/**
 * The answer's JSON from the bill's stored parts: the same bytes the statement wrote when it put
 * them together itself (PostgreSQL's text operators on these few KB cost it about 10 µs a call).
 */
export function storedBillJson(row: StoredBillRow): string | null {
  if (row.usable !== true) return null;
  return `{"accountId":"${row.accountId}","bill":${row.head},"status":"${row.status}","segments":${row.segments}},"quickStats":${row.quickStats},"outstandingCents":${row.outstanding}}`;
}

/**
 * POST /oracle/getBillDetails from the parts stored with the bill (bill-answer-parts.ts): the owned
 * account's balance (account_balances), the bill and the answer put together from its stored text
 * (storedBillJson), with the status and the segments' shares owed as the ledger has them now. Two
 * statements: the latest bill (no bill id: one backward probe of bills_account_date) and a bill by
 * id (a primary-key probe), each with a plan of its own. That covers a bill with nothing owed on it
 * (paid, or not the latest) and one owed in full (open); what is left gets a null body, and
 * billDetailsAnswerStatement works it out in full: a partly paid bill, no bill or one not the
 * account's, a bill written before the parts were. No row: the account is not the caller's.
 */
export function billDetailsStoredAnswerStatement(
  db: Database,
  withSession = false,
): NamedStatement<AnswerRow<string | null>> {
  const statement = (which: StoredBillChoice) =>
    prepareNamed<StoredBillRow>(
      db,
      onePlaceholderEach(billDetailsStoredAnswerQuery(db, withSession, which)),
      statementName(`billing_bill_details_stored_${which}`, withSession),
      STORED_BILL_COLUMNS,
    );
  const statements = { latest: statement('latest'), byId: statement('byId') };
  return {
    async execute(input) {
      const rows = await statements[input.billId == null ? 'latest' : 'byId'].execute(input);
      return rows.map((row) => ({ sessionLive: row.sessionLive, body: storedBillJson(row) }));
    },
  };
}

/** Which stored getBillDetails statement: the account's latest bill, or the bill with `billId`. */
export type StoredBillChoice = 'latest' | 'byId';

/** The bill `which` asks for, as `j` with its answer parts, status, amount due and is_latest. */
function storedBill(which: StoredBillChoice) {
  const columns = sql`b.answer_head, b.answer_segments_open, b.answer_segments_paid, b.answer_quick_stats,
    b.status, b.amount_due_cents`;
  if (which === 'latest')
    return sql`(
      select ${columns}, true as is_latest
      from bills b where b.account_id = user_accounts.account_id
      order by b.bill_date desc limit 1
    ) j`;
  return sql`(
    select ${columns}, b.id = ${latestBillId('b.account_id')} as is_latest
    from bills b
    where b.account_id = user_accounts.account_id and b.id = ${sql.placeholder('billId')}::uuid
    -- Worked out once here, not again wherever is_latest is used.
    offset 0
  ) j`;
}

/** billDetailsStoredAnswerStatement's select (the latest bill or one by id), before it is prepared. */
export function billDetailsStoredAnswerQuery(
  db: Database,
  withSession: boolean,
  which: StoredBillChoice,
): NamedSelect<StoredBillRow> {
  return db
    .select({
      sessionLive: sessionLiveColumn(withSession),
      accountId: sql<string>`user_accounts.account_id`,
      usable: sql<boolean | null>`pg.usable`,
      head: sql<string | null>`pg.answer_head`,
      status: sql<string | null>`pg.status`,
      segments: sql<string | null>`pg.segments`,
      quickStats: sql<string | null>`pg.answer_quick_stats`,
      outstanding: sql<string | null>`pg.outstanding`,
    })
    .from(userAccounts)
    .leftJoinLateral(
      sql`(
        select (bl.answer_head is not null and bl.answer_segments_open is not null
            and bl.answer_segments_paid is not null and bl.answer_quick_stats is not null
            and bal.balance is not null and not (bl.unpaid > 0 and bl.unpaid <> bl.amount_due_cents)) as usable,
          bl.answer_head,
          case
            when not bl.is_latest or bl.status = 'void' then bl.status::text
            when bl.unpaid <= 0 then 'paid'
            else 'open'
          end as status,
          case when bl.unpaid > 0 then bl.answer_segments_open else bl.answer_segments_paid end as segments,
          bl.answer_quick_stats, greatest(bal.balance, 0)::text as outstanding
        -- The balance read once: without the fence PostgreSQL copies its expression into every use
        -- of bal.balance.
        from (select ${sql.raw(storedAccountBalance('user_accounts.account_id'))} as balance offset 0) bal
        cross join lateral (
          select j.*,
            case when j.is_latest then greatest(0, least(bal.balance, j.amount_due_cents)) else 0 end as unpaid
          from ${storedBill(which)}
        ) bl
      ) pg`,
      sql`true`,
    )
    .where(ownedAccount())
    .limit(1);
}

/**
 * POST /oracle/transactionDetails (transactions, not usage) in one statement per sort order: a page
 * of the owned account's entries and the count of all that match (counted on its own only for a
 * page past the end). No row: the account is not the caller's.
 */
export function transactionDetailsAnswerStatement(db: Database, sort: TransactionSort, withSession = false) {
  const order = sql.raw(TRANSACTION_ORDER[sort]);
  const pageOffset = sql.placeholder('pageOffset');
  const filter = transactionFilter();
  const query = db
    .select({
      sessionLive: sessionLiveColumn(withSession),
      body: sql<string>`(
        select row_to_json(r)::text
        from (
          select ${sql.raw(jsonArray('tx', 't.position'))} as items, max(t.total_count) as total
          from (${ledgerPage(filter, order, pageOffset)}) t
          cross join lateral (
            select t.id as "transactionId", t.entry_date as "transactionDate",
              t.transaction_type as "transactionType", t.description, t.amount_cents as "amountCents",
              t.bill_id as "billId", t.bill_number as "billNumber", t.period_start as "periodStart",
              t.period_end as "periodEnd", t.due_date as "dueDate", t.method as "paymentMethod",
              t.confirmation_number as "confirmationNumber", t.status as "paymentStatus",
              (t.bill_id is not null and t.transaction_type = 'C1BL') as "hasPdf"
          ) tx
        ) pg
        cross join lateral (
          select user_accounts.account_id as "accountId", ${sql.placeholder('filterType')}::text as "filterType",
            ${sql.placeholder('filterDescription')}::text as "filterDescription",
            coalesce(pg.total, case when ${pageOffset}::int = 0 then 0 else (
              select count(*) from ledger_entries le where ${filter}
            ) end) as "totalCount",
            ${sql.placeholder('pageLimit')}::int as "pageLimit", ${pageOffset}::int as "pageOffset",
            pg.items as transactions
        ) r
      )`,
    })
    .from(userAccounts)
    .where(ownedAccount())
    .limit(1);
  return answerStatement(db, query, statementName(`billing_transactions_answer_${sort}`, withSession));
}

/** transactionDetailsStoredAnswerQuery's row: the page's parts, put together in JavaScript. */
interface StoredPageRow {
  sessionLive: boolean | null;
  /** The owned account's id as PostgreSQL writes a uuid. */
  accountId: string;
  /** How many entries match the filter in all, as text. */
  totalCount: string;
  /** Whether every entry on the page has its stored text. */
  complete: boolean;
  /** The page's items in order, joined by commas (null: an empty page). */
  items: string | null;
}

const STORED_PAGE_COLUMNS = ['sessionLive', 'accountId', 'totalCount', 'complete', 'items'] as const;

/** What transactionDetailsStoredAnswerStatement reads of its input to write the answer's head. */
interface StoredPageInput {
  filterType: string;
  filterDescription: string | null;
  pageLimit: number;
  pageOffset: number;
}

/** A value as PostgreSQL's to_json writes a text or a null (the same escapes as JSON.stringify). */
function jsonText(value: string | null): string {
  return value === null ? 'null' : JSON.stringify(value);
}

/**
 * The answer's JSON from the stored page's parts: the head (the request's own values and the count)
 * around the items PostgreSQL joined. Put together here rather than in the statement, where the
 * text operators, to_json and the aggregates around them cost PostgreSQL about 25 µs a call.
 */
export function storedPageJson(row: StoredPageRow, input: StoredPageInput): string | null {
  if (!row.complete) return null;
  return `{"accountId":"${row.accountId}","filterType":${jsonText(input.filterType)},"filterDescription":${jsonText(
    input.filterDescription,
  )},"totalCount":${row.totalCount},"pageLimit":${String(input.pageLimit)},"pageOffset":${String(
    input.pageOffset,
  )},"transactions":[${row.items ?? ''}]}`;
}

/**
 * POST /oracle/transactionDetails from each ledger entry's stored item (ledger_entries.answer_item,
 * kept by triggers with its payment's status as it is now: migration 0027, ledger-answers.ts): the
 * page cut from the ledger alone and its rows' items joined in order; the answer's head is written
 * by storedPageJson. Two statements a sort order, one for every type ('ALL') and one for a single
 * type, whose filter is then one range of an index (ledger_account_type_date): the count read from
 * the index alone, the page in date order without a sort. The same bytes as
 * transactionDetailsAnswerStatement; a null body when an entry on the page has no stored item,
 * which that statement then works out in full. No row: the account is not the caller's.
 */
export function transactionDetailsStoredAnswerStatement(
  db: Database,
  sort: TransactionSort,
  withSession = false,
): NamedStatement<AnswerRow<string | null>> {
  const statement = (filter: StoredPageFilter) =>
    prepareNamed<StoredPageRow>(
      db,
      onePlaceholderEach(transactionDetailsStoredAnswerQuery(db, sort, withSession, filter)),
      statementName(`billing_transactions_stored_${filter}_${sort}`, withSession),
      STORED_PAGE_COLUMNS,
    );
  const statements = { all: statement('all'), typed: statement('typed') };
  return {
    async execute(input) {
      const pageInput = input as unknown as StoredPageInput;
      const rows = await statements[pageInput.filterType === 'ALL' ? 'all' : 'typed'].execute(input);
      return rows.map((row) => ({ sessionLive: row.sessionLive, body: storedPageJson(row, pageInput) }));
    },
  };
}

/** Which stored transactionDetails statement: every type ('ALL') or the one the filter names. */
export type StoredPageFilter = 'all' | 'typed';

/** The owned account's entries in the filter's dates, of every type or of the filter's. */
function storedPageFilter(filter: StoredPageFilter) {
  const type =
    filter === 'all' ? sql`` : sql`and le.transaction_type = ${sql.placeholder('filterType')}::text`;
  return sql`le.account_id = user_accounts.account_id ${type}
    and le.entry_date >= coalesce(${sql.placeholder('from')}::date, '-infinity'::date)
    and le.entry_date <= coalesce(${sql.placeholder('toDate')}::date, 'infinity'::date)`;
}

/** transactionDetailsStoredAnswerStatement's select (for one kind of filter), before it is prepared. */
export function transactionDetailsStoredAnswerQuery(
  db: Database,
  sort: TransactionSort,
  withSession: boolean,
  filterKind: StoredPageFilter,
): NamedSelect<StoredPageRow> {
  const order = sql.raw(TRANSACTION_ORDER[sort]);
  // The page's rows joined in the same order, by its own columns.
  const pageOrder = sql.raw(TRANSACTION_ORDER[sort].replaceAll('le.', 't.'));
  const filter = storedPageFilter(filterKind);
  return db
    .select({
      sessionLive: sessionLiveColumn(withSession),
      accountId: sql<string>`user_accounts.account_id`,
      totalCount: sql<string>`pg.total_count`,
      complete: sql<boolean>`pg.complete`,
      items: sql<string | null>`pg.items`,
    })
    .from(userAccounts)
    .innerJoinLateral(
      sql`(
        select (select count(*) from ledger_entries le where ${filter})::text as total_count,
          count(t.id) = count(t.answer_item) as complete,
          string_agg(t.answer_item, ',' order by ${pageOrder}) as items
        from (
          select le.id, le.answer_item, le.entry_date, le.created_at, le.amount_cents
          from ledger_entries le
          where ${filter}
          order by ${order}
          limit ${sql.placeholder('pageLimit')} offset ${sql.placeholder('pageOffset')}
        ) t
      ) pg`,
      sql`true`,
    )
    .where(ownedAccount())
    .limit(1);
}

function transactionAnswerPages(db: Database, withSession: boolean) {
  return perSort((sort) => transactionDetailsAnswerStatement(db, sort, withSession));
}

function transactionStoredAnswerPages(db: Database, withSession: boolean) {
  return perSort((sort) => transactionDetailsStoredAnswerStatement(db, sort, withSession));
}

function buildAnswerStatements(db: Database, withSession: boolean) {
  return {
    userDetails: userDetailsAnswerStatement(db, withSession),
    userDetailsStored: userDetailsStoredAnswerStatement(db, withSession),
    billDetails: billDetailsAnswerStatement(db, withSession),
    billDetailsStored: billDetailsStoredAnswerStatement(db, withSession),
    transactionDetails: transactionAnswerPages(db, withSession),
    transactionDetailsStored: transactionStoredAnswerPages(db, withSession),
  };
}

export type AnswerStatements = ReturnType<typeof buildAnswerStatements>;

const answerStatementsByDatabase = new WeakMap<
  Database,
  { plain: AnswerStatements; withSession: AnswerStatements }
>();

/**
 * This database's answer statements, built on first use: `withSession` for a caller whose sign-in
 * identifyUser left unchecked (the routes' `config.sessionCheckedInStatement`), `plain` otherwise.
 */
export function answerStatements(db: Database, withSession: boolean): AnswerStatements {
  let built = answerStatementsByDatabase.get(db);
  if (!built) {
    built = { plain: buildAnswerStatements(db, false), withSession: buildAnswerStatements(db, true) };
    answerStatementsByDatabase.set(db, built);
  }
  return withSession ? built.withSession : built.plain;
}
