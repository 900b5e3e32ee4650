// The bill run: each generated account gets the bill of every month whose bill date has come and
// that it has no bill for yet, drafted and priced as the seed does (seed/bill-drafts.ts,
// seed/month-segments.ts) from the reads stored in the database, so bills, usage and comparisons
// agree. Bill, segments, line items, ledger entries and the paperless customer's e-mail are written
// in one transaction, under the account's row lock (FOR NO KEY UPDATE SKIP LOCKED); the bill number is
// unique per tenant, so a second instance can neither wait on nor duplicate a bill.
import { and, asc, desc, eq, gt, like, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  bills,
  customerAccounts,
  ledgerEntries,
  payments,
  tariffs,
  userAccounts,
  users,
} from '../../db/schema/index.ts';
import { addDays, addMonths, lastOfMonth } from '../../domain/calendar/local-day.ts';
import type { UrdbRateStructure } from '../../domain/tariffs/urdb.ts';
import { type BillDraft, billDateFor, billStatusFor, draftBill, lateFeeFor } from '../../seed/bill-drafts.ts';
import { accountIndexFor } from '../../seed/generated-tenant.ts';
import { priceMonthSegments, type SegmentTariff } from '../../seed/month-segments.ts';
import { renderNewBillMail } from '../mail/templates/new-bill-mail.ts';
import { sendNotice } from '../notifications/send-notice.ts';
import { writeBill } from './bill-rows.ts';
import { DEMO_PAYMENT_KEY_PREFIX } from './demo-payments.ts';
import type { GeneratedTenant } from './generated-tenants.ts';
import { meteredMonth } from './stored-usage.ts';

export interface IssueReport {
  bills: number;
  mails: number;
}

type PreviousBill = Pick<BillDraft, 'billDate' | 'dueDate' | 'periodEnd' | 'amountDueCents'>;

/** The period after the latest bill's, or the history's first month. */
function nextPeriodEnd(generated: GeneratedTenant, latest: { periodEnd: string } | undefined): string {
  return latest ? lastOfMonth(addDays(latest.periodEnd, 1)) : lastOfMonth(generated.startDate);
}

async function latestBillOf(
  db: Database | Transaction,
  accountId: string,
): Promise<PreviousBill | undefined> {
  const [latest] = await db
    .select({
      billDate: bills.billDate,
      dueDate: bills.dueDate,
      periodEnd: bills.periodEnd,
      amountDueCents: bills.amountDueCents,
    })
    .from(bills)
    .where(and(eq(bills.accountId, accountId), sql`${bills.status} <> 'void'`))
    .orderBy(desc(bills.billDate))
    .limit(1);
  return latest;
}

/** Payments credited to the account after `after`, up to and including `until` (positive cents). */
async function paymentsBetween(
  tx: Transaction,
  accountId: string,
  after: string,
  until: string,
): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.accountId, accountId),
        eq(ledgerEntries.kind, 'payment'),
        gt(ledgerEntries.entryDate, after),
        lte(ledgerEntries.entryDate, until),
      ),
    );
  return -Number(row?.total ?? 0);
}

/** Who gets the e-mail: the account's address, in the language of the customer linked to it. */
async function mailLocaleOf(tx: Transaction, accountId: string): Promise<string | null> {
  const [user] = await tx
    .select({ locale: users.locale })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .where(eq(userAccounts.accountId, accountId))
    .orderBy(asc(userAccounts.linkedAt))
    .limit(1);
  return user?.locale ?? null;
}

