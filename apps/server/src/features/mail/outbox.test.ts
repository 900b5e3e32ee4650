import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLogTransport,
  createSmtpTransport,
  type MailTransport,
} from '../../adapters/mail/transport.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { mailOutbox, tenants } from '../../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../../test/index.ts';
import { startDeliveryWorker } from './delivery-worker.ts';
import {
  BODY_RETENTION_HOURS,
  enqueueMail,
  eraseOldBodies,
  listRecentMail,
  MAX_DELIVERY_ATTEMPTS,
} from './outbox.ts';

let database: TestDatabase;
let handle: DatabaseHandle;
let tenantId: string;

beforeAll(async () => {
  // The run's database: PGlite, or PostgreSQL in the PostgreSQL pass (claims and purges use row locks).
  database = await createTestDatabase();
  handle = database.handle;
  const [tenant] = await handle.db
    .insert(tenants)
    .values({
      slug: 'mail-test',
      name: 'Mail Test Utility',
      fees: { cardFeeBasisPoints: 250, achFeeCents: 75, lateFeeCents: 500 },
      contact: { phone: '', outagePhone: '', email: '', address: '', hours: '' },
      legal: { privacyUrl: '', termsUrl: '', electronicPaymentAgreement: '' },
      appClientId: 'mail-test',
      appClientSecret: 'public',
    })
    .returning();
  if (!tenant) throw new Error('no tenant');
  tenantId = tenant.id;
});
afterAll(async () => {
  await database.close();
});

const mail = (to: string) => ({
  tenantId,
  to,
  subject: `Hello ${to}`,
  text: 'Plain part',
  html: '<p>HTML part</p>',
  purpose: 'test',
});

describe('mail outbox', () => {
  it('delivers over real SMTP: both parts, once', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const worker = startDeliveryWorker({
      db: handle.db,
      transport: createSmtpTransport(`smtp://127.0.0.1:${port}`),
      from: 'Utility <no-reply@example.com>',
      pollMs: 60_000,
    });
    const id = await enqueueMail(handle.db, mail('smtp@example.com'));
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
    await worker.stop();
    await new Promise<void>((done) => smtp.close(() => done()));

    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Hello smtp@example.com');
    expect(received[0]).toContain('Plain part');
    expect(received[0]).toContain('<p>HTML part</p>');
    const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row?.status).toBe('sent');
    expect(row?.attempts).toBe(1);
    // Delivered: the text is gone from the database, what was sent to whom stays.
    expect(row).toMatchObject({
      textBody: '',
      htmlBody: '',
      subject: 'Hello smtp@example.com',
      toAddress: 'smtp@example.com',
    });
  });

  it('keeps the body of mail "sent" to the log, for the dev mailbox, and never logs the body', async () => {
    const lines: string[] = [];
    const worker = startDeliveryWorker({
      db: handle.db,
      transport: createLogTransport((line) => lines.push(line)),
      from: 'x@example.com',
      pollMs: 60_000,
    });
    const id = await enqueueMail(handle.db, { ...mail('log@example.com'), text: 'Your code is 246810' });
    await worker.drain();
    await worker.stop();
    const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({
      status: 'sent',
      textBody: 'Your code is 246810',
      htmlBody: '<p>HTML part</p>',
    });
    expect(lines.join('\n')).toContain('log@example.com');
    expect(lines.join('\n')).not.toContain('246810');
  });

  it('keeps a message whose send fails and retries it later with back-off', async () => {
    let failures = 0;
    const flaky: MailTransport = {
      kind: 'smtp',
      async send() {
        failures += 1;
        throw new Error('connection refused');
      },
      close: () => undefined,
    };
    const worker = startDeliveryWorker({
      db: handle.db,
      transport: flaky,
      from: 'x@example.com',
      pollMs: 60_000,
    });
    const id = await enqueueMail(handle.db, mail('retry@example.com'));
    expect(await worker.drain()).toBe(0);
    // Not due again yet: the back-off pushed it into the future.
    expect(await worker.drain()).toBe(0);
    await worker.stop();
    expect(failures).toBe(1);
    const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row?.status).toBe('pending');
    expect(row?.lastError).toBe('connection refused');
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // After the last attempt it is marked failed but kept for staff, never deleted.
    await handle.db
      .update(mailOutbox)
      .set({ attempts: MAX_DELIVERY_ATTEMPTS - 1, nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.id, id));
    const last = startDeliveryWorker({
      db: handle.db,
      transport: flaky,
      from: 'x@example.com',
      pollMs: 60_000,
    });
    await last.drain();
    await last.stop();
    const [after] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(after?.status).toBe('failed');
    // Nothing will send it any more, so its text goes; the row says what failed and why.
    expect(after).toMatchObject({ textBody: '', htmlBody: '', lastError: 'connection refused' });
  });

  it('erases bodies that have left the queue once they are older than the body retention', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const old = hoursAgo(BODY_RETENTION_HOURS + 1);
    const oldSent = await enqueueMail(handle.db, mail('old-sent@example.com'));
    const oldPending = await enqueueMail(handle.db, mail('old-pending@example.com'));
    const youngSent = await enqueueMail(handle.db, mail('young-sent@example.com'));
    await handle.db
      .update(mailOutbox)
      .set({ status: 'sent', createdAt: old })
      .where(eq(mailOutbox.id, oldSent));
    await handle.db
      .update(mailOutbox)
      .set({ createdAt: old, nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(mailOutbox.id, oldPending));
    await handle.db
      .update(mailOutbox)
      .set({ status: 'sent', createdAt: hoursAgo(BODY_RETENTION_HOURS - 1) })
      .where(eq(mailOutbox.id, youngSent));

    expect(await eraseOldBodies(handle.db, 100)).toBeGreaterThanOrEqual(1);
    const bodyOf = async (id: string) =>
      (await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]?.textBody;
    expect(await bodyOf(oldSent)).toBe('');
    // Still to be sent: its body is what will be sent.
    expect(await bodyOf(oldPending)).toBe('Plain part');
    expect(await bodyOf(youngSent)).toBe('Plain part');
    expect(await eraseOldBodies(handle.db, 100)).toBe(0);
  });

  it('lists a tenant’s mail newest first', async () => {
    await enqueueMail(handle.db, mail('first@example.com'));
    // The embedded database's clock can give two inserts in a row the same created_at, and ids are
    // random: a tie has no order. A few milliseconds apart, as two mails are in use.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await enqueueMail(handle.db, mail('second@example.com'));
    const rows = await listRecentMail(handle.db, tenantId);
    expect(rows[0]?.to).toBe('second@example.com');
    expect(rows[1]?.to).toBe('first@example.com');
  });
});
