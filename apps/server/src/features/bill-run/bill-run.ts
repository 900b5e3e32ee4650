// One pass of the demo's clock: for each generated tenant, the meters catch up to yesterday, then
// every bill whose date has come is issued and, with a payment processor, the customers not on
// AutoPay pay each bill whose payment day has passed (demo-payments.ts): a bill for each account, then
// the payments, and again, so that each bill counts the payments made before its date. Each step is
// safe in several instances at once and, after downtime, catches up on every day and month it missed.
import type { PaymentProcessor } from '../../adapters/payments/processor.ts';
import type { Database } from '../../db/client.ts';
import { todayIn } from '../../domain/calendar/local-day.ts';
import { payDemoBills } from './demo-payments.ts';
import { generatedTenants } from './generated-tenants.ts';
import { issueDueBills } from './issue-bills.ts';
import { catchUpMeters } from './meter-catch-up.ts';

export interface BillRunReport {
  weatherDays: number;
  intervalDays: number;
  monthlyReads: number;
  bills: number;
  mails: number;
  /** Bills the demo's customers paid. */
  payments: number;
}

export interface BillRunOptions {
  /** The portal's public address, for the link in the e-mail. */
  publicUrl: string;
  now?: Date;
  /** The processor the demo's customers pay by card and bank account with; none: nobody pays. */
  processor?: PaymentProcessor;
}

export async function runBillRun(db: Database, options: BillRunOptions): Promise<BillRunReport> {
  const report: BillRunReport = {
    weatherDays: 0,
    intervalDays: 0,
    monthlyReads: 0,
    bills: 0,
    mails: 0,
    payments: 0,
  };
  const now = options.now ?? new Date();
  for (const generated of await generatedTenants(db)) {
    const today = todayIn(generated.tenant.timeZone, now);
    const caughtUp = await catchUpMeters(db, generated, today);
    report.weatherDays += caughtUp.weatherDays;
    report.intervalDays += caughtUp.intervalDays;
    report.monthlyReads += caughtUp.monthlyReads;
    const { processor } = options;
    for (;;) {
      if (processor) report.payments += await payDemoBills(db, processor, generated, today, now);
      const issued = await issueDueBills(db, generated, today, options.publicUrl, processor ? 1 : undefined);
      report.bills += issued.bills;
      report.mails += issued.mails;
      if (!processor || issued.bills === 0) break;
    }
  }
  return report;
}
