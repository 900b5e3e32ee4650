// The AutoPay job, run every minute by every instance. Two steps, each safe to run anywhere at once:
//   1. notice: for each active enrollment whose latest bill falls due within the utility's notice
//      days (autopayRules.noticeDaysBefore, /admin/settings),
//      one run row per bill (unique bill id) and, in the same commit, the notice e-mail;
//   2. withdrawal: runs due today or earlier (so a server that was down catches up) are claimed
//      under FOR UPDATE SKIP LOCKED with a lease, and paid with the idempotency key of the run, so
//      a crash or a second instance can only repeat the same charge, never add one.
// The amount is what is still unpaid of the bill at the withdrawal; over the customer's maximum
// nothing is charged and the customer is told; AutoPay carries no convenience fee.
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { PaymentProcessor } from '../../adapters/payments/processor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import {
  autopayEnrollments,
  autopayRuns,
  bills,
  customerAccounts,
  tenants,
  users,
} from '../../db/schema/index.ts';
import { addDays, localDate } from '../../domain/calendar/local-day.ts';
import { autopayRulesOf, withdrawalCapOf } from '../admin/settings-rules.ts';
import { unpaidOfBill } from '../billing/outstanding.ts';
import { balancesOf } from '../billing/repository.ts';
import { type AutopayMailKind, renderAutopayMail } from '../mail/templates/autopay-mail.ts';
import { sendNotice } from '../notifications/send-notice.ts';
import { submitPayment } from '../payments/payment-service.ts';
import { activePlatform } from '../payments/platform-service.ts';
import { enrollmentSource } from './autopay-service.ts';

/** How long a claimed run is reserved for the instance that claimed it. */
const LEASE_SECONDS = 120;
const BATCH = 25;
const NO_FEES = { cardFeeBasisPoints: 0, achFeeCents: 0 };
/** The portal's address for the notices' unsubscribe links when the caller names none (tests). */
const LOCAL_PUBLIC_URL = 'http://localhost:8080';

type RunRow = typeof autopayRuns.$inferSelect;
type Tenant = typeof tenants.$inferSelect;

interface Recipient {
  email: string;
  name: string;
  locale: string | null;
}

async function tenantsById(db: Database): Promise<Map<string, Tenant>> {
  return new Map((await db.select().from(tenants)).map((tenant) => [tenant.id, tenant]));
}

/** The signed-in user who enrolled, else the account's own address. */
async function recipientOf(
  db: Database | Transaction,
  enrollment: { userId: string | null; accountId: string },
): Promise<Recipient | null> {
  if (enrollment.userId) {
    const [user] = await db
      .select({ email: users.email, name: users.fullName, locale: users.locale })
      .from(users)
      .where(eq(users.id, enrollment.userId))
      .limit(1);
    if (user) return user;
  }
  const [account] = await db
    .select({ email: customerAccounts.email, name: customerAccounts.holderName })
    .from(customerAccounts)
    .where(eq(customerAccounts.id, enrollment.accountId))
    .limit(1);
  return account?.email ? { ...account, locale: null } : null;
}

/** An AutoPay notice (type autopay: the customer can turn it off), once per run and kind. */
async function queueAutopayMail(
  tx: Transaction,
  tenant: Tenant,
  kind: AutopayMailKind,
  enrollment: typeof autopayEnrollments.$inferSelect,
  facts: { accountNumber: string; amountCents: number; dueDate: string; reason?: string },
  notice: { runId: string; publicUrl: string },
): Promise<void> {
  const recipient = await recipientOf(tx, enrollment);
  if (!recipient) return;
  const rendered = renderAutopayMail(
    kind,
    recipient.locale,
    {
      name: tenant.name,
      theme: tenant.defaultTheme,
      phone: tenant.contact.phone,
      email: tenant.contact.email,
    },
    {
      recipientName: recipient.name,
      accountNumberLast4: facts.accountNumber.slice(-4),
      amountCents: facts.amountCents,
      maximumCents: enrollment.autopayMaxWithdrawalCents,
      dueDate: facts.dueDate,
      source: enrollmentSource(enrollment),
      ...(facts.reason ? { reason: facts.reason } : {}),
    },
  );
  await sendNotice(tx, {
    tenantId: tenant.id,
    type: 'autopay',
    eventKey: `autopay-${kind}:${notice.runId}`,
    to: recipient.email,
    locale: recipient.locale,
    purpose: `autopay-${kind}`,
    publicUrl: notice.publicUrl,
    mail: rendered,
  });
}

interface NoticeCandidate {
  enrollment_id: string;
  bill_id: string;
  due_date: string;
  amount_due_cents: string;
  account_number: string;
}

