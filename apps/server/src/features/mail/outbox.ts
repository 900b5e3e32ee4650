// Every e-mail is first a row in mail_outbox, written in the same transaction as what caused it,
// so nothing is lost when SMTP is down; the worker delivers it and retries with back-off.
//
// A body is kept only while it may still be needed: every body, not only those with a code, is
// erased once it is delivered over SMTP or has failed for good, keeping recipient, subject, purpose
// and status. Deciding per message would mean every caller labelling its mail correctly (codes,
// account numbers, a customer's own words in a contact message); erasing them all cannot be
// forgotten by the next template. Without SMTP the row is the mailbox (/dev/mailbox), so there the
// body stays until the retention purge erases it (BODY_RETENTION_HOURS).
import { and, asc, desc, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
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
  /** Extra message headers, e.g. List-Unsubscribe on notices. */
  headers?: Record<string, string>;
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
      headers: mail.headers ?? null,
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

/** What an erased body reads as: the columns stay NOT NULL, the text is gone. */
const ERASED_BODY = { textBody: '', htmlBody: '' } as const;

/**
 * Marks a message delivered. The body is erased in the same update unless the transport kept no
 * copy of its own (the log transport, whose outbox row is the dev mailbox).
 */
export async function markSent(db: Database, id: string, options: { keepBody: boolean }): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null, ...(options.keepBody ? {} : ERASED_BODY) })
    .where(eq(mailOutbox.id, id));
}

/**
 * Back-off of 30 s, 1, 2, 4 … minutes; after the last attempt the row stays, marked failed, for
 * staff, without its body (nothing will send it any more).
 */
export async function markFailed(db: Database, id: string, attempts: number, error: string): Promise<void> {
  const retrySeconds = 30 * 2 ** Math.max(0, attempts - 1);
  const failedForGood = attempts >= MAX_DELIVERY_ATTEMPTS;
  await db
    .update(mailOutbox)
    .set({
      lastError: error.slice(0, 500),
      status: failedForGood ? 'failed' : 'pending',
      nextAttemptAt: sql`now() + make_interval(secs => ${retrySeconds})`,
      ...(failedForGood ? ERASED_BODY : {}),
    })
    .where(eq(mailOutbox.id, id));
}

/**
 * The longest a body stays after its message left the queue (the dev mailbox's window; over SMTP
 * bodies go at delivery). Codes are valid for minutes; a day leaves time to read a contact message.
 */
export const BODY_RETENTION_HOURS = 24;

/**
 * Erases bodies of messages that are no longer pending and are older than BODY_RETENTION_HOURS,
 * at most `limit` rows a call (SKIP LOCKED: instances purging together take different rows).
 * Returns how many it erased. A pending body is never touched: it is still to be sent.
 */
export async function eraseOldBodies(db: Database, limit: number): Promise<number> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        ne(mailOutbox.status, 'pending'),
        lt(mailOutbox.createdAt, sql`now() - make_interval(hours => ${BODY_RETENTION_HOURS})`),
        sql`(${mailOutbox.textBody} <> '' or ${mailOutbox.htmlBody} <> '')`,
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  const erased = await db
    .update(mailOutbox)
    .set(ERASED_BODY)
    .where(inArray(mailOutbox.id, due))
    .returning({ id: mailOutbox.id });
  return erased.length;
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
