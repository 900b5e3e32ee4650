// The demo's customers who are not on AutoPay pay their bills: each account's latest bill is paid
// on the day seed/demo-payer.ts draws for it (the rule the seed's history follows too), once that
// day is past, by the customer's usual channel: card or bank account online through the payment
// processor (recordPendingPayment + chargeRecordedPayment, as the hosted page pays), a check by mail
// or cash at the office (recordReceivedPayment). Both end in settlePayment, so balances, history,
// bill status and late fees come from the same ledger entries as real payments'.
// Once only: the key `demo-bill:<bill number>` is unique per tenant, the account is claimed under its
// row lock (FOR NO KEY UPDATE SKIP LOCKED, as the bill run issues bills), and the bill run issues
// no bill for an account while such a payment is pending (issue-bills.ts).
import { luhnCheckDigit } from '@gridfront/contracts/payment-sources';
import { sql } from 'drizzle-orm';
import type { ChargeSource, PaymentProcessor } from '../../adapters/payments/processor.ts';
import type { Database } from '../../db/client.ts';
import { customerAccounts } from '../../db/schema/index.ts';
import { addDays, lastOfMonth } from '../../domain/calendar/local-day.ts';
import { tenantFeeSchedule } from '../../domain/fees/payment-fees.ts';
import { planAccount } from '../../seed/account-plan.ts';
import { billDateFor } from '../../seed/bill-drafts.ts';
import { type DemoPayment, demoPaymentOf, keepsLatestBillOpen } from '../../seed/demo-payer.ts';
import { accountIndexFor } from '../../seed/generated-tenant.ts';
import { chargeRecordedPayment, type PaymentRow, recordPendingPayment } from '../payments/payment-service.ts';
import { activePlatform } from '../payments/platform-service.ts';
import { recordReceivedPayment } from '../payments/received-payments.ts';
import type { GeneratedTenant } from './generated-tenants.ts';

/** The idempotency key of the demo's payment of a bill. */
export const DEMO_PAYMENT_KEY_PREFIX = 'demo-bill:';

interface Candidate {
  account_id: string;
  account_number: string;
  user_id: string | null;
  bill_id: string;
  bill_number: string;
  bill_date: string;
  due_date: string;
  period_end: string;
}

/** The customer's own card or bank account, as the processor's test mode takes it (never stored). */
function sourceOf(accountNumber: string, method: 'card' | 'ach', now: Date): ChargeSource {
  if (method === 'ach') return { bank: { routingNumber: '110000000', accountNumber: `00${accountNumber}` } };
  const body = `47${accountNumber}000`;
  const number = `${body}${luhnCheckDigit(body)}`;
  return { card: { number, expMonth: 12, expYear: now.getUTCFullYear() + 3, cvc: '123' } };
}

/** Generated accounts not on AutoPay whose latest bill has money owing and no demo payment yet. */
async function candidates(db: Database, tenantId: string): Promise<Candidate[]> {
  const result: unknown = await db.execute(sql`
    select a.id as account_id, a.account_number,
           (select ua.user_id from user_accounts ua where ua.account_id = a.id order by ua.linked_at limit 1) as user_id,
           b.id as bill_id, b.bill_number, b.bill_date::text as bill_date, b.due_date::text as due_date,
           b.period_end::text as period_end
    from ${customerAccounts} a
    join lateral (
      select id, bill_number, bill_date, due_date, period_end from bills
      where account_id = a.id and status <> 'void' order by bill_date desc limit 1
    ) b on true
    where a.tenant_id = ${tenantId} and a.closed_on is null
      and not exists (select 1 from autopay_enrollments e where e.account_id = a.id and e.status = 'active')
      and not exists (select 1 from payments p
                      where p.tenant_id = a.tenant_id and p.idempotency_key = ${DEMO_PAYMENT_KEY_PREFIX} || b.bill_number)
      and (select coalesce(sum(l.amount_cents), 0) from ledger_entries l where l.account_id = a.id) > 0
    order by a.account_number
  `);
  return (result as { rows: Candidate[] }).rows;
}

/** The payment this bill is due for as of `today`, or null while its day has not passed. */
function duePayment(generated: GeneratedTenant, candidate: Candidate, today: string): DemoPayment | null {
  const index = accountIndexFor(candidate.account_number);
  if (index === null) return null; // an account the seed did not make
  // A customer whose AutoPay was cancelled pays it by hand, on the due date.
  const plan = planAccount(generated.seed, index);
  const payment = demoPaymentOf(generated.seed, plan, {
    billNumber: candidate.bill_number,
    billDate: candidate.bill_date,
    dueDate: candidate.due_date,
  });
  if (payment.day >= today) return null;
  // The demo login's bill is paid (on its day) once the next bill is out.
  if (keepsLatestBillOpen(index) && billDateFor(lastOfMonth(addDays(candidate.period_end, 1))) > today)
    return null;
  return payment;
}

