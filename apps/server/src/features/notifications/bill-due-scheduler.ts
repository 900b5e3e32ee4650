// Finds the due-date reminders and past-due notices that are owed now and sends each once. Every
// instance runs it; a notice's event key (kind and bill) keeps it to one mail. It looks at each
// account's latest bill only (an older one is carried into it), so a server that was down sends
// what is still owed when it is back: the reminder until the due date, the past-due notice for
// PAST_DUE_WINDOW_DAYS after it.
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  autopayEnrollments,
  bills,
  customerAccounts,
  noticesSent,
  tenants,
  userAccounts,
  users,
} from '../../db/schema/index.ts';
import { addDays, localDate } from '../../domain/calendar/local-day.ts';
import { unpaidOfBill } from '../billing/outstanding.ts';
import { balancesOf } from '../billing/repository.ts';
import { renderBillDueNotice } from '../mail/templates/notice-bill-due.ts';
import { noticeSettingsOf } from './notification-settings.ts';
import { type NoticeOutcome, sendNotice } from './send-notice.ts';

/** How long after the due date a missed past-due notice is still sent (catch-up after downtime). */
export const PAST_DUE_WINDOW_DAYS = 10;

export interface BillDueReport {
  reminders: number;
  pastDue: number;
  optedOut: number;
}

interface Candidate {
  bill_id: string;
  account_id: string;
  due_date: string;
  amount_due_cents: string;
  account_number: string;
  holder_name: string;
  email: string;
  locale: string | null;
  on_autopay: boolean;
}

type Tenant = typeof tenants.$inferSelect;

async function candidatesOf(db: Database, tenantId: string, today: string, daysBefore: number) {
  const result: unknown = await db.execute(sql`
    select b.id as bill_id, a.id as account_id, b.due_date::text as due_date,
           b.amount_due_cents::text as amount_due_cents, a.account_number, a.holder_name, a.email,
           (select u.locale from ${userAccounts} ua join ${users} u on u.id = ua.user_id
             where ua.account_id = a.id order by ua.linked_at limit 1) as locale,
           exists (select 1 from ${autopayEnrollments} e
             where e.account_id = a.id and e.status = 'active') as on_autopay
    from ${customerAccounts} a
    join lateral (
      select id, due_date, amount_due_cents from ${bills}
      where account_id = a.id and status <> 'void'
      order by bill_date desc limit 1
    ) b on true
    where a.tenant_id = ${tenantId} and a.closed_on is null and a.email is not null and a.email <> ''
      and b.amount_due_cents > 0
      and b.due_date between ${addDays(today, -PAST_DUE_WINDOW_DAYS)}::date and ${addDays(today, daysBefore)}::date
      and not exists (
        select 1 from ${noticesSent} n where n.tenant_id = a.tenant_id
          and n.event_key = (case when b.due_date < ${today}::date then 'past_due:' else 'due_reminder:' end) || b.id::text
      )
  `);
  // node-postgres and PGlite both answer { rows }.
  return (result as { rows: Candidate[] }).rows;
}

async function sendBillDueNotice(
  tx: Transaction,
  tenant: Tenant,
  candidate: Candidate,
  kind: 'reminder' | 'pastDue',
  unpaidCents: number,
  publicUrl: string,
): Promise<NoticeOutcome> {
  const mail = renderBillDueNotice(
    kind,
    candidate.locale,
    {
      name: tenant.name,
      theme: tenant.defaultTheme,
      phone: tenant.contact.phone,
      email: tenant.contact.email,
    },
    {
      recipientName: candidate.holder_name,
      accountNumberLast4: candidate.account_number.slice(-4),
      unpaidCents,
      dueDate: candidate.due_date,
      accountInfoUrl: `${publicUrl}/accountInfo`,
    },
  );
  const type = kind === 'reminder' ? 'due_reminder' : 'past_due';
  return sendNotice(tx, {
    tenantId: tenant.id,
    type,
    eventKey: `${type}:${candidate.bill_id}`,
    to: candidate.email,
    locale: candidate.locale,
    purpose: kind === 'reminder' ? 'notice-due-reminder' : 'notice-past-due',
    publicUrl,
    mail,
  });
}

/** One pass over every utility's unpaid latest bills as of `now`. */
export async function sendBillDueNotices(
  db: Database,
  options: { publicUrl: string; now?: Date },
): Promise<BillDueReport> {
  const now = options.now ?? new Date();
  const report: BillDueReport = { reminders: 0, pastDue: 0, optedOut: 0 };
  for (const tenant of await db.select().from(tenants)) {
    const today = localDate(tenant.timeZone, now);
    const { reminderDaysBefore } = await noticeSettingsOf(db, tenant.id);
    const candidates = await candidatesOf(db, tenant.id, today, reminderDaysBefore);
    if (candidates.length === 0) continue;
    const balances = await balancesOf(
      db,
      candidates.map((candidate) => candidate.account_id),
    );
    for (const candidate of candidates) {
      const kind = candidate.due_date < today ? 'pastDue' : 'reminder';
      // AutoPay pays on the due date and sends its own notice: no reminder, but a past-due
      // notice when the withdrawal did not cover the bill.
      if (kind === 'reminder' && candidate.on_autopay) continue;
      const unpaid = unpaidOfBill(
        balances.get(candidate.account_id) ?? 0,
        Number(candidate.amount_due_cents),
      );
      if (unpaid <= 0) continue;
      const outcome = await db.transaction((tx) =>
        sendBillDueNotice(tx, tenant, candidate, kind, unpaid, options.publicUrl),
      );
      if (outcome === 'opted_out') report.optedOut += 1;
      if (outcome === 'queued') {
        if (kind === 'reminder') report.reminders += 1;
        else report.pastDue += 1;
      }
    }
  }
  return report;
}
