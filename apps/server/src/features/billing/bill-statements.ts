// getBillDetails in one prepared statement: the owned account's balance and its bill as json, with
// the latest bill's id and the segments of the bill (with line items) and of last year's bill.
import { and, eq, sql } from 'drizzle-orm';
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

export interface BillJson {
  id: string;
  billNumber: string;
  billDate: string;
  dueDate: string;
  periodStart: string;
  periodEnd: string;
  previousBalanceCents: number;
  paymentsReceivedCents: number;
  currentChargesCents: number;
  amountDueCents: number;
  status: 'open' | 'partial' | 'paid' | 'void';
  /** The account's latest bill by bill date (this one when no bill id was asked for). */
  latestBillId: string;
  /** This bill's segments and those of last year's bill (for Quick Stats), by utility. */
  segments: SegmentJson[];
}

export interface SegmentJson {
  id: string;
  billId: string;
  serviceId: string;
  utilityType: 'electricity' | 'gas' | 'water' | 'sewer';
  startDate: string;
  endDate: string;
  usageQuantity: JsonNumber;
  usageUnit: string;
  amountCents: number;
  /** In order; null on last year's segments. */
  lineItems: LineItemJson[] | null;
}

export interface LineItemJson {
  kind: string;
  description: string;
  quantity: JsonNumber | null;
  unit: string | null;
  rate: JsonNumber | null;
  amountCents: number;
}

/**
 * The owned account's balance and its bill (by id, or the latest by bill date), with the id of the
 * latest bill and the segments of the bill and of last year's bill of the same month (the first
 * whose period started in that month), and whether the caller's sign-in is alive. No row: the
 * account is not the caller's.
 */
export function billHeadStatement(db: Database, withSession = false) {
  const billId = sql.placeholder('billId');
  // Month starts 12 and 11 months before the bill's period start (service.monthStartBefore).
  const monthsBefore = (months: number) =>
    sql.raw(`(date_trunc('month', b.period_start::timestamp) - interval '${months} months')::date`);
  return db
    .select({
      accountId: userAccounts.accountId,
      sessionLive: sessionLiveColumn(withSession),
      balanceCents: sql<JsonNumber>`(select coalesce(sum(le.amount_cents), 0) from ledger_entries le where le.account_id = user_accounts.account_id)`,
      bill: sql<BillJson | null>`(
        select json_build_object(
          'id', b.id, 'billNumber', b.bill_number, 'billDate', b.bill_date, 'dueDate', b.due_date,
          'periodStart', b.period_start, 'periodEnd', b.period_end,
          'previousBalanceCents', b.previous_balance_cents, 'paymentsReceivedCents', b.payments_received_cents,
          'currentChargesCents', b.current_charges_cents, 'amountDueCents', b.amount_due_cents, 'status', b.status,
          'latestBillId', (
            select l.id from bills l where l.account_id = b.account_id order by l.bill_date desc limit 1
          ),
          'segments', coalesce((
            select json_agg(json_build_object(
              'id', s.id, 'billId', s.bill_id, 'serviceId', s.service_id, 'utilityType', s.utility_type,
              'startDate', s.start_date, 'endDate', s.end_date, 'usageQuantity', s.usage_quantity,
              'usageUnit', s.usage_unit, 'amountCents', s.amount_cents,
              'lineItems', case when s.bill_id = b.id then coalesce((
                select json_agg(json_build_object(
                  'kind', li.kind, 'description', li.description, 'quantity', li.quantity, 'unit', li.unit,
                  'rate', li.rate, 'amountCents', li.amount_cents
                ) order by li.position)
                from bill_line_items li where li.segment_id = s.id
              ), '[]'::json) end
            ) order by s.utility_type)
            from bill_segments s
            where s.bill_id in (b.id, (
              select y.id from bills y
              where y.account_id = b.account_id
                and y.period_start >= ${monthsBefore(12)} and y.period_start < ${monthsBefore(11)}
              order by y.period_start limit 1
            ))
          ), '[]'::json)
        )
        from bills b
        -- The bill asked for, or else the latest: one primary-key probe either way, so that
        -- PostgreSQL keeps the prepared statement's generic plan instead of planning every call.
        where b.account_id = user_accounts.account_id
          and b.id = coalesce(${billId}::uuid, (
            select l.id from bills l where l.account_id = user_accounts.account_id
            order by l.bill_date desc limit 1
          ))
      )`,
    })
    .from(userAccounts)
    .where(
      and(
        eq(userAccounts.userId, userId),
        eq(userAccounts.tenantId, tenantId),
        eq(userAccounts.accountId, accountId),
      ),
    )
    .limit(1)
    .prepare(statementName('billing_bill_head', withSession));
}