/**
 * Under the account's lock: the bill is still the latest, still owes money and has no demo payment.
 * A processor payment is written pending here (the charge follows after the commit); a check or
 * cash is written and settled here. Null when there is nothing to do or another instance has it.
 */
async function claim(
  db: Database,
  generated: GeneratedTenant,
  candidate: Candidate,
  payment: DemoPayment,
  platformKey: string,
  now: Date,
): Promise<{ pending: PaymentRow | null; received: boolean } | null> {
  const { tenant } = generated;
  return db.transaction(async (tx) => {
    const locked: unknown = await tx.execute(sql`
      select a.id,
             (select id from bills where account_id = a.id and status <> 'void' order by bill_date desc limit 1) as latest_bill,
             (select amount_due_cents from bills where id = ${candidate.bill_id}) as amount_due,
             (select coalesce(sum(amount_cents), 0) from ledger_entries where account_id = a.id) as balance
      from ${customerAccounts} a where a.id = ${candidate.account_id}
      for no key update of a skip locked`);
    const [row] = (locked as { rows: { latest_bill: string; amount_due: string; balance: string }[] }).rows;
    if (!row || row.latest_bill !== candidate.bill_id) return null;
    const owed = Math.min(Number(row.balance), Number(row.amount_due));
    if (owed <= 0) return null;
    const key = `${DEMO_PAYMENT_KEY_PREFIX}${candidate.bill_number}`;
    if (payment.method === 'check' || payment.method === 'cash') {
      const received = await recordReceivedPayment(tx, {
        tenantId: tenant.id,
        accountId: candidate.account_id,
        billId: candidate.bill_id,
        channel: payment.channel === 'agent' ? 'agent' : 'mail',
        method: payment.method,
        amountCents: owed,
        idempotencyKey: key,
        confirmationNumber: `${payment.channel === 'agent' ? 'OF' : 'LB'}${candidate.bill_number.replace('-', '')}`,
        platformKey: payment.channel === 'agent' ? 'office' : 'lockbox',
        day: payment.day,
      });
      return { pending: null, received: received !== null };
    }
    if (payment.method !== 'card' && payment.method !== 'ach') return null;
    const recorded = await recordPendingPayment(
      tx,
      {
        tenantId: tenant.id,
        accountId: candidate.account_id,
        userId: payment.channel === 'portal' ? candidate.user_id : null,
        billId: candidate.bill_id,
        channel: payment.channel === 'quickpay' ? 'quickpay' : 'portal',
        platformKey,
        amountCents: owed,
        source: sourceOf(candidate.account_number, payment.method, now),
        idempotencyKey: key,
        fees: tenantFeeSchedule(tenant.fees),
        today: payment.day,
      },
      now,
    );
    return { pending: recorded.created ? recorded.row : null, received: false };
  });
}

/**
 * Pays, for each generated account not on AutoPay, its latest bill when that bill's payment day is
 * past (`today` is the tenant's local date). Returns how many payments it made.
 */
export async function payDemoBills(
  db: Database,
  processor: PaymentProcessor,
  generated: GeneratedTenant,
  today: string,
  now = new Date(),
): Promise<number> {
  const due = (await candidates(db, generated.tenant.id)).flatMap((candidate) => {
    const payment = duePayment(generated, candidate, today);
    return payment ? [{ candidate, payment }] : [];
  });
  if (due.length === 0) return 0;
  let platformKey: string | null = null;
  try {
    platformKey = (await activePlatform(db, generated.tenant.id)).platformKey;
  } catch {
    // No processor to pay with now: card and bank payments wait for the next run.
  }
  let paid = 0;
  for (const { candidate, payment } of due) {
    const { method } = payment;
    const online = method === 'card' || method === 'ach';
    if (online && platformKey === null) continue;
    const claimed = await claim(db, generated, candidate, payment, platformKey ?? '', now);
    if (!claimed) continue;
    if (claimed.received) paid += 1;
    if (claimed.pending && online) {
      const result = await chargeRecordedPayment(
        db,
        processor,
        claimed.pending,
        sourceOf(candidate.account_number, method, now),
        payment.day,
      );
      if (result.status === 'succeeded') paid += 1;
    }
  }
  return paid;
}
