// Queues the receipt of a payment that has just succeeded, in the transaction that settles it, so a
// receipt is sent exactly when the payment is on the ledger: also when the reconciler settles it.
import { storedSourceParts } from '@gridfront/contracts/payment-sources';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { customerAccounts, type payments, tenants } from '../../db/schema/index.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderReceipt } from '../mail/templates/receipt-mail.ts';

export async function queuePaymentReceipt(tx: Transaction, row: typeof payments.$inferSelect): Promise<void> {
  if (row.status !== 'succeeded' || !row.receiptEmail) return;
  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, row.tenantId)).limit(1);
  const [account] = await tx
    .select({ accountNumber: customerAccounts.accountNumber })
    .from(customerAccounts)
    .where(eq(customerAccounts.id, row.accountId))
    .limit(1);
  if (!tenant || !account) return;
  const rendered = renderReceipt(
    row.receiptLanguage,
    {
      name: tenant.name,
      theme: tenant.defaultTheme,
      phone: tenant.contact.phone,
      email: tenant.contact.email,
    },
    {
      confirmationNumber: row.confirmationNumber,
      accountNumberLast4: account.accountNumber.slice(-4),
      amountCents: row.amountCents,
      feeCents: row.feeCents,
      paidWith: storedSourceParts(row.sourceBrand, row.sourceLast4),
      paidAt: row.paidAt ?? new Date(),
      timeZone: tenant.timeZone,
    },
  );
  await enqueueMail(tx, {
    tenantId: row.tenantId,
    to: row.receiptEmail,
    purpose: 'payment-receipt',
    ...rendered,
  });
}
