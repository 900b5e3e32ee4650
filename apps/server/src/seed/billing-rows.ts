// An account's bills, segments, line items, payments, ledger entries and AutoPay enrolment as rows.
import { addDays } from '../domain/calendar/local-day.ts';
import { hashSeed, mulberry32, randomInt, randomUuid } from '../domain/random/prng.ts';
import type { AccountPlan } from './account-plan.ts';
import { lineItemColumns, usageQuantityText } from './bill-drafts.ts';
import { buildBillingHistory, type MonthCharges } from './billing-history.ts';
import { demoPaymentOf, keepsLatestBillOpen } from './demo-payer.ts';
import { DEMO_FEES } from './demo-tenant.ts';
import { type RowBatch, type SeedContext, timestampAt } from './seed-batch.ts';
import { seededSource } from './seed-sources.ts';

export function addBillingRows(
  context: SeedContext,
  plan: AccountPlan,
  batch: RowBatch,
  { accountId, userId, months }: { accountId: string; userId: string | undefined; months: MonthCharges[] },
): void {
  const { tenantId, ids, startDate, today } = context;
  const history = buildBillingHistory({
    accountNumber: plan.accountNumber,
    payer: plan.payer,
    payMethod: plan.payMethod,
    months,
    today,
    fees: DEMO_FEES,
    random: mulberry32(hashSeed(context.seed, 'payments', plan.index)),
    keepLatestOpen: keepsLatestBillOpen(plan.index),
    paymentOf: (bill) => demoPaymentOf(context.seed, plan, bill),
  });
  const billIds = new Map<string, string>();
  for (const bill of history.bills) {
    const billId = randomUuid(ids);
    billIds.set(bill.billNumber, billId);
    batch.push('bills', [
      billId,
      tenantId,
      accountId,
      bill.billNumber,
      bill.periodStart,
      bill.periodEnd,
      bill.billDate,
      bill.dueDate,
      bill.previousBalanceCents,
      bill.paymentsReceivedCents,
      bill.currentChargesCents,
      bill.amountDueCents,
      bill.status,
      timestampAt(bill.billDate, 11),
    ]);
    for (const segment of bill.segments) {
      const segmentId = randomUuid(ids);
      batch.push('bill_segments', [
        segmentId,
        tenantId,
        billId,
        segment.serviceId,
        segment.utilityType,
        segment.tariffId,
        bill.periodStart,
        bill.periodEnd,
        usageQuantityText(segment.usageQuantity),
        segment.usageUnit,
        segment.priced.totalCents,
      ]);
      segment.priced.lineItems.forEach((item, position) => {
        const line = lineItemColumns(item);
        batch.push('bill_line_items', [
          randomUuid(ids),
          tenantId,
          segmentId,
          position,
          line.kind,
          line.description,
          line.quantity,
          line.unit,
          line.rate,
          line.amountCents,
        ]);
      });
    }
  }
  const paymentIds = new Map<string, string>();
  for (const payment of history.payments) {
    const paymentId = randomUuid(ids);
    paymentIds.set(payment.confirmationNumber, paymentId);
    const paidAt = timestampAt(payment.paidDate, 14 + (plan.index % 8));
    batch.push('payments', [
      paymentId,
      tenantId,
      accountId,
      userId ?? null,
      billIds.get(payment.billNumber) ?? null,
      payment.idempotencyKey,
      payment.confirmationNumber,
      payment.amountCents,
      payment.feeCents,
      payment.method,
      payment.channel,
      'invoiceCloud',
      seededSource(payment.method, plan.accountNumber)?.brand ?? null,
      seededSource(payment.method, plan.accountNumber)?.last4 ?? null,
      `IC-${payment.confirmationNumber}`,
      'succeeded',
      paidAt,
      paidAt,
    ]);
  }
  for (const entry of history.ledger) {
    batch.push('ledger_entries', [
      randomUuid(ids),
      tenantId,
      accountId,
      entry.entryDate,
      entry.kind,
      entry.transactionType,
      entry.description,
      entry.amountCents,
      entry.billNumber ? (billIds.get(entry.billNumber) ?? null) : null,
      entry.paymentConfirmation ? (paymentIds.get(entry.paymentConfirmation) ?? null) : null,
      timestampAt(entry.entryDate, 12),
    ]);
  }
  if (plan.payer === 'autopay') {
    const method = plan.payMethod === 'card' ? 'card' : 'ach';
    const enrolled = addDays(
      startDate,
      -randomInt(mulberry32(hashSeed(context.seed, 'autopay', plan.index)), 30, 900),
    );
    const source = seededSource(method, plan.accountNumber) ?? { brand: 'bank', last4: '0000' };
    // The test processor keeps the saved source, as a real processor's vault would.
    const token = `tp_src_demo_${plan.accountNumber}`;
    batch.push('autopay_enrollments', [
      randomUuid(ids),
      tenantId,
      accountId,
      userId ?? null,
      plan.holderName,
      method,
      source.brand,
      source.last4,
      plan.electricTariff === 'E-GS' ? 2_500_000 : 60_000,
      enrolled,
      null,
      method === 'card' ? `${Number(today.slice(0, 4)) + 2}-${today.slice(5, 7)}-28` : null,
      'active',
      token,
      timestampAt(enrolled, 16),
    ]);
    batch.push('test_processor_sources', [
      randomUuid(ids),
      tenantId,
      token,
      method,
      source.brand,
      source.last4,
      'succeeded',
      false,
      timestampAt(enrolled, 16),
    ]);
  }
}
