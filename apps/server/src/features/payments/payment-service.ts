// Taking a payment so that nothing is lost and nothing is charged twice:
//   1. the payment is written as `pending` under its idempotency key (unique per tenant) and
//      committed BEFORE the processor is called; a second submission with the key (double click,
//      retry, second tab) finds that row and charges nothing;
//   2. the processor is called with the same key, so even a repeated call charges once;
//   3. the outcome is settled in one transaction: the payment's status and, for a success, its
//      ledger entry (a unique index allows one per payment).
// A crash or a lost answer between 2 and 3 leaves the payment pending; the reconciler asks the
// processor by key and settles it, so every attempt ends in exactly one charge and one ledger
// entry, or none.
import { randomBytes } from 'node:crypto';
import { checkoutMessages } from '@gridfront/contracts';
import {
  bankProblem,
  cardProblem,
  type PaymentSourceParts,
  sourceLabel,
  sourceParts,
  storedSourceParts,
} from '@gridfront/contracts/payment-sources';
import { and, eq, sql } from 'drizzle-orm';
import {
  type ChargeOutcome,
  type ChargeSource,
  type PaymentProcessor,
  ProcessorTimeoutError,
} from '../../adapters/payments/processor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { ledgerEntries, payments } from '../../db/schema/index.ts';
import { type FeeSchedule, paymentFeeCents, SPEC_FEE_SCHEDULE } from '../../domain/fees/payment-fees.ts';
import { queuePaymentReceipt } from './payment-receipt.ts';

export const paymentMessages = {
  amount: 'The amount must be a positive number of cents',
  keyReused: 'This payment key was already used for a different payment',
  notCharged: checkoutMessages.notCharged,
} as const;

export class PaymentInputError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'PaymentInputError';
  }
}

export interface PaymentRequest {
  tenantId: string;
  accountId: string;
  userId: string | null;
  billId?: string | null;
  channel: 'portal' | 'quickpay' | 'autopay' | 'mail' | 'agent' | 'site';
  platformKey: string;
  /** Applied to the account; the fee comes on top. */
  amountCents: number;
  source: ChargeSource;
  idempotencyKey: string;
  fees?: FeeSchedule;
  /** The tenant's local date of the payment ('YYYY-MM-DD'), for the ledger. */
  today: string;
  /** Where the receipt goes once the payment succeeds, and in which language. */
  receiptEmail?: string | null;
  receiptLanguage?: string | null;
}

export interface PaymentResult {
  paymentId: string;
  status: 'pending' | 'succeeded' | 'failed' | 'refunded';
  amountCents: number;
  feeCents: number;
  confirmationNumber: string;
  /** The source in English, as the API gives it; `source` is the same as data. */
  sourceLabel: string;
  source: PaymentSourceParts | null;
  failureReason: string | null;
  /** True when the key had been used before: this is the first attempt's state, nothing was charged. */
  replayed: boolean;
}

export type PaymentRow = typeof payments.$inferSelect;

/** A payment's source in English ("Visa ending 4242"); a check or cash by its name. */
export function sourceLabelOf(row: Pick<PaymentRow, 'sourceBrand' | 'sourceLast4' | 'method'>): string {
  const parts = storedSourceParts(row.sourceBrand, row.sourceLast4);
  if (parts) return sourceLabel(parts);
  return row.method === 'check' ? 'Check' : row.method === 'cash' ? 'Cash' : '';
}

export function resultOf(row: PaymentRow, replayed: boolean): PaymentResult {
  return {
    paymentId: row.id,
    status: row.status,
    amountCents: row.amountCents,
    feeCents: row.feeCents,
    confirmationNumber: row.confirmationNumber,
    sourceLabel: sourceLabelOf(row),
    source: storedSourceParts(row.sourceBrand, row.sourceLast4),
    failureReason: row.failureReason,
    replayed,
  };
}

function sourceColumns(parts: PaymentSourceParts): { sourceBrand: string; sourceLast4: string } {
  return { sourceBrand: parts.brand, sourceLast4: parts.last4 };
}

function confirmationNumber(): string {
  return `GF${randomBytes(6).toString('hex').toUpperCase()}`;
}

function methodOf(source: ChargeSource): 'card' | 'ach' {
  if ('saved' in source) return source.source.method;
  return 'card' in source ? 'card' : 'ach';
}

function validate(request: PaymentRequest, now: Date): void {
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
    throw new PaymentInputError(paymentMessages.amount, 'amountCents');
  }
  const { source } = request;
  // A saved source was checked when it was saved; the processor answers for it now.
  if ('saved' in source) return;
  const problem = 'card' in source ? cardProblem(source.card, now) : bankProblem(source.bank);
  if (problem) throw new PaymentInputError(problem.message, problem.field);
}

