// The parts of a bill's getBillDetails answer that never change once the bill is issued, stored
// with the bill (bills.answer_*) so that the answer is one primary-key probe and the account's
// balance instead of working out segments, shares owed and Quick Stats on every call
// (billDetailsStoredAnswerStatement). They are written by the very SQL the full answer runs
// (segmentsAndStats), with what is unpaid set to nothing and to the whole amount due, so the text
// is by construction the full answer's (answer-json.test.ts compares both on every bill).
//
// A bill, its segments and line items are written once and never changed; Quick Stats read last
// year's bill, which is issued before it. Whatever writes a bill must call storeBillAnswerParts in
// the same transaction, after storeLineItemsJson.
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { lastYearBillId, segmentsAndStats } from './answer-statements.ts';

/**
 * Stores the answer parts of the bill with `billId`, or of every bill that has none stored yet
 * (without: after a bulk load or for bills written before the columns).
 */
export async function storeBillAnswerParts(db: Database | Transaction, billId?: string): Promise<void> {
  await db.execute(storeBillAnswerPartsSql(billId));
}

/** The update storeBillAnswerParts runs (without `billId`, also migration 0024's backfill). */
export function storeBillAnswerPartsSql(billId?: string): SQL {
  const which = billId === undefined ? sql`b.answer_head is null` : sql`b.id = ${billId}`;
  // segmentsAndStats reads the bill as `bl` (id, unpaid, last_year_id).
  const parts = (unpaid: string) => sql`(
    select b.id, ${sql.raw(unpaid)}::numeric as unpaid, ${lastYearBillId('b')} as last_year_id
  ) bl cross join lateral ${segmentsAndStats} sg`;
  return sql`update bills t set
      answer_head = p.head,
      answer_segments_open = p.open_segments,
      answer_segments_paid = p.paid_segments,
      answer_quick_stats = p.quick_stats
    from (
      select b.id, h.head, o.segments as open_segments, z.segments as paid_segments, z.stats as quick_stats
      from bills b
      -- The bill's fields in the answer's order up to its status, without the closing brace.
      cross join lateral (
        select left(row_to_json(d)::text, -1) as head
        from (
          select b.id as "billId", b.bill_number as "billNumber", b.bill_date as "billDate",
            b.due_date as "dueDate", b.period_start as "periodStart", b.period_end as "periodEnd",
            b.previous_balance_cents as "previousBalanceCents",
            b.payments_received_cents as "paymentsReceivedCents",
            b.current_charges_cents as "currentChargesCents", b.amount_due_cents as "amountDueCents"
        ) d
      ) h
      cross join lateral (
        select coalesce(sg.segments, '[]'::json)::text as segments from ${parts('b.amount_due_cents')}
      ) o
      cross join lateral (
        select coalesce(sg.segments, '[]'::json)::text as segments,
          coalesce(sg.stats, '[]'::json)::text as stats
        from ${parts('0')}
      ) z
      where ${which}
    ) p
    where t.id = p.id`;
}
