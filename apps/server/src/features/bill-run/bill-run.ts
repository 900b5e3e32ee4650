// One pass of the demo's clock: for each generated tenant, the meters catch up to yesterday, then
// every bill whose date has come is issued. Each step is safe in several instances at once and,
// after downtime, catches up on every day and month it missed.
import type { Database } from '../../db/client.ts';
import { todayIn } from '../../domain/calendar/local-day.ts';
import { generatedTenants } from './generated-tenants.ts';
import { issueDueBills } from './issue-bills.ts';
import { catchUpMeters } from './meter-catch-up.ts';

export interface BillRunReport {
  weatherDays: number;
  intervalDays: number;
  monthlyReads: number;
  bills: number;
  mails: number;
}

export interface BillRunOptions {
  /** The portal's public address, for the link in the e-mail. */
  publicUrl: string;
  now?: Date;
}

export async function runBillRun(db: Database, options: BillRunOptions): Promise<BillRunReport> {
  const report: BillRunReport = { weatherDays: 0, intervalDays: 0, monthlyReads: 0, bills: 0, mails: 0 };
  for (const generated of await generatedTenants(db)) {
    const today = todayIn(generated.tenant.timeZone, options.now ?? new Date());
    const caughtUp = await catchUpMeters(db, generated, today);
    report.weatherDays += caughtUp.weatherDays;
    report.intervalDays += caughtUp.intervalDays;
    report.monthlyReads += caughtUp.monthlyReads;
    const issued = await issueDueBills(db, generated, today, options.publicUrl);
    report.bills += issued.bills;
    report.mails += issued.mails;
  }
  return report;
}