async function findByKey(db: Database, tenantId: string, idempotencyKey: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

/** Writes the processor's answer: one conditional update, and the ledger entry for a success. */
export async function settlePayment(
  tx: Transaction,
  paymentId: string,
  outcome: ChargeOutcome | { status: 'failed'; reason: string },
  today: string,
): Promise<PaymentRow | null> {
  const succeeded = outcome.status === 'succeeded';
  const [row] = await tx
    .update(payments)
    .set(
      succeeded
        ? { status: 'succeeded', providerReference: outcome.reference, paidAt: new Date() }
        : { status: 'failed', failureReason: outcome.reason },
    )
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning();
  if (!row || !succeeded) return row ?? null;
  await queuePaymentReceipt(tx, row);
  // The fee is the processor's convenience charge to the payer, not the utility's: only the
  // amount applied to the account goes into the ledger.
  await tx
    .insert(ledgerEntries)
    .values({
      tenantId: row.tenantId,
      accountId: row.accountId,
      entryDate: today,
      kind: 'payment',
      transactionType: 'PAY',
      description: `Payment ${row.confirmationNumber} - thank you`,
      amountCents: -row.amountCents,
      billId: row.billId,
      paymentId: row.id,
    })
    .onConflictDoNothing();
  return row;
}

/** A pending payment written under its key, or the first attempt's row when the key was used. */
export interface RecordedPayment {
  row: PaymentRow;
  created: boolean;
}

/**
 * Step 1: validates and writes the payment as `pending` under its idempotency key. Runs in the
 * caller's transaction when given one (the hosted page claims its token in the same commit).
 */
export async function recordPendingPayment(
  db: Database | Transaction,
  request: PaymentRequest,
  now = new Date(),
): Promise<RecordedPayment> {
  validate(request, now);
  const method = methodOf(request.source);
  const feeCents = paymentFeeCents(request.amountCents, method, request.fees ?? SPEC_FEE_SCHEDULE);
  const [created] = await db
    .insert(payments)
    .values({
      tenantId: request.tenantId,
      accountId: request.accountId,
      userId: request.userId,
      billId: request.billId ?? null,
      idempotencyKey: request.idempotencyKey,
      confirmationNumber: confirmationNumber(),
      amountCents: request.amountCents,
      feeCents,
      method,
      channel: request.channel,
      platformKey: request.platformKey,
      ...sourceColumns('saved' in request.source ? request.source.source : sourceParts(request.source)),
      receiptEmail: request.receiptEmail ?? null,
      receiptLanguage: request.receiptLanguage ?? null,
      status: 'pending',
    })
    .onConflictDoNothing({ target: [payments.tenantId, payments.idempotencyKey] })
    .returning();
  if (created) return { row: created, created: true };
  const first = await findByKey(db, request.tenantId, request.idempotencyKey);
  if (!first) throw new Error('a payment key conflicted with a payment that cannot be read');
  if (first.accountId !== request.accountId || first.amountCents !== request.amountCents) {
    throw new PaymentInputError(paymentMessages.keyReused, 'idempotencyKey');
  }
  return { row: first, created: false };
}

/** Runs in the settling transaction, after the payment's final state is written (receipts, tokens). */
export type AfterSettle = (tx: Transaction, settled: PaymentRow) => Promise<void>;

/**
 * Steps 2 and 3: charges a recorded pending payment with its key and settles the answer. A lost
 * answer leaves it pending for the reconciler.
 */
export async function chargeRecordedPayment(
  db: Database,
  processor: PaymentProcessor,
  row: PaymentRow,
  source: ChargeSource,
  today: string,
  afterSettle?: AfterSettle,
): Promise<PaymentResult> {
  let outcome: ChargeOutcome;
  try {
    outcome = await processor.charge({
      merchantId: row.tenantId,
      idempotencyKey: row.idempotencyKey,
      amountCents: row.amountCents + row.feeCents,
      source,
    });
  } catch (error) {
    // Unknown outcome (time-out, network): it stays pending and the reconciler asks the processor.
    if (!(error instanceof ProcessorTimeoutError)) throw error;
    return resultOf(row, false);
  }
  const settled = await db.transaction(async (tx) => {
    const written = await settlePayment(tx, row.id, outcome, today);
    if (written && afterSettle) await afterSettle(tx, written);
    return written;
  });
  return resultOf(settled ?? row, false);
}

export async function submitPayment(
  db: Database,
  processor: PaymentProcessor,
  request: PaymentRequest,
  now = new Date(),
): Promise<PaymentResult> {
  const recorded = await recordPendingPayment(db, request, now);
  if (!recorded.created) return resultOf(recorded.row, true);
  return chargeRecordedPayment(db, processor, recorded.row, request.source, request.today);
}

/** A payment of the tenant by id (for status pages and receipts). */
export async function findPayment(
  db: Database,
  tenantId: string,
  paymentId: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.id, paymentId)))
    .limit(1);
  return row ?? null;
}

/** The count of a tenant's ledger entries for a payment: tests and checks use it. */
export async function ledgerEntriesOf(db: Database, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, paymentId));
  return Number(row?.count ?? 0);
}
