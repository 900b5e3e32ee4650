// A bill segment's line items as getBillDetails answers them, stored with the bill
// (bill_segments.line_items_json) so that the answer statement reads one column instead of
// aggregating the items on every call. One SQL expression both writes the column and, for a row
// written before the column existed (null), stands in for it in the answer: the stored text is by
// construction what the answer would have aggregated (answer-json.test.ts compares both).
//
// Line items are written once, with their bill, and never changed afterwards; whatever writes or
// changes them must call storeLineItemsJson in the same transaction.
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';

/**
 * The line items of the segment whose id is `segmentId` (an SQL expression) as a JSON array in
 * their order, `[]` without any: compact (array_to_json and row_to_json write no spaces), keys in
 * the contracts' order, quantities and rates without trailing zeros (trim_scale, as JavaScript's
 * Number writes them).
 */
export function aggregatedLineItemsJson(segmentId: string): string {
  return `(select coalesce(array_to_json(array_agg(row_to_json(li) order by i.position)), '[]'::json)
    from bill_line_items i
      cross join lateral (
        select i.kind, i.description, trim_scale(i.quantity) as quantity, i.unit,
          trim_scale(i.rate) as rate, i.amount_cents as "amountCents"
      ) li
    where i.segment_id = ${segmentId})`;
}

/**
 * Stores the line items' JSON of one bill's segments (with `billId`), or of every segment that has
 * none stored yet (without: after a bulk load).
 */
export async function storeLineItemsJson(db: Database | Transaction, billId?: string): Promise<void> {
  const which = billId === undefined ? sql`s.line_items_json is null` : sql`s.bill_id = ${billId}`;
  await db.execute(
    sql`update bill_segments s set line_items_json = ${sql.raw(aggregatedLineItemsJson('s.id'))} where ${which}`,
  );
}
