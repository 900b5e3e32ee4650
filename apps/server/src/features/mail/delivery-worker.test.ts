// Several instances deliver the same outbox: each message must reach the transport exactly once.
// On PostgreSQL (DATABASE_URL set) the workers run on two separate connection pools of one
// database, as two server instances do, so their claims really race and only the row locks of
// claimDueMail (FOR UPDATE SKIP LOCKED) keep them apart. On PGlite, one process with one
// connection, the same test runs with both workers on the one handle: there the claims are
// trivially serial, and the test still checks the bookkeeping.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailTransport, OutgoingMail } from '../../adapters/mail/transport.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { createTestDatabase, insertTenant, type TestDatabase } from '../../test/index.ts';
import { startDeliveryWorker } from './delivery-worker.ts';
import { enqueueMail } from './outbox.ts';

let database: TestDatabase;
/** The second instance's own pool on PostgreSQL; the same handle on PGlite. */
let secondHandle: DatabaseHandle;
let tenantId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  secondHandle = database.databaseUrl
    ? await openDatabase({ databaseUrl: database.databaseUrl, poolSize: 5 })
    : database.handle;
  tenantId = (await insertTenant(database.handle.db)).tenant.id;
});
afterAll(async () => {
  if (secondHandle !== database.handle) await secondHandle.close();
  await database.close();
});

/** A transport that records what it was given and takes a moment per message, like SMTP. */
function recordingTransport(deliveries: OutgoingMail[]): MailTransport {
  return {
    kind: 'smtp',
    async send(mail) {
      deliveries.push(mail);
      await new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(Math.random() * 3)));
    },
    close: () => undefined,
  };
}

describe('delivery workers of several instances', () => {
  it('deliver each of many messages exactly once', async () => {
    const count = 240;
    const addresses = Array.from({ length: count }, (_, index) => `reader-${index}@example.test`);
    for (const to of addresses) {
      await enqueueMail(database.handle.db, {
        tenantId,
        to,
        subject: `Notice for ${to}`,
        text: `Text for ${to}`,
        html: `<p>HTML for ${to}</p>`,
        purpose: 'test',
      });
    }

    const deliveries: OutgoingMail[] = [];
    // Two workers per instance's pool: four claimers racing for small batches.
    const handles = [database.handle, secondHandle, database.handle, secondHandle];
    const workers = handles.map((handle) =>
      startDeliveryWorker({
        db: handle.db,
        transport: recordingTransport(deliveries),
        from: 'Utility <no-reply@example.test>',
        pollMs: 60_000,
        batchSize: 4,
      }),
    );
    const delivered = await Promise.all(workers.map((worker) => worker.drain()));
    // Nothing is left for a second round, by any worker.
    const again = await Promise.all(workers.map((worker) => worker.drain()));
    await Promise.all(workers.map((worker) => worker.stop()));

    const sentTo = deliveries.map((mail) => mail.to);
    expect(sentTo).toHaveLength(count);
    expect(new Set(sentTo).size).toBe(count);
    expect([...sentTo].sort()).toEqual([...addresses].sort());
    // Each message went out with its own content, not another row's.
    for (const mail of deliveries) {
      expect(mail.subject).toBe(`Notice for ${mail.to}`);
      expect(mail.text).toBe(`Text for ${mail.to}`);
    }
    expect(delivered.reduce((sum, n) => sum + n, 0)).toBe(count);
    expect(again).toEqual([0, 0, 0, 0]);
    if (database.handle.kind === 'postgres') {
      // Both instances took part, so the claims did race.
      const [first = 0, second = 0, third = 0, fourth = 0] = delivered;
      expect(first + third).toBeGreaterThan(0);
      expect(second + fourth).toBeGreaterThan(0);
    }

    const rows = await database.handle.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, tenantId));
    expect(rows).toHaveLength(count);
    for (const row of rows) {
      // Claimed once: one attempt, sent, body erased after SMTP delivery.
      expect(row).toMatchObject({ status: 'sent', attempts: 1, textBody: '', htmlBody: '' });
    }
  });
});