/** Step 1: one run (and one notice) per bill coming due. Returns how many runs it created. */
export async function scheduleAutopayNotices(
  db: Database,
  now = new Date(),
  publicUrl = LOCAL_PUBLIC_URL,
): Promise<number> {
  const byId = await tenantsById(db);
  const latestToday = [...byId.values()]
    .map((tenant) => localDate(tenant.timeZone, now))
    .sort()
    .at(-1);
  if (!latestToday) return 0;
  const longestNotice = Math.max(
    ...[...byId.values()].map((tenant) => autopayRulesOf(tenant).noticeDaysBefore),
  );
  // Each active enrollment with its account's latest bill, when no run exists for that bill yet.
  const result: unknown = await db.execute(sql`
    select e.id as enrollment_id, b.id as bill_id, b.due_date::text as due_date,
           b.amount_due_cents::text as amount_due_cents, a.account_number
    from ${autopayEnrollments} e
    join ${customerAccounts} a on a.id = e.account_id
    join lateral (
      select id, due_date, amount_due_cents from ${bills}
      where account_id = e.account_id and status <> 'void'
      order by bill_date desc limit 1
    ) b on true
    where e.status = 'active'
      and b.due_date >= e.start_date
      and (e.end_date is null or b.due_date <= e.end_date)
      and (e.expire_date is null or b.due_date <= e.expire_date)
      and b.due_date <= ${addDays(latestToday, longestNotice)}::date
      and not exists (select 1 from ${autopayRuns} r where r.bill_id = b.id)
  `);
  // node-postgres and PGlite both answer { rows }.
  const rows = (result as { rows: NoticeCandidate[] }).rows;
  let created = 0;
  for (const candidate of rows) {
    const [enrollment] = await db
      .select()
      .from(autopayEnrollments)
      .where(eq(autopayEnrollments.id, candidate.enrollment_id))
      .limit(1);
    const tenant = enrollment ? byId.get(enrollment.tenantId) : undefined;
    if (!enrollment || !tenant) continue;
    const today = localDate(tenant.timeZone, now);
    const rules = autopayRulesOf(tenant);
    if (candidate.due_date > addDays(today, rules.noticeDaysBefore)) continue;
    const balance = (await balancesOf(db, [enrollment.accountId])).get(enrollment.accountId) ?? 0;
    const unpaid = unpaidOfBill(balance, Number(candidate.amount_due_cents));
    const inserted = await db.transaction(async (tx) => {
      const [run] = await tx
        .insert(autopayRuns)
        .values({
          tenantId: tenant.id,
          enrollmentId: enrollment.id,
          billId: candidate.bill_id,
          scheduledFor: addDays(candidate.due_date, -rules.withdrawalDaysBefore),
          noticeAmountCents: unpaid,
          // A bill paid already needs neither a notice nor a withdrawal.
          ...(unpaid === 0 ? { status: 'nothing_due' as const, finishedAt: now } : {}),
        })
        .onConflictDoNothing({ target: autopayRuns.billId })
        .returning();
      if (run && unpaid > 0) {
        await queueAutopayMail(
          tx,
          tenant,
          'notice',
          enrollment,
          {
            accountNumber: candidate.account_number,
            amountCents: unpaid,
            dueDate: candidate.due_date,
          },
          { runId: run.id, publicUrl },
        );
      }
      return run;
    });
    if (inserted) created += 1;
  }
  return created;
}