/** A demo payment of the account's bill written and not yet settled (demo-payments.ts). */
async function demoPaymentPending(tx: Transaction, accountId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.accountId, accountId),
        eq(payments.status, 'pending'),
        like(payments.idempotencyKey, `${DEMO_PAYMENT_KEY_PREFIX}%`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Issues one account's due bills (at most `maxBills`) in one transaction; returns how many bills
 * and e-mails.
 */
async function issueAccountBills(
  db: Database,
  generated: GeneratedTenant,
  accountId: string,
  today: string,
  tariffById: Map<string, SegmentTariff>,
  publicUrl: string,
  maxBills: number,
): Promise<IssueReport> {
  const { tenant } = generated;
  return db.transaction(async (tx) => {
    const report: IssueReport = { bills: 0, mails: 0 };
    const [account] = await tx
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.id, accountId))
      .for('no key update', { skipLocked: true });
    // Another instance is billing this account now.
    if (!account) return report;
    // The next bill counts the payment in, once it is settled: the next run bills it.
    if (await demoPaymentPending(tx, account.id)) return report;
    let previous = await latestBillOf(tx, account.id);
    for (
      let periodEnd = nextPeriodEnd(generated, previous);
      billDateFor(periodEnd) <= today && report.bills < maxBills;
      periodEnd = lastOfMonth(addMonths(periodEnd, 1))
    ) {
      const period = { periodStart: `${periodEnd.slice(0, 8)}01`, periodEnd, timeZone: tenant.timeZone };
      const usage = await meteredMonth(tx, account, tariffById, period);
      if (!usage) break; // reads still missing: the next run bills it
      const billDate = billDateFor(periodEnd);
      const { bill, ledger } = draftBill({
        accountNumber: account.accountNumber,
        month: { periodStart: period.periodStart, periodEnd, segments: priceMonthSegments(usage) },
        previousBalanceCents: previous?.amountDueCents ?? 0,
        paymentsReceivedCents: previous
          ? await paymentsBetween(tx, account.id, previous.billDate, billDate)
          : 0,
        lateFeeCents: lateFeeFor(
          previous
            ? {
                amountDueCents: previous.amountDueCents,
                paidByDueDateCents: await paymentsBetween(
                  tx,
                  account.id,
                  previous.billDate,
                  previous.dueDate,
                ),
              }
            : null,
          tenant.fees.lateFeeCents,
        ),
      });
      bill.status = billStatusFor(bill.amountDueCents, 0);
      const billId = await writeBill(tx, tenant.id, account, bill, ledger);
      if (!billId) break; // already issued elsewhere
      report.bills += 1;
      if (account.paperless && account.email) {
        const locale = await mailLocaleOf(tx, account.id);
        const rendered = renderNewBillMail(
          locale,
          {
            name: tenant.name,
            theme: tenant.defaultTheme,
            phone: tenant.contact.phone,
            email: tenant.contact.email,
          },
          {
            recipientName: account.holderName,
            accountNumberLast4: account.accountNumber.slice(-4),
            periodStart: bill.periodStart,
            periodEnd: bill.periodEnd,
            amountDueCents: bill.amountDueCents,
            dueDate: bill.dueDate,
            accountInfoUrl: `${publicUrl}/accountInfo`,
          },
        );
        // A notice of type bill_ready: once per bill, unless the customer turned it off.
        const outcome = await sendNotice(tx, {
          tenantId: tenant.id,
          type: 'bill_ready',
          eventKey: `bill_ready:${billId}`,
          to: account.email,
          locale,
          purpose: 'new-bill',
          publicUrl,
          mail: rendered,
        });
        if (outcome === 'queued') report.mails += 1;
      }
      previous = bill;
    }
    return report;
  });
}

/**
 * Issues every due bill of a generated tenant's accounts as of `today` (its local date), or at most
 * `maxBillsPerAccount` of each account's (the bill run then lets its customers pay in between).
 */
export async function issueDueBills(
  db: Database,
  generated: GeneratedTenant,
  today: string,
  publicUrl: string,
  maxBillsPerAccount = Number.POSITIVE_INFINITY,
): Promise<IssueReport> {
  const { tenant } = generated;
  const accounts = await db
    .select({
      id: customerAccounts.id,
      accountNumber: customerAccounts.accountNumber,
      lastPeriodEnd: sql<
        string | null
      >`(select max(${bills.periodEnd})::text from ${bills} where ${bills.accountId} = ${customerAccounts.id} and ${bills.status} <> 'void')`,
    })
    .from(customerAccounts)
    .where(and(eq(customerAccounts.tenantId, tenant.id), sql`${customerAccounts.closedOn} is null`))
    .orderBy(asc(customerAccounts.accountNumber));
  const due = accounts.filter((account) => {
    if (accountIndexFor(account.accountNumber) === null) return false;
    const latest = account.lastPeriodEnd ? { periodEnd: account.lastPeriodEnd } : undefined;
    return billDateFor(nextPeriodEnd(generated, latest)) <= today;
  });
  const report: IssueReport = { bills: 0, mails: 0 };
  if (due.length === 0) return report;
  const tariffRows = await db
    .select({ id: tariffs.id, structure: tariffs.structure })
    .from(tariffs)
    .where(eq(tariffs.tenantId, tenant.id));
  const tariffById = new Map(
    tariffRows.map((row) => [row.id, { id: row.id, structure: row.structure as UrdbRateStructure }]),
  );
  for (const account of due) {
    const issued = await issueAccountBills(
      db,
      generated,
      account.id,
      today,
      tariffById,
      publicUrl,
      maxBillsPerAccount,
    );
    report.bills += issued.bills;
    report.mails += issued.mails;
  }
  return report;
}
