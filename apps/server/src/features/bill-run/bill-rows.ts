// Writes a drafted bill as the seed lays it out: bill, segments, line items and ledger entries.
// The bill number is unique per tenant: when it exists already nothing is written (null).
import type { Transaction } from '../../db/client.ts';
import { billLineItems, billSegments, bills, ledgerEntries } from '../../db/schema/index.ts';
import {
  type BillDraft,
  type LedgerDraft,
  lineItemColumns,
  usageQuantityText,
} from '../../seed/bill-drafts.ts';
import { storeBillAnswerParts } from '../billing/bill-answer-parts.ts';
import { storeLineItemsJson } from '../billing/line-items-json.ts';

export async function writeBill(
  tx: Transaction,
  tenantId: string,
  account: { id: string },
  draft: BillDraft,
  ledger: readonly LedgerDraft[],
) {
  const [bill] = await tx
    .insert(bills)
    .values({
      tenantId,
      accountId: account.id,
      billNumber: draft.billNumber,
      periodStart: draft.periodStart,
      periodEnd: draft.periodEnd,
      billDate: draft.billDate,
      dueDate: draft.dueDate,
      previousBalanceCents: draft.previousBalanceCents,
      paymentsReceivedCents: draft.paymentsReceivedCents,
      currentChargesCents: draft.currentChargesCents,
      amountDueCents: draft.amountDueCents,
      status: draft.status,
    })
    .onConflictDoNothing()
    .returning({ id: bills.id });
  if (!bill) return null;
  for (const segment of draft.segments) {
    const [row] = await tx
      .insert(billSegments)
      .values({
        tenantId,
        billId: bill.id,
        serviceId: segment.serviceId,
        utilityType: segment.utilityType,
        tariffId: segment.tariffId,
        startDate: draft.periodStart,
        endDate: draft.periodEnd,
        usageQuantity: usageQuantityText(segment.usageQuantity),
        usageUnit: segment.usageUnit,
        amountCents: segment.priced.totalCents,
      })
      .returning({ id: billSegments.id });
    if (!row) throw new Error('the segment insert returned no row');
    if (segment.priced.lineItems.length > 0) {
      await tx.insert(billLineItems).values(
        segment.priced.lineItems.map((item, position) => ({
          tenantId,
          segmentId: row.id,
          position,
          ...lineItemColumns(item),
        })),
      );
    }
  }
  await storeLineItemsJson(tx, bill.id);
  await storeBillAnswerParts(tx, bill.id);
  await tx.insert(ledgerEntries).values(
    ledger.map((entry) => ({
      tenantId,
      accountId: account.id,
      entryDate: entry.entryDate,
      kind: entry.kind,
      transactionType: entry.transactionType,
      description: entry.description,
      amountCents: entry.amountCents,
      billId: bill.id,
    })),
  );
  return bill.id;
}