/** Claims due runs (or runs whose claim has lapsed) for this instance. */
async function claimDueRuns(db: Database, latestToday: string): Promise<RunRow[]> {
  const due = db
    .select({ id: autopayRuns.id })
    .from(autopayRuns)
    .where(
      and(
        lte(autopayRuns.scheduledFor, latestToday),
        or(
          eq(autopayRuns.status, 'scheduled'),
          and(eq(autopayRuns.status, 'processing'), lte(autopayRuns.leaseUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(autopayRuns.scheduledFor)
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(autopayRuns)
    .set({ status: 'processing', leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(inArray(autopayRuns.id, due))
    .returning();
}

type FinalStatus = 'paid' | 'failed' | 'over_maximum' | 'nothing_due' | 'cancelled';

/** Ends a run this instance holds; the mail, if any, commits with it. */
async function finish(
  db: Database,
  run: RunRow,
  status: FinalStatus,
  extra: { paymentId?: string; detail?: string; mail?: (tx: Transaction) => Promise<void> } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(autopayRuns)
      .set({
        status,
        paymentId: extra.paymentId ?? null,
        detail: extra.detail ?? null,
        leaseUntil: null,
        finishedAt: sql`now()`,
      })
      .where(and(eq(autopayRuns.id, run.id), eq(autopayRuns.status, 'processing')))
      .returning();
    if (done && extra.mail) await extra.mail(tx);
  });
}

async function release(db: Database, run: RunRow): Promise<void> {
  await db
    .update(autopayRuns)
    .set({ status: 'scheduled', leaseUntil: null })
    .where(and(eq(autopayRuns.id, run.id), eq(autopayRuns.status, 'processing')));
}

/**
 * The enrollment that pays a run: the one that scheduled it, or, when the customer has changed
 * AutoPay since the notice, the account's active one now. None when AutoPay was cancelled.
 */
async function enrollmentFor(db: Database, run: RunRow) {
  const [scheduledBy] = await db
    .select()
    .from(autopayEnrollments)
    .where(eq(autopayEnrollments.id, run.enrollmentId))
    .limit(1);
  if (!scheduledBy || scheduledBy.status === 'active') return scheduledBy ?? null;
  const [current] = await db
    .select()
    .from(autopayEnrollments)
    .where(
      and(eq(autopayEnrollments.accountId, scheduledBy.accountId), eq(autopayEnrollments.status, 'active')),
    )
    .limit(1);
  return current ?? null;
}

async function withdraw(
  db: Database,
  processor: PaymentProcessor,
  tenant: Tenant,
  run: RunRow,
  today: string,
  publicUrl: string,
) {
  const notice = { runId: run.id, publicUrl };
  const enrollment = await enrollmentFor(db, run);
  if (!enrollment) return finish(db, run, 'cancelled');
  const [bill] = await db.select().from(bills).where(eq(bills.id, run.billId)).limit(1);
  const [account] = await db
    .select({ accountNumber: customerAccounts.accountNumber })
    .from(customerAccounts)
    .where(eq(customerAccounts.id, enrollment.accountId))
    .limit(1);
  if (!bill || !account) return finish(db, run, 'cancelled');
  const balance = (await balancesOf(db, [enrollment.accountId])).get(enrollment.accountId) ?? 0;
  const unpaid = unpaidOfBill(balance, bill.amountDueCents);
  const facts = { accountNumber: account.accountNumber, amountCents: unpaid, dueDate: bill.dueDate };
  if (unpaid <= 0) return finish(db, run, 'nothing_due');
  const maximum = withdrawalCapOf(enrollment.autopayMaxWithdrawalCents, autopayRulesOf(tenant));
  if (maximum !== null && unpaid > maximum) {
    return finish(db, run, 'over_maximum', {
      mail: (tx) => queueAutopayMail(tx, tenant, 'overMaximum', enrollment, facts, notice),
    });
  }
  if (!enrollment.processorToken) {
    const detail = 'No saved payment method';
    return finish(db, run, 'failed', {
      detail,
      mail: (tx) => queueAutopayMail(tx, tenant, 'failed', enrollment, { ...facts, reason: detail }, notice),
    });
  }
  let platformKey: string;
  try {
    platformKey = (await activePlatform(db, tenant.id)).platformKey;
  } catch {
    // No processor to pay with right now: the run waits for the next pass.
    return release(db, run);
  }
  const recipient = await recipientOf(db, enrollment);
  const result = await submitPayment(db, processor, {
    tenantId: tenant.id,
    accountId: enrollment.accountId,
    userId: enrollment.userId,
    billId: bill.id,
    channel: 'autopay',
    platformKey,
    amountCents: unpaid,
    source: { saved: enrollment.processorToken, source: enrollmentSource(enrollment) },
    idempotencyKey: `autopay:${run.id}`,
    fees: NO_FEES,
    today,
    receiptEmail: recipient?.email ?? null,
    receiptLanguage: recipient?.locale ?? null,
  });
  if (result.status === 'succeeded') return finish(db, run, 'paid', { paymentId: result.paymentId });
  if (result.status === 'failed') {
    const reason = result.failureReason ?? '';
    return finish(db, run, 'failed', {
      paymentId: result.paymentId,
      detail: reason,
      mail: (tx) => queueAutopayMail(tx, tenant, 'failed', enrollment, { ...facts, reason }, notice),
    });
  }
  // Pending (the processor's answer was lost): the lease lapses and a later pass asks again with
  // the same key, which only reads back the one charge.
}

/** Step 2: pays the runs that are due. Returns how many runs it finished or touched. */
export async function runDueAutopay(
  db: Database,
  processor: PaymentProcessor,
  now = new Date(),
  publicUrl = LOCAL_PUBLIC_URL,
): Promise<number> {
  const byId = await tenantsById(db);
  const todays = new Map([...byId.values()].map((tenant) => [tenant.id, localDate(tenant.timeZone, now)]));
  const latest = [...todays.values()].sort().at(-1);
  if (!latest) return 0;
  const claimed = await claimDueRuns(db, latest);
  for (const run of claimed) {
    const tenant = byId.get(run.tenantId);
    const today = todays.get(run.tenantId);
    if (!tenant || !today) continue;
    // Due by the latest calendar on earth, not yet by this utility's own: back it goes.
    if (run.scheduledFor > today) {
      await release(db, run);
      continue;
    }
    await withdraw(db, processor, tenant, run, today, publicUrl);
  }
  return claimed.length;
}

export async function runAutopay(
  db: Database,
  processor: PaymentProcessor,
  now = new Date(),
  publicUrl = LOCAL_PUBLIC_URL,
) {
  const scheduled = await scheduleAutopayNotices(db, now, publicUrl);
  const processed = await runDueAutopay(db, processor, now, publicUrl);
  return { scheduled, processed };
}
