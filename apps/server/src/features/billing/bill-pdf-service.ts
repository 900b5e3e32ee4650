// The bill PDF of a transaction: found only among the caller's own accounts, and only for a bill.
// Any other id answers exactly like one that does not exist (spec point 8's message).
import { type Language, messages } from '@gridfront/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { userOf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { type BillDocument, renderBillPdf } from './bill-pdf.ts';
import * as repository from './repository.ts';
import { monthStartBefore } from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loadBillDocument(
  db: Database,
  request: FastifyRequest,
  transactionId: string,
  payUrlFor: (accountNumber: string) => string,
): Promise<BillDocument> {
  const tenant = tenantOf(request);
  const owner = { tenantId: tenant.id, userId: userOf(request).userId };
  if (!UUID.test(transactionId)) throw new HttpError(404, messages.noPdf);
  const transaction = await repository.ownedTransaction(db, owner, transactionId);
  if (!transaction?.billId || transaction.transactionType !== 'C1BL')
    throw new HttpError(404, messages.noPdf);
  const [bill, account, premises] = await Promise.all([
    repository.findBill(db, transaction.accountId, transaction.billId),
    repository.accountById(db, transaction.accountId),
    repository.premisesOf(db, [transaction.accountId]),
  ]);
  if (!bill || !account) throw new HttpError(404, messages.noPdf);
  const lastYearBill = await repository.billStartingBetween(
    db,
    bill.accountId,
    monthStartBefore(bill.periodStart, 12),
    monthStartBefore(bill.periodStart, 11),
  );
  const segments = await repository.segmentsOf(db, lastYearBill ? [bill.id, lastYearBill.id] : [bill.id]);
  const current = segments.filter((segment) => segment.billId === bill.id);
  const [lineItems, tariffNames] = await Promise.all([
    repository.lineItemsOf(
      db,
      current.map((segment) => segment.id),
    ),
    repository.tariffNames(
      db,
      current.flatMap((segment) => (segment.tariffId ? [segment.tariffId] : [])),
    ),
  ]);
  const premise = premises[0];
  return {
    utility: {
      name: tenant.name,
      phone: tenant.contact.phone,
      outagePhone: tenant.contact.outagePhone,
      email: tenant.contact.email,
      address: tenant.contact.address,
    },
    account: {
      accountNumber: account.accountNumber,
      holderName: account.holderName,
      mailingAddress: `${account.mailingAddress}, ${account.city}, ${account.state} ${account.zip}`,
    },
    serviceAddress: premise
      ? `${premise.serviceAddress}, ${premise.city}, ${premise.state} ${premise.zip}`
      : '',
    bill: {
      billNumber: bill.billNumber,
      billDate: bill.billDate,
      periodStart: bill.periodStart,
      periodEnd: bill.periodEnd,
      dueDate: bill.dueDate,
      previousBalanceCents: bill.previousBalanceCents,
      paymentsReceivedCents: bill.paymentsReceivedCents,
      currentChargesCents: bill.currentChargesCents,
      amountDueCents: bill.amountDueCents,
    },
    segments: current.map((segment) => {
      const before = segments.find(
        (old) => old.billId !== bill.id && old.utilityType === segment.utilityType,
      );
      return {
        utilityType: segment.utilityType,
        startDate: segment.startDate,
        endDate: segment.endDate,
        tariffName: segment.tariffId ? (tariffNames.get(segment.tariffId) ?? null) : null,
        usageQuantity: Number(segment.usageQuantity),
        usageUnit: segment.usageUnit,
        lastYearUsageQuantity: before ? Number(before.usageQuantity) : null,
        amountCents: segment.amountCents,
        lineItems: lineItems
          .filter((item) => item.segmentId === segment.id)
          .map((item) => ({
            description: item.description,
            quantity: item.quantity === null ? null : Number(item.quantity),
            unit: item.unit,
            rate: item.rate === null ? null : Number(item.rate),
            amountCents: item.amountCents,
          })),
      };
    }),
    payUrl: payUrlFor(account.accountNumber),
  };
}

export async function billPdf(
  db: Database,
  request: FastifyRequest,
  transactionId: string,
  language: Language,
  payUrlFor: (accountNumber: string) => string,
): Promise<{ pdf: Buffer; billNumber: string }> {
  const document = await loadBillDocument(db, request, transactionId, payUrlFor);
  return { pdf: await renderBillPdf(document, language), billNumber: document.bill.billNumber };
}
