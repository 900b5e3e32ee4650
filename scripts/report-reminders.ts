// `npm run report:reminders`: what the demo data says about reminders and late payment. Seeds the
// demo utility in a throwaway in-memory PGlite, runs the product's notice scheduler once (as the
// server would today), then counts, among bills whose due date has passed, the share paid late
// (less than the amount due paid by the due date) with and without a reminder. It reports the
// data; it does not assume the spec's claim (notifications reduce delinquencies by up to 50 %).
//
//   npm run report:reminders [-- --accounts 200 --months 25]
import { parseArgs } from 'node:util';
import { DEFAULT_REMINDER_DAYS_BEFORE } from '@gridfront/contracts';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';
import { localDate } from '../apps/server/src/domain/calendar/local-day.ts';
import { sendBillDueNotices } from '../apps/server/src/features/notifications/bill-due-scheduler.ts';
import { DEFAULT_SEED, seedDemoUtility } from '../apps/server/src/seed/index.ts';

const { values } = parseArgs({
  options: { accounts: { type: 'string', default: '200' }, months: { type: 'string', default: '25' } },
});
const accounts = Number(values.accounts);
const months = Number(values.months);

interface BillRow {
  amount_due_cents: string;
  paid_by_due: string;
  paid_by_reminder_day: string;
  reminded: boolean;
  reachable: boolean;
}

const percent = (part: number, whole: number) =>
  whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)} %`;

function line(label: string, rows: BillRow[]) {
  const late = rows.filter((row) => Number(row.paid_by_due) < Number(row.amount_due_cents)).length;
  return `  ${label.padEnd(44)} ${String(rows.length).padStart(6)} bills, ${String(late).padStart(5)} paid late (${percent(late, rows.length)})`;
}

const handle = await openDatabase({ log: () => undefined });
try {
  await applyMigrations(handle);
  const now = new Date();
  await seedDemoUtility(handle.db, { accounts, seed: DEFAULT_SEED, months, now, log: () => undefined });
  const sent = await sendBillDueNotices(handle.db, { publicUrl: 'http://localhost:8080', now });
  const today = localDate('America/Chicago', now);
  const days = DEFAULT_REMINDER_DAYS_BEFORE;
  // Payments credited after the bill date up to a day (the bill run's own rule for late fees).
  const paidBy = (until: ReturnType<typeof sql>) => sql`coalesce((
      select -sum(l.amount_cents) from ledger_entries l
      where l.account_id = b.account_id and l.kind = 'payment'
        and l.entry_date > b.bill_date and l.entry_date <= ${until}), 0)::text`;
  const result: unknown = await handle.db.execute(sql`
    select b.amount_due_cents::text as amount_due_cents,
           ${paidBy(sql`b.due_date`)} as paid_by_due,
           ${paidBy(sql`b.due_date - ${days}::int`)} as paid_by_reminder_day,
           exists (select 1 from notices_sent n
                   where n.event_key = 'due_reminder:' || b.id::text and n.mail_id is not null) as reminded,
           (a.email is not null and a.email <> ''
             and not exists (select 1 from autopay_enrollments e
                             where e.account_id = a.id and e.status = 'active')) as reachable
    from bills b join customer_accounts a on a.id = b.account_id
    where b.status <> 'void' and b.amount_due_cents > 0 and b.due_date < ${today}::date
  `);
  const rows = (result as { rows: BillRow[] }).rows;
  const reminded = rows.filter((row) => row.reminded);
  const notReminded = rows.filter((row) => !row.reminded);
  // Who today's rule would have reminded: unpaid N days before the due date, reachable by e-mail.
  const wouldRemind = rows.filter(
    (row) => row.reachable && Number(row.paid_by_reminder_day) < Number(row.amount_due_cents),
  );
  const wouldNot = rows.filter((row) => !wouldRemind.includes(row));

  console.log(`Reminders and late payment in the demo data`);
  console.log(
    `(seed ${DEFAULT_SEED}, ${accounts} accounts, ${months} months to ${today}; reminder ${days} days before the due date)`,
  );
  console.log(
    `Today's scheduler pass: ${sent.reminders} reminders, ${sent.pastDue} past-due notices queued.\n`,
  );
  console.log(`Bills with an amount due whose due date has passed: ${rows.length}`);
  console.log('1. By reminders actually sent (notices_sent, i.e. the product sent one before the due date):');
  console.log(line('with a reminder', reminded));
  console.log(line('without a reminder', notReminded));
  console.log(`\n2. By today's reminder rule applied to each past bill (unpaid ${days} days before due,`);
  console.log('   e-mail on file, not on AutoPay): the bills a reminder would have gone to, and the rest:');
  console.log(line('would have had a reminder', wouldRemind));
  console.log(line('would not', wouldNot));
  console.log(`
What this shows and what it does not:
- The demo generator (apps/server/src/seed/billing-history.ts) draws each bill's payment date from
  the account's payer habit (autopay, prompt, late, delinquent) and never from a reminder: the demo
  data has no behaviour linking reminders and payment.
- Its history was generated, not lived through by the product, so no past bill has a reminder on
  record (line 1: "with a reminder" is empty or holds only bills not yet due).
- Line 2 compares bills by whether they would have been reminded. Any gap there is selection (a
  bill still unpaid ${days} days before its due date is more often paid late), not an effect of reminders.
- So the demo data neither shows nor refutes the claim that notifications reduce delinquencies by
  up to 50 %. Measuring it needs real payment data with reminders, ideally a randomised hold-out.`);
} finally {
  await handle.close();
}
