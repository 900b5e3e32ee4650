// Every e-mail is first a row in mail_outbox, written in the same transaction as what caused it,
// so nothing is lost when SMTP is down; the worker delivers it and retries with back-off.
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export interface MailToQueue {
  tenantId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is for (signup-code, forgot-username, …); never its secret. */
  purpose: string;
}

export async function enqueueMail(db: Database | Transaction, mail: MailToQueue): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      tenantId: mail.tenantId,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      purpose: mail.purpose,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('the outbox insert returned no row');
  return row.id;
}

export const MAX_DELIVERY_ATTEMPTS = 8;
/** How long a claimed message is reserved for the instance that claimed it. */
const LEASE_SECONDS = 120;

/**
 * Claims due messages for this instance. The claim pushes next_attempt_at past the lease and
 * counts the attempt, under SKIP LOCKED, so several instances never send the same message twice
 * at once and a crashed instance's claim simply expires.
 */
export async function claimDueMail(db: Database, limit: number) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function markSent(db: Database, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** Back-off of 30 s, 1, 2, 4 … minutes; after the last attempt the row stays, marked failed, for staff. */
export async function markFailed(db: Database, id: string, attempts: number, error: string): Promise<void> {
  const retrySeconds = 30 * 2 ** Math.max(0, attempts - 1);
  await db
    .update(mailOutbox)
    .set({
      lastError: error.slice(0, 500),
      status: attempts >= MAX_DELIVERY_ATTEMPTS ? 'failed' : 'pending',
      nextAttemptAt: sql`now() + make_interval(secs => ${retrySeconds})`,
    })
    .where(eq(mailOutbox.id, id));
}

export async function listRecentMail(db: Database, tenantId: string, limit = 50) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.textBody,
      html: mailOutbox.htmlBody,
      purpose: mailOutbox.purpose,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.tenantId, tenantId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
