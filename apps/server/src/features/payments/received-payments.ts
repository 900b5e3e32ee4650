// A payment the utility receives itself, with no processor to charge: a check that comes by mail, or
// cash or a check at the office. It is written under its idempotency key (unique per tenant, so a
// repeat writes nothing) and settled in the same transaction by settlePayment, the step every
// processor payment ends with: one ledger entry per payment, the same triggers, the same receipt rule.
import type { Database, Transaction } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { type PaymentRow, settlePayment } from './payment-service.ts';

export interface ReceivedPayment {
  tenantId: string;
  accountId: string;
  billId: string | null;
  channel: 'mail' | 'agent';
  method: 'check' | 'cash';
  amountCents: number;
  idempotencyKey: string;
  confirmationNumber: string;
  /** Where the money went in: the utility's lockbox (mail) or its office (in person). */
  platformKey: string;
  /** The tenant's local date the payment arrived, for the ledger. */
  day: string;
}

/**
 * Writes and settles a received payment once; returns the payment, or null when the key was used.
 * In the caller's transaction when given one.
 */
export async function recordReceivedPayment(
  db: Database | Transaction,
  received: ReceivedPayment,
): Promise<PaymentRow | null> {
  if (!Number.isSafeInteger(received.amountCents) || received.amountCents <= 0) {
    throw new RangeError('A received payment is a positive whole number of cents');
  }
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(payments)
      .values({
        tenantId: received.tenantId,
        accountId: received.accountId,
        userId: null,
        billId: received.billId,
        idempotencyKey: received.idempotencyKey,
        confirmationNumber: received.confirmationNumber,
        amountCents: received.amountCents,
        feeCents: 0,
        method: received.method,
        channel: received.channel,
        platformKey: received.platformKey,
        // No card or bank account: the method (check, cash) is the whole source.
        status: 'pending',
      })
      .onConflictDoNothing({ target: [payments.tenantId, payments.idempotencyKey] })
      .returning();
    if (!created) return null;
    const settled = await settlePayment(
      tx,
      created.id,
      { status: 'succeeded', reference: `${received.platformKey}:${received.confirmationNumber}` },
      received.day,
    );
    if (!settled) throw new Error('a received payment could not be settled');
    return settled;
  });
}
